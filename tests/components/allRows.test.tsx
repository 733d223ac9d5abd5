import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { Datagrid, List, TextField } from 'react-admin';
import { dataProvider } from '../../src/providers/dataProvider';
import { ALL_ROWS, Paginator } from '../../src/widgets';
import { VirtualDatagridBody } from '../../src/widgets/VirtualDatagridBody';
import { renderWithAdmin } from './render';

afterEach(() => vi.unstubAllGlobals());

/** The API over `rows`: pages as the server gives them (perpage=0 and anything larger bounded at 1,000). */
function serveList(rows: Array<{ id: number }>) {
  const asked: Array<{ page: number; perpage: number }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const query = new URL(url, 'http://localhost').searchParams;
      const page = Number(query.get('page') ?? 1);
      const perpage = Number(query.get('perpage') ?? 10);
      asked.push({ page, perpage });
      const size = perpage === 0 ? 1000 : Math.min(perpage, 1000);
      const data = rows.slice((page - 1) * size, page * size);
      return new Response(JSON.stringify({ data, meta: { total: rows.length, per_page: perpage } }), { status: 200 });
    }),
  );
  return asked;
}

const rates = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ id: i + 1, currency: i % 2 ? 'USD' : 'EUR', rate: `2.${i}` }));

describe("'All' rows per page", () => {
  it('reads every row of a list of 1,044 currency rates, in pages of at most 1,000', async () => {
    const asked = serveList(rates(1044));
    const all = await dataProvider.getList('currency-rates', {
      pagination: { page: 1, perPage: ALL_ROWS },
      sort: { field: 'date', order: 'DESC' },
      filter: {},
    });
    expect(all.data).toHaveLength(1044);
    expect(all.total).toBe(1044);
    expect(all.data.at(-1)).toMatchObject({ id: 1044 });
    expect(asked.every((a) => a.perpage > 0 && a.perpage <= 1000)).toBe(true);
  });

  it('shows 20,000 rows as "1 - 20000 of 20000" and renders only those on screen, then the next ones on scrolling', async () => {
    const rows = rates(20_000);
    renderWithAdmin(
      <List resource="currency-rates" pagination={<Paginator />} perPage={ALL_ROWS} disableSyncWithLocation>
        <Datagrid body={VirtualDatagridBody} bulkActionButtons={false}>
          <TextField source="id" />
          <TextField source="rate" />
        </Datagrid>
      </List>,
      {
        dataProvider: {
          getList: async () => ({ data: rows, total: rows.length }) as never,
        },
      },
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
