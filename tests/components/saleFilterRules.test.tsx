import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Datagrid, FilterLiveForm, List, Pagination, TextField, TextInput } from 'react-admin';
import { CurrentPageFilter, KeepPageWhenAsked, PaymentPercentFilter } from '../../src/resources/sales/SaleFilterRules';
import { saleSchema } from '../../domain/contracts/sales';
import { renderWithAdmin } from './render';
import { answerWithApiServer, apiServer, listRoute, type SentRequest } from './apiServer';
import { aSale } from './records';

answerWithApiServer();

const sales = Array.from({ length: 45 }, (_, i) => aSale({ id: i + 1, contract_no: `S-${i + 1}` }));

/**
 * A sales list with the filter panel's rules, answering pages of `sales`; gives the query of the last request
 * (its page and filters).
 */
function renderSales() {
  const asked: SentRequest[] = [];
  apiServer.use(listRoute('/api/sales', saleSchema, sales, asked));
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
  );
  return () => asked.at(-1)!.query;
}

describe("the sales filter panel's rules", () => {
  it('switching the paid-share filter on asks for sales paid at least 10 %', async () => {
    const lastAsked = renderSales();
    await screen.findByText('S-1');
    expect(lastAsked().get('payment_percent')).toBeNull();
    await userEvent.click(screen.getByTestId('payment-percent-switch').querySelector('input')!);
    await waitFor(() => expect(lastAsked().get('payment_percent')).toBe('10'));
    expect((screen.getByRole('spinbutton') as HTMLInputElement).value).toBe('10');
    await userEvent.click(screen.getByTestId('payment-percent-switch').querySelector('input')!);
    await waitFor(() => expect(lastAsked().get('payment_percent')).toBeNull());
  });

  it('with "stay on this page" on, a filter change keeps the page; without it the list goes to page 1', async () => {
    const lastAsked = renderSales();
    await screen.findByText('S-1');
    await userEvent.click(screen.getByRole('button', { name: 'Go to page 3' }));
    await screen.findByText('S-21');
    await userEvent.type(screen.getByRole('textbox', { name: /contract/i }), 'S');
    await waitFor(() => expect(lastAsked().get('contract_no')).toBe('S'));
    expect(lastAsked().get('page')).toBe('1');

    await userEvent.click(screen.getByRole('button', { name: 'Go to page 3' }));
    await screen.findByText('S-21');
    await userEvent.click(screen.getByRole('switch', { name: /stay on this page/i }));
    await waitFor(() => expect(lastAsked().get('use_current_page')).toBe('true'));
    expect(lastAsked().get('page')).toBe('3');
    await userEvent.type(screen.getByRole('textbox', { name: /contract/i }), '-');
    await waitFor(() => expect(lastAsked().get('contract_no')).toBe('S-'));
    expect(lastAsked().get('page')).toBe('3');
  });
});
