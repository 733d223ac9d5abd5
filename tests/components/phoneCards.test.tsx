import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Datagrid, ListBase, TextField, useRecordContext } from 'react-admin';
import { MoneyField, PhoneCards } from '../../src/widgets';
import { saleSchema } from '../../domain/contracts/sales';
import { renderWithAdmin } from './render';
import { answerWithApiServer, apiServer, listRoute } from './apiServer';
import { aSale } from './records';

answerWithApiServer();

const rows = [
  aSale({ id: 1, contract_no: 'ST-0001', customer_name: 'ნინო ბერიძე', remaining: 1234.5, currency: 'USD' }),
  aSale({ id: 2, contract_no: 'ST-0002', customer_name: 'გიორგი კაპანაძე', remaining: 0, currency: 'GEL' }),
];

/** A screen `width` px wide, as MUI's useMediaQuery reads it (a max-width query matches when the width is within). */
const screenOf = (width: number) => {
  const jsdomStub = window.matchMedia;
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => {
    const maxWidth = /max-width:\s*([\d.]+)px/.exec(query);
    return { ...jsdomStub(query), matches: Boolean(maxWidth) && width <= Number(maxWidth![1]) };
  });
};

/** A row's own button, reading its row: it says which contract it was pressed for. */
const pressed: string[] = [];
function RemindButton() {
  const sale = useRecordContext<{ contract_no: string }>();
  return <Button label="remind" onClick={() => pressed.push(sale!.contract_no)} />;
}

const renderSales = (onLocation?: (pathname: string) => void) => {
  apiServer.use(listRoute('/api/sales', saleSchema, rows));
  return renderWithAdmin(
    <ListBase resource="sales" disableSyncWithLocation>
      <PhoneCards
        primaryText={(r) => `${r.contract_no} · ${r.customer_name}`}
        secondaryText={<MoneyField source="remaining" currencySource="currency" />}
        tertiaryText={(r) => (r.remaining > 0 ? 'open' : 'settled')}
        rowClick="show"
        actions={<RemindButton />}
      >
        <Datagrid bulkActionButtons={false}>
          <TextField source="contract_no" />
        </Datagrid>
      </PhoneCards>
    </ListBase>,
    { locale: 'ka', onLocation },
  );
};

describe('a list on a phone shows each row as a card', () => {
  afterEach(() => vi.restoreAllMocks());

  it('at 390 px: one card a row with its three texts, the money in the language’s digits, no table', async () => {
    screenOf(390);
    renderSales();
    const cards = await screen.findByTestId('phone-cards');
    const items = within(cards).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0].textContent).toContain('ST-0001 · ნინო ბერიძე');
    expect(items[0].textContent).toMatch(/1\s234,50 USD/);
    expect(items[0].textContent).toContain('open');
    expect(within(items[0]).getByRole('link').getAttribute('href')).toContain('/sales/1/show');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('a card carries its row’s buttons: a tap runs the one of that row and does not open the card', async () => {
    screenOf(390);
    const visited: string[] = [];
    renderSales((pathname) => visited.push(pathname));
    const cards = await screen.findByTestId('phone-cards');
    const second = within(cards).getAllByRole('listitem')[1];
    await userEvent.click(within(second).getByRole('button', { name: 'remind' }));
    expect(pressed).toEqual(['ST-0002']);
    expect(visited.some((path) => path.includes('/sales/2'))).toBe(false);
  });

  it('wider than a phone: the table', async () => {
    screenOf(1366);
    renderSales();
    expect(await screen.findByRole('table')).toBeTruthy();
    expect(screen.queryByTestId('phone-cards')).toBeNull();
  });
});
