import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { RecordContextProvider } from 'react-admin';
import { MoneyField } from '../../src/widgets';
import { renderWithAdmin } from './render';

const show = (record: Record<string, unknown>, field: ReactNode) =>
  renderWithAdmin(<RecordContextProvider value={{ id: 1, ...record }}>{field}</RecordContextProvider>);

describe('MoneyField', () => {
  it('shows thousands commas and two decimals', () => {
    show({ price: 1234567.5 }, <MoneyField source="price" />);
    expect(screen.getByText('1,234,567.50')).toBeTruthy();
  });

  it("adds the record's currency (currencySource)", () => {
    show({ price: '1234567.5', currency: 'GEL' }, <MoneyField source="price" currencySource="currency" />);
    expect(screen.getByText('1,234,567.50 GEL')).toBeTruthy();
  });

  it('a fixed currency wins over the record', () => {
    show({ price: 99, currency: 'GEL' }, <MoneyField source="price" currency="USD" currencySource="currency" />);
    expect(screen.getByText('99.00 USD')).toBeTruthy();
  });

  it('rounds half up at the cent, negatives too', () => {
    show(
      { a: '1234.565', b: 1.005, c: '-0.125', d: 0 },
      <>
        <MoneyField source="a" />
        <MoneyField source="b" />
        <MoneyField source="c" />
        <MoneyField source="d" />
      </>,
    );
    expect(screen.getByText('1,234.57')).toBeTruthy();
    expect(screen.getByText('1.01')).toBeTruthy();
    expect(screen.getByText('-0.13')).toBeTruthy();
    expect(screen.getByText('0.00')).toBeTruthy();
  });

  it('shows emptyText for no amount and the raw text for something that is not one', () => {
    show(
      { price: null, odd: 'n/a' },
      <>
        <MoneyField source="price" emptyText="—" />
        <MoneyField source="odd" />
      </>,
    );
    expect(screen.getByText('—')).toBeTruthy();
    expect(screen.getByText('n/a')).toBeTruthy();
  });
});
