import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Datagrid, FilterLiveForm, List, Pagination, TextField, TextInput, type GetListParams } from 'react-admin';
import { CurrentPageFilter, KeepPageWhenAsked, PaymentPercentFilter } from '../../src/resources/sales/SaleFilterRules';
import { renderWithAdmin } from './render';

const sales = Array.from({ length: 45 }, (_, i) => ({ id: i + 1, contract_no: `S-${i + 1}` }));

/** A sales list with the filter panel's rules, answering pages of `sales` and keeping every request it got. */
function renderSales() {
  const asked: GetListParams[] = [];
  const getList = vi.fn(async (_resource: string, params: GetListParams) => {
    asked.push(params);
    const { page, perPage } = params.pagination!;
    return { data: sales.slice((page - 1) * perPage, page * perPage), total: sales.length };
  });
  renderWithAdmin(
    <List resource="sales" perPage={10} pagination={<Pagination />} disableSyncWithLocation>
      <KeepPageWhenAsked>
        <FilterLiveForm debounce={false}>
          <TextInput source="contract_no" />
          <PaymentPercentFilter />
          <CurrentPageFilter />
        </FilterLiveForm>
      </KeepPageWhenAsked>
      <Datagrid bulkActionButtons={false}>
        <TextField source="contract_no" />
      </Datagrid>
    </List>,
    { dataProvider: { getList: getList as never } },
  );
  return asked;
}

describe("the sales filter panel's rules", () => {
  it('switching the paid-share filter on asks for sales paid at least 10 %', async () => {
    const asked = renderSales();
    await screen.findByText('S-1');
    expect(asked.at(-1)!.filter.payment_percent).toBeUndefined();
    await userEvent.click(screen.getByTestId('payment-percent-switch').querySelector('input')!);
    await waitFor(() => expect(asked.at(-1)!.filter.payment_percent).toBe(10));
    expect((screen.getByRole('spinbutton') as HTMLInputElement).value).toBe('10');
    await userEvent.click(screen.getByTestId('payment-percent-switch').querySelector('input')!);
    await waitFor(() => expect(asked.at(-1)!.filter.payment_percent).toBeUndefined());
  });

  it('with "stay on this page" on, a filter change keeps the page shown; without it the list goes to page 1', async () => {
    const asked = renderSales();
    await screen.findByText('S-1');
    await userEvent.click(screen.getByRole('button', { name: 'Go to page 3' }));
    await screen.findByText('S-21');
    await userEvent.type(screen.getByRole('textbox', { name: /contract/i }), 'S');
    await waitFor(() => expect(asked.at(-1)!.filter.contract_no).toBe('S'));
    expect(asked.at(-1)!.pagination!.page).toBe(1);

    await userEvent.click(screen.getByRole('button', { name: 'Go to page 3' }));
    await screen.findByText('S-21');
    await userEvent.click(screen.getByRole('switch', { name: /stay on this page/i }));
    await waitFor(() => expect(asked.at(-1)!.filter.use_current_page).toBe(true));
    expect(asked.at(-1)!.pagination!.page).toBe(3);
    await userEvent.type(screen.getByRole('textbox', { name: /contract/i }), '-');
    await waitFor(() => expect(asked.at(-1)!.filter.contract_no).toBe('S-'));
    expect(asked.at(-1)!.pagination!.page).toBe(3);
  });
});
