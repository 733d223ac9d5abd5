import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PayButton } from '../../src/resources/payments';
import { History } from '../../src/resources/sales/SaleSections';
import type { SaleRecord } from '../../src/resources/sales/types';
import { renderWithAdmin, type RenderOptions } from './render';
import { PERMISSIONS } from '../../domain/permissions';
import { createI18nProvider } from '../../src/providers/i18nProvider';
import { permissionText } from '../../src/widgets';
import { formatLocaleAmount, formatLocaleTime } from '../../src/widgets';

/** Issue 16's widget-level defects: Pay is off while the preview shows an overpayment, and says why. */
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

const sale = { id: 42, currency: 'USD', remaining: 500, status: 'active', contract_no: 'C-42' };

function fakePreview(overpaid: number) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const body = url.endsWith('/payments/calculatePayment')
        ? {
            data: {
              amount: 500 + overpaid,
              currency: 'USD',
              sale_currency: 'USD',
              rate: '1',
              rate_date: null,
              credited: 500 + overpaid,
              remaining_before: 500,
              remaining_after: 0,
              overpaid,
              covers: [],
            },
          }
        : { message: 'Not found' };
      return new Response(JSON.stringify(body), {
        status: url.endsWith('/payments/calculatePayment') ? 200 : 404,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
}

describe('the pay dialog and an overpayment (defect 10)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('disables Pay with the reason shown while the preview shows more than is left; a fitting amount enables it', async () => {
    fakePreview(200);
    const user = userEvent.setup();
    renderAsUser(<PayButton sale={sale} />);
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('spinbutton', { name: /Amount/ }), '700');
    expect((await within(dialog).findByTestId('pay-blocked', {}, { timeout: 3000 })).textContent).toBe(
      'Pay is off: the amount is more than what is left to pay',
    );
    expect(within(dialog).getByTestId('pay-submit')).toHaveProperty('disabled', true);

    fakePreview(0);
    await user.clear(within(dialog).getByRole('spinbutton', { name: /Amount/ }));
    await user.type(within(dialog).getByRole('spinbutton', { name: /Amount/ }), '500');
    await vi.waitFor(() => expect(within(dialog).queryByTestId('pay-blocked')).toBeNull(), { timeout: 3000 });
    expect(within(dialog).getByTestId('pay-submit')).toHaveProperty('disabled', false);
  });
});

describe('permissions are named and described in every language (defect 4)', () => {
  it.each(['ka', 'en', 'ru'] as const)('%s: no permission shows its code or a catalogue key', (locale) => {
    const translate = createI18nProvider(locale).translate;
    const names = new Set<string>();
    for (const permission of PERMISSIONS) {
      const { name, description } = permissionText(translate, permission);
      for (const text of [name, description]) {
        expect(text, permission).not.toMatch(/finishing\.|permission_groups\.|%\{/);
        expect(text, permission).not.toContain(permission);
        expect(text.length, permission).toBeGreaterThan(3);
      }
      names.add(name);
    }
    // one name per permission: two permissions never read the same
    expect(names.size).toBe(PERMISSIONS.length);
  });
});

describe("numbers and times in the user's language (defect 12)", () => {
  it('Russian and Georgian write 1 242 000,00 and 22:15; English 1,242,000.00 and 10:15 PM', () => {
    const evening = new Date(2026, 0, 5, 22, 15);
    expect(formatLocaleAmount(1242000, 'ru', 'USD')).toBe('1\u00a0242\u00a0000,00 USD');
    expect(formatLocaleAmount('1242000.5', 'ka')).toBe('1\u00a0242\u00a0000,50');
    expect(formatLocaleAmount(1242000, 'en', 'GEL')).toBe('1,242,000.00 GEL');
    expect(formatLocaleTime(evening, 'ru')).toBe('22:15');
    expect(formatLocaleTime(evening, 'ka')).toBe('22:15');
    expect(formatLocaleTime(evening, 'en')).toBe('10:15 PM');
  });
});

describe('the sale history (defect 14)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("a payment row's Reason is empty (its date sits under When); a cancellation's reason shows", async () => {
    const rows = [
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
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () => new Response(JSON.stringify({ data: rows }), { headers: { 'Content-Type': 'application/json' } }),
      ),
    );
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
    const entry = (id: number) => ({
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
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = new URL(String(input), 'http://app');
        asked.push(url.search);
        const page = Number(url.searchParams.get('page'));
        const perPage = Number(url.searchParams.get('perpage'));
        const data = all.slice((page - 1) * perPage, page * perPage);
        return new Response(JSON.stringify({ data, meta: { total: all.length } }), {
          headers: { 'Content-Type': 'application/json' },
        });
      }),
    );
    renderAsUser(<History sale={{ id: 42, updated_at: 'x', paid_total: 500, status: 'active' } as SaleRecord} />);
    const table = await screen.findByTestId('sale-history');
    expect(within(table).getAllByTestId('history-reason')).toHaveLength(50);
    const more = screen.getByTestId('history-more');
    expect(more.textContent).toBe('Show older entries (50 of 60 shown)');
    await userEvent.click(more);
    await waitFor(() => expect(within(table).getAllByTestId('history-reason')).toHaveLength(60));
    expect(within(table).getAllByTestId('history-reason').at(-1)!.textContent).toBe('entry 1');
    expect(screen.queryByTestId('history-more')).toBeNull();
    expect(asked.map((q) => new URLSearchParams(q).get('page'))).toEqual(['1', '2']);
  });
});
