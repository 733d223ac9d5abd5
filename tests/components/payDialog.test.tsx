import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PayButton } from '../../src/resources/payments';
import { paymentCalculationSchema, paymentWrittenSchema } from '../../domain/contracts/payments';
import { z } from 'zod';
import { renderWithAdmin, type RenderOptions } from './render';
import { answer, apiServer, refusal, route, answerWithApiServer, type SentRequest } from './apiServer';

answerWithApiServer();

const permissions = { list: ['add_payments'] };
/** Renders signed in as the user these tests act as (its permissions read at each render). */
const renderAsUser = (ui: ReactNode, options: RenderOptions = {}) =>
  renderWithAdmin(ui, {
    user: {
      id: 1,
      full_name: 'Accountant',
      permissions: permissions.list,
      roles: [],
      buildings: [],
      is_admin: false,
      view_only: true,
    },
    ...options,
  });

const sale = { id: 42, currency: 'USD', remaining: 5000, status: 'active', contract_no: 'C-42' };

const calculation = {
  amount: 2700,
  currency: 'GEL',
  sale_currency: 'USD',
  rate: '0.370370',
  rate_date: '2026-03-02',
  credited: 1000,
  remaining_before: 5000,
  remaining_after: 4000,
  overpaid: 0,
  covers: [
    { installment_id: 7, number: 1, due_date: '2026-01-15', covers: 600, remaining_after: 0 },
    { installment_id: 8, number: 2, due_date: '2026-02-15', covers: 400, remaining_after: 200 },
  ],
};

/** What the server answers a recorded payment: the payment and the sale after it. */
const PAID = {
  data: {
    id: 99,
    sale_id: 42,
    contract_no: 'C-42',
    customer_name: 'Nino Beridze',
    building_name: 'Vake Residence',
    mode: 'sale' as const,
    amount: 2700,
    currency: 'GEL',
    rate: '0.370370',
    credited: 1000,
    sale_currency: 'USD',
    paid_on: '2026-03-02',
    note: null,
    source: 'manual',
    voided: false,
    created_by_name: 'Accountant',
    created_at: '2026-03-02T10:00:00.000Z',
  },
  sale: { id: 42, status: 'active' as const, paid_total: 1000, remaining: 4000 },
};

/**
 * The two payment routes the dialog calls: the calculation, and the payment answered in turn by `payAnswers` (the last
 * one repeats). Answers the requests the app sent.
 */
function fakeServer(...payAnswers: Array<() => Response>) {
  const answers = payAnswers.length ? payAnswers : [() => answer(paymentWrittenSchema, PAID, 201)];
  const sent: SentRequest[] = [];
  apiServer.use(
    route('post', '/api/payments/calculatePayment', sent, (request) =>
      answer(z.object({ data: paymentCalculationSchema }), {
        data: { ...calculation, currency: String(request.body.currency) },
      }),
    ),
    route('post', '/api/payments/pay', sent, () => (answers.length > 1 ? answers.shift()! : answers[0])()),
  );
  return sent;
}

async function openAndType(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Pay' }));
  const dialog = await screen.findByRole('dialog', { name: 'Record a payment: contract C-42' });
  await user.click(within(dialog).getByRole('combobox', { name: /Currency/ }));
  await user.click(await screen.findByRole('option', { name: 'GEL' }));
  await user.type(within(dialog).getByRole('spinbutton', { name: /Amount/ }), '2700');
  return dialog;
}

