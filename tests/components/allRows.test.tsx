import { describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { Datagrid, List, TextField } from 'react-admin';
import { dataProvider } from '../../src/providers/dataProvider';
import { storedRateSchema } from '../../domain/contracts/payments';
import { ALL_ROWS, Paginator } from '../../src/widgets';
import { VirtualDatagridBody } from '../../src/widgets/VirtualDatagridBody';
import { renderWithAdmin } from './render';
import { answerWithApiServer, apiServer, listRoute, pageAsked, type SentRequest } from './apiServer';
import { aStoredRate } from './records';

answerWithApiServer();

/** `n` stored rates, a day apart, the i-th at the rate 2.i. */
const rates = (n: number) =>
  Array.from({ length: n }, (_, i) =>
    aStoredRate({
      currency: i % 2 ? 'USD' : 'EUR',
      date: new Date(Date.UTC(2000, 0, 1 + i)).toISOString().slice(0, 10),
      rate: `2.${i}`,
    }),
  );

describe("'All' rows per page", () => {
  it('reads every row of a list of 1,044 currency rates, in pages of at most 1,000', async () => {
    const sent: SentRequest[] = [];
    apiServer.use(listRoute('/api/currency-rates', storedRateSchema, rates(1044), sent));
    const all = await dataProvider.getList('currency-rates', {
      pagination: { page: 1, perPage: ALL_ROWS },
      sort: { field: 'date', order: 'DESC' },
      filter: {},
    });
    expect(all.data).toHaveLength(1044);
    expect(all.total).toBe(1044);
    expect(all.data.at(-1)).toMatchObject({ rate: '2.1043' });
    const asked = sent.map(pageAsked);
    expect(asked.map((a) => a.page)).toEqual([1, 2]);
    expect(asked.every((a) => a.perpage > 0 && a.perpage <= 1000)).toBe(true);
  });

  it('shows 20,000 rows as "1 - 20000 of 20000", rendering only those on screen, the next on scrolling', async () => {
    // above 10,000 rows the server estimates the total
    apiServer.use(
      listRoute('/api/currency-rates', storedRateSchema, rates(20_000), [], { total: 20_000, estimated: true }),
    );
    renderWithAdmin(
      <List resource="currency-rates" pagination={<Paginator />} perPage={ALL_ROWS} disableSyncWithLocation>
        <Datagrid body={VirtualDatagridBody} bulkActionButtons={false}>
          <TextField source="id" />
          <TextField source="rate" />
        </Datagrid>
      </List>,
    );
    await waitFor(() => expect(screen.getByTestId('paginator-range').textContent).toBe('1 - 20000 of 20000'));
    const shownRows = () => document.querySelectorAll('tbody tr:not([aria-hidden])');
    await waitFor(() => expect(shownRows().length).toBeGreaterThan(10));
    expect(shownRows().length).toBeLessThan(100);
    expect(screen.getByText('2.0')).toBeTruthy();

    await act(async () => {
      Object.defineProperty(window, 'scrollY', { value: 37 * 10_000, configurable: true });
      window.dispatchEvent(new Event('scroll'));
    });
    await waitFor(() => expect(screen.getByText('2.10000')).toBeTruthy());
    expect(screen.queryByText('2.0')).toBeNull();
    expect(shownRows().length).toBeLessThan(100);
  });
});
