import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form } from 'react-admin';
import { ScheduleInputs } from '../../src/resources/sales/SaleEdit';
import { renderWithAdmin } from './render';

/** A sale of 10,000 USD on three monthly payments from 15 January 2026, as the create form holds it. */
const renderSchedule = (locale: 'en' | 'ka' = 'en') =>
  renderWithAdmin(
    <Form
      resource="sales"
      defaultValues={{
        price: 10000,
        currency: 'USD',
        first_payment_date: '2026-01-15',
        period_months: 1,
        payments_count: 3,
        formula: '',
      }}
    >
      <ScheduleInputs />
    </Form>,
    { locale },
  );

const rows = () =>
  screen
    .queryAllByTestId('schedule-preview-row')
    .map((row) => [...row.querySelectorAll('td')].map((td) => td.textContent));

describe('the live schedule preview of a sale', () => {
  it('shows the rows the formula gives as the user types it', async () => {
    renderSchedule();
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(rows().map((r) => r[2])).toEqual(['3,333.33 USD', '3,333.33 USD', '3,333.34 USD']);

    await userEvent.type(screen.getByLabelText('Formula'), '1000:2');
    await waitFor(() => expect(rows().map((r) => r[2])).toEqual(['1,000.00 USD', '1,000.00 USD', '8,000.00 USD']));
    expect(rows().map((r) => r[1])).toEqual(['15/01/2026', '15/02/2026', '15/03/2026']);
    expect(screen.getByText('Total 10,000.00 USD')).toBeTruthy();
  });

  it('shows the translated error when the formula adds up to more than the price', async () => {
    renderSchedule('ka');
    await waitFor(() => expect(rows()).toHaveLength(3));
    await userEvent.type(screen.getByLabelText('ფორმულა'), '20000:1');
    await waitFor(() =>
      expect(screen.getByTestId('schedule-preview-error').textContent).toBe('ფორმულის ჯამი ფასს აღემატება'),
    );
    expect(rows()).toHaveLength(0);
  });
});