describe('the pay dialog', () => {
  beforeEach(() => {
    permissions.list = ['add_payments'];
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("shows the server's calculation: rate, amount credited in the sale's currency, installments covered", async () => {
    const calls = fakeServer();
    const user = userEvent.setup();
    renderAsUser(<PayButton sale={sale} />);
    const dialog = await openAndType(user);

    expect(await within(dialog).findByTestId('pay-credited', {}, { timeout: 3000 })).toHaveProperty(
      'textContent',
      'Credited to the sale: 1,000.00 USD',
    );
    expect(within(dialog).getByTestId('pay-rate').textContent).toContain('1 GEL = 0.370370 USD');
    expect(within(dialog).getByTestId('pay-remaining-after').textContent).toBe(
      'Remaining after this payment: 4,000.00 USD',
    );
    const rows = within(within(dialog).getByTestId('pay-covers')).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'InstallmentDue dateCoversLeft to pay',
      '№115/01/2026600.00 USD0.00 USD',
      '№215/02/2026400.00 USD200.00 USD',
    ]);

    // Asked after the typing settled, with what was typed (not once per keystroke).
    const asked = calls.filter((c) => c.path === '/api/payments/calculatePayment');
    expect(asked.length).toBeLessThanOrEqual(2);
    expect(asked.at(-1)!.body).toMatchObject({ sale_id: 42, amount: 2700, currency: 'GEL', mode: 'sale' });
    expect(asked.at(-1)!.body.paid_on).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('writes amounts as the user’s language does: 1 000,00 in Russian (printed documents keep 1,000.00)', async () => {
    fakeServer();
    const user = userEvent.setup();
    renderAsUser(<PayButton sale={sale} />, { locale: 'ru' });
    await user.click(screen.getByRole('button'));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getAllByRole('spinbutton')[0], '2700');
    const credited = await within(dialog).findByTestId('pay-credited', {}, { timeout: 3000 });
    expect(credited.textContent).toContain('1\u00a0000,00 USD');
    expect(within(dialog).getByTestId('pay-remaining-after').textContent).toContain('4\u00a0000,00 USD');
  });

  it('records once with an Idempotency-Key, says so and lets the sale page refetch', async () => {
    const calls = fakeServer();
    const onPaid = vi.fn();
    const user = userEvent.setup();
    renderAsUser(<PayButton sale={sale} onPaid={onPaid} />);
    const dialog = await openAndType(user);
    await within(dialog).findByTestId('pay-credited', {}, { timeout: 3000 });

    await user.dblClick(within(dialog).getByTestId('pay-submit'));
    expect(await screen.findByText('Payment recorded')).toBeTruthy();
    await waitFor(() => expect(onPaid).toHaveBeenCalledTimes(1));
    const paid = calls.filter((c) => c.path === '/api/payments/pay');
    expect(paid).toHaveLength(1);
    expect(paid[0].method).toBe('POST');
    expect(paid[0].headers.get('Idempotency-Key')).toMatch(/.{8,}/);
    expect(paid[0].body).toMatchObject({ sale_id: 42, amount: 2700, currency: 'GEL', mode: 'sale' });
  });

  it("shows the server's refusal on the amount field, records nothing; a corrected payment has a new key", async () => {
    const calls = fakeServer(
      () => refusal(422, 'Invalid input', { amount: ['The payment exceeds the remaining 5,000.00 USD'] }),
      () => answer(paymentWrittenSchema, PAID, 201),
    );
    const onPaid = vi.fn();
    const user = userEvent.setup();
    renderAsUser(<PayButton sale={sale} onPaid={onPaid} />);
    const dialog = await openAndType(user);
    await user.click(within(dialog).getByTestId('pay-submit'));
    expect(await within(dialog).findByText('The payment exceeds the remaining 5,000.00 USD')).toBeTruthy();
    expect(onPaid).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeTruthy();

    const amount = within(dialog).getByRole('spinbutton', { name: /Amount/ });
    await user.clear(amount);
    await user.type(amount, '2000');
    await user.click(within(dialog).getByTestId('pay-submit'));
    await waitFor(() => expect(onPaid).toHaveBeenCalledTimes(1));
    const paid = calls.filter((c) => c.path === '/api/payments/pay');
    expect(paid.map((c) => c.body.amount)).toEqual([2700, 2000]);
    expect(paid[1].headers.get('Idempotency-Key')).not.toBe(paid[0].headers.get('Idempotency-Key'));
  });

  it('is not offered without add_payments, nor on a completed or canceled sale', () => {
    fakeServer();
    permissions.list = ['view_sales'];
    const { unmount } = renderAsUser(<PayButton sale={sale} />);
    expect(screen.queryByRole('button', { name: 'Pay' })).toBeNull();
    unmount();
    permissions.list = ['add_payments'];
    renderAsUser(
      <>
        <PayButton sale={{ ...sale, status: 'completed' }} />
        <PayButton sale={{ ...sale, status: 'canceled' }} />
      </>,
    );
    expect(screen.queryByRole('button', { name: 'Pay' })).toBeNull();
  });
});
