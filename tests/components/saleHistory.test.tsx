import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { History } from '../../src/resources/sales/SaleSections';
import type { SaleRecord } from '../../src/resources/sales/types';
import { saleHistoryRowSchema, type SaleHistoryRow } from '../../domain/contracts/sales';
import { renderWithAdmin, type RenderOptions } from './render';
import { answerWithApiServer, apiServer, listRoute, type SentRequest } from './apiServer';

answerWithApiServer();

/** The sale page's history: its columns and its pages back in time. */
import userEvent from '@testing-library/user-event';

/** Renders signed in as the user these tests act as (its permissions read at each render). */
const renderAsUser = (ui: ReactNode, options: RenderOptions = {}) =>
  renderWithAdmin(ui, {
    user: {
      id: 1,
      full_name: 'Accountant',
      permissions: ['add_payments'],
      roles: [],
      buildings: [],
      is_admin: false,
      view_only: false,
    },
    ...options,
  });

describe('the sale history', () => {
  it("a payment row's Reason is empty (its date sits under When); a cancellation's reason shows", async () => {
    const rows: SaleHistoryRow[] = [
      {
        id: 2,
        sale_id: 42,
        action: 'canceled',
        user_id: 1,
        user_name: 'Admin',
        changes: [],
        reason: 'The buyer withdrew',
        effective_date: '2026-03-10',
        created_at: '2026-03-10T18:30:00Z',
      },
      {
        id: 1,
        sale_id: 42,
        action: 'payment_added',
        user_id: 1,
        user_name: 'Admin',
        changes: [{ field: 'paid_total', from: '0.00', to: '500.00' }],
        reason: null,
        effective_date: '2026-03-05',
        created_at: '2026-03-06T09:00:00Z',
      },
    ];
    apiServer.use(listRoute('/api/sales/sale-histories', saleHistoryRowSchema, rows));
    renderAsUser(<History sale={{ id: 42, updated_at: 'x', paid_total: 500, status: 'active' } as SaleRecord} />);
    const table = await screen.findByTestId('sale-history');
    const reasons = within(table)
      .getAllByTestId('history-reason')
      .map((cell) => cell.textContent);
    expect(reasons).toEqual(['The buyer withdrew', '']);
    expect(table.textContent).toContain('dated 05/03/2026');
  });
});

describe('the sale history pages back in time', () => {
  it('shows the newest 50 and loads older entries on request until all are shown', async () => {
    const entry = (id: number): SaleHistoryRow => ({
      id,
      sale_id: 42,
      action: 'updated',
      user_id: 1,
      user_name: 'Admin',
      changes: [],
      reason: `entry ${id}`,
      effective_date: null,
      created_at: '2026-03-06T09:00:00Z',
    });
    const all = Array.from({ length: 60 }, (_, i) => entry(60 - i));
    const asked: SentRequest[] = [];
    apiServer.use(listRoute('/api/sales/sale-histories', saleHistoryRowSchema, all, asked));
    renderAsUser(<History sale={{ id: 42, updated_at: 'x', paid_total: 500, status: 'active' } as SaleRecord} />);
    const table = await screen.findByTestId('sale-history');
    expect(within(table).getAllByTestId('history-reason')).toHaveLength(50);
    const more = screen.getByTestId('history-more');
    expect(more.textContent).toBe('Show older entries (50 of 60 shown)');
    await userEvent.click(more);
    await waitFor(() => expect(within(table).getAllByTestId('history-reason')).toHaveLength(60));
    expect(within(table).getAllByTestId('history-reason').at(-1)!.textContent).toBe('entry 1');
    expect(screen.queryByTestId('history-more')).toBeNull();
    expect(asked.map((r) => r.query.get('page'))).toEqual(['1', '2']);
    expect(asked.every((r) => r.query.get('sale_id') === '42')).toBe(true);
  });
});
