import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ListBase, ListContextProvider, type ListControllerResult } from 'react-admin';
import { ALL_ROWS, DEFAULT_PER_PAGE, pageLinks, Paginator } from '../../src/widgets';
import { storedRateSchema } from '../../domain/contracts/payments';
import { renderWithAdmin } from './render';
import { answerWithApiServer, apiServer, listRoute, type SentRequest } from './apiServer';
import { aStoredRate } from './records';

answerWithApiServer();

const listContext = (overrides: Partial<ListControllerResult>) =>
  ({
    resource: 'items',
    data: [],
    isPending: false,
    isLoading: false,
    isFetching: false,
    page: 1,
    perPage: DEFAULT_PER_PAGE,
    total: 0,
    hasNextPage: false,
    hasPreviousPage: false,
    setPage: vi.fn(),
    setPerPage: vi.fn(),
    ...overrides,
  }) as unknown as ListControllerResult;

const renderPaginator = (overrides: Partial<ListControllerResult>) => {
  const value = listContext(overrides);
  renderWithAdmin(
    <ListContextProvider value={value}>
      <Paginator />
    </ListContextProvider>,
  );
  return value;
};

/** The page-number links the user sees (not previous/next, not the ellipses). */
const pageButtons = () => screen.getAllByRole('button', { name: /^(Go to page \d+|Page \d+)$/ });

describe('Paginator', () => {
  it("shows 'from - to of total' for the current page", () => {
    renderPaginator({ page: 2, perPage: 10, total: 35, hasNextPage: true, hasPreviousPage: true });
    expect(screen.getByText('11 - 20 of 35')).toBeTruthy();
    expect(screen.getByText('Rows per page')).toBeTruthy();
    expect(pageButtons().map((b) => b.textContent)).toEqual(['1', '2', '3', '4']);
    expect(screen.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
  });

  it('says "about" when the list answered an estimated total (more than 10,000 rows)', () => {
    renderPaginator({ page: 2, perPage: 25, total: 190036, hasNextPage: true, meta: { total_estimated: true } });
    expect(screen.getByText('26 - 50 of about 190036')).toBeTruthy();
  });

  it('offers the next page after a full last page when the total was only estimated', () => {
    const full = Array.from({ length: 10 }, (_, i) => ({ id: i + 1 }));
    const list = renderPaginator({ page: 3, perPage: 10, total: 30, data: full, meta: { total_estimated: true } });
    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(list.setPage).toHaveBeenCalledWith(4);
  });

  it('offers 5, 10, 15, 20, 50 and All rows per page; choosing 5 calls setPerPage(5)', () => {
    const list = renderPaginator({ page: 1, perPage: 10, total: 35 });
    fireEvent.mouseDown(screen.getByRole('combobox'));
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['5', '10', '15', '20', '50', 'All']);
    fireEvent.click(screen.getByRole('option', { name: '5' }));
    expect(list.setPerPage).toHaveBeenCalledWith(5);
  });

  it('All sets the ALL_ROWS sentinel and then shows every row on one page', () => {
    const list = renderPaginator({ page: 1, perPage: 10, total: 35 });
    fireEvent.mouseDown(screen.getByRole('combobox'));
    fireEvent.click(screen.getByRole('option', { name: 'All' }));
    expect(list.setPerPage).toHaveBeenCalledWith(ALL_ROWS);
  });

  it("in 'All' mode shows 1 - total and no page links", () => {
    renderPaginator({ page: 1, perPage: ALL_ROWS, total: 1234 });
    expect(screen.getByText('1 - 1234 of 1234')).toBeTruthy();
    expect(screen.getByRole('combobox').textContent).toBe('All');
    expect(screen.queryAllByRole('button', { name: /Go to page/ })).toHaveLength(0);
  });

  it('shows at most 8 page links for 50 pages, with the first, the last and the current one', () => {
    const list = renderPaginator({ page: 25, perPage: 10, total: 500, hasNextPage: true, hasPreviousPage: true });
    const labels = pageButtons().map((b) => b.textContent);
    expect(labels.length).toBeLessThanOrEqual(8);
    expect(labels).toEqual(['1', '23', '24', '25', '26', '27', '28', '50']);
    expect(screen.getByText('241 - 250 of 500')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Go to page 26' }));
    expect(list.setPage).toHaveBeenCalledWith(26);
    fireEvent.click(screen.getByRole('button', { name: 'Go to previous page' }));
    expect(list.setPage).toHaveBeenCalledWith(24);
  });

  it('disables previous on the first page and next on the last', () => {
    renderPaginator({ page: 4, perPage: 10, total: 35 });
    expect((screen.getByRole('button', { name: 'Go to next page' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Go to previous page' }) as HTMLButtonElement).disabled).toBe(false);
    expect(screen.getByText('31 - 35 of 35')).toBeTruthy();
  });

  it('shows nothing for an empty list', () => {
    renderPaginator({ page: 1, perPage: 10, total: 0 });
    expect(screen.queryByText('Rows per page')).toBeNull();
  });

  it('pages a real react-admin list: 10 rows by default, 5 after choosing 5', async () => {
    const rows = Array.from({ length: 35 }, (_, i) =>
      aStoredRate({
        currency: 'USD',
        date: new Date(Date.UTC(2026, 0, 1 + i)).toISOString().slice(0, 10),
        rate: '2.7',
      }),
    );
    const asked: SentRequest[] = [];
    apiServer.use(listRoute('/api/currency-rates', storedRateSchema, rows, asked));
    const pages = () => asked.map((r) => `${r.query.get('page')}/${r.query.get('perpage')}`);
    renderWithAdmin(
      <ListBase resource="currency-rates" perPage={DEFAULT_PER_PAGE} disableSyncWithLocation>
        <Paginator />
      </ListBase>,
    );
    expect(await screen.findByText('1 - 10 of 35')).toBeTruthy();
    fireEvent.mouseDown(screen.getByRole('combobox'));
    fireEvent.click(screen.getByRole('option', { name: '5' }));
    expect(await screen.findByText('1 - 5 of 35')).toBeTruthy();
    expect(pages().at(-1)).toBe('1/5');
    expect(pageButtons().map((b) => b.textContent)).toEqual(['1', '2', '3', '4', '5', '6', '7']);
    fireEvent.click(screen.getByRole('button', { name: 'Go to page 7' }));
    await waitFor(() => expect(screen.getByText('31 - 35 of 35')).toBeTruthy());
    // asked for page 7: the range shows from the page's number before the request lands, so wait for it (a refetch of
    // another page may follow on a busy machine)
    await waitFor(() => expect(pages()).toContain('7/5'));
  });
});

describe('pageLinks', () => {
  it('never gives more than 8 page numbers and always the first, the last and the current page', () => {
    for (let count = 1; count <= 60; count++) {
      for (let page = 1; page <= count; page++) {
        const links = pageLinks(page, count);
        const numbers = links.filter((l): l is number => typeof l === 'number');
        expect(numbers.length).toBeLessThanOrEqual(8);
        expect(numbers.length).toBe(Math.min(count, 8));
        expect(numbers).toContain(1);
        expect(numbers).toContain(count);
        expect(numbers).toContain(page);
        expect([...numbers].sort((a, b) => a - b)).toEqual(numbers);
      }
    }
  });

  it('puts an ellipsis where pages are left out', () => {
    expect(pageLinks(1, 50)).toEqual([1, 2, 3, 4, 5, 6, 7, 'end-ellipsis', 50]);
    expect(pageLinks(50, 50)).toEqual([1, 'start-ellipsis', 44, 45, 46, 47, 48, 49, 50]);
    expect(pageLinks(3, 8)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });
});
