import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Locale } from '../../i18n';
import { CancelSaleDialog } from '../../src/resources/sales/SaleDialogs';
import type { SalePayment, SaleRecord } from '../../src/resources/sales/types';
import { ConfirmProvider } from '../../src/widgets';
import { messageSchema } from '../../domain/contracts/users';
import { renderWithAdmin } from './render';
import { answer, answerWithApiServer, apiServer, route, type SentRequest } from './apiServer';

answerWithApiServer();

const payment = (id: number, amount: number, currency: string, extra: Partial<SalePayment> = {}): SalePayment => ({
  id,
  mode: 'sale',
  amount,
  currency,
  rate: '1',
  credited: amount,
  paid_on: '2026-03-01',
  note: null,
  source: 'manual',
  voided: false,
  created_by_name: 'Admin',
  created_at: '2026-03-01T10:00:00.000Z',
  ...extra,
});

const saleWith = (payments: SalePayment[]) =>
  ({ id: 42, contract_no: 'C-42', currency: 'USD', status: 'overdue', payments }) as unknown as SaleRecord;

/** Records the calls the dialog makes; the cancellation answers 200. */
function fakeServer() {
  const calls: SentRequest[] = [];
  apiServer.use(
    route('post', '/api/sales/:id/delete-with-comment', calls, () =>
      answer(messageSchema, { message: 'The sale was cancelled' }),
    ),
  );
  return calls;
}

/** Opens the dialog on the sale, gives a reason and asks to cancel: answers the confirmation's text. */
async function askToCancel(sale: SaleRecord, locale: Locale = 'en') {
  const user = userEvent.setup();
  renderWithAdmin(
    <ConfirmProvider>
      <CancelSaleDialog sale={sale} open onClose={() => {}} />
    </ConfirmProvider>,
    { locale },
  );
  const dialog = await screen.findByTestId('cancel-sale-dialog');
  await user.type(within(dialog).getByRole('textbox', { name: /reason|მიზეზი|Причина/i }), 'The customer withdrew');
  await user.click(within(dialog).getAllByRole('button').at(-1)!);
  const received = await screen.findByTestId('cancel-sale-received');
  return { user, received: received.textContent, question: received.parentElement!.textContent };
}

describe('cancelling a sale asks first, naming the money received', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('names each currency as received, says the payments stay recorded, and cancels on Yes', async () => {
    const calls = fakeServer();
    const sale = saleWith([
      payment(1, 3000, 'GEL'),
      payment(2, 1000, 'USD', { mode: 'renovation' }),
      payment(3, 2000, 'GEL'),
      payment(4, 700, 'EUR', { voided: true }),
    ]);
    const { user, question, received } = await askToCancel(sale);
    expect(question).toContain('Cancel sale C-42? Its units become free again.');
    expect(received).toBe(
      'Received on this sale: 5,000.00 GEL and 1,000.00 USD. These payments stay recorded on the cancelled sale as ' +
        'they were received: nothing is refunded or voided, they can no longer be changed, and the reports no ' +
        'longer count them.',
    );
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(calls.map((c) => c.path)).toContain('/api/sales/42/delete-with-comment'));
    expect(calls[0].body).toMatchObject({ reason: 'The customer withdrew' });
  });

  it('says when nothing was received', async () => {
    fakeServer();
    const { received } = await askToCancel(saleWith([payment(4, 700, 'EUR', { voided: true })]));
    expect(received).toBe('Nothing has been received on this sale.');
  });

  it.each([
    ['ka', /^ამ გაყიდვაზე მიღებულია: 5\u00a0000,00 GEL და 1\u00a0000,00 USD\. /],
    ['ru', /^По этой продаже получено: 5\u00a0000,00 GEL и 1\u00a0000,00 USD\. /],
  ] as const)('speaks %s, amounts as the language writes them', async (locale, expected) => {
    fakeServer();
    const sale = saleWith([payment(1, 5000, 'GEL'), payment(2, 1000, 'USD')]);
    expect((await askToCancel(sale, locale)).received).toMatch(expected);
  });
});
