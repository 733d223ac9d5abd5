import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { PayButton } from '../../src/resources/payments';
import { paymentCalculationSchema } from '../../domain/contracts/payments';
import { renderWithAdmin, type RenderOptions } from './render';
import { answer, answerWithApiServer, apiServer, dataOf, route } from './apiServer';

answerWithApiServer();

/** Pay is off while the preview shows an overpayment, and says why. */
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

const sale = { id: 42, currency: 'USD', remaining: 500, status: 'active', contract_no: 'C-42' };

/** POST /payments/calculatePayment answers a preview that overpays by `overpaid`. */
function fakePreview(overpaid: number) {
  apiServer.use(
    route('post', '/api/payments/calculatePayment', [], () =>
      answer(dataOf(paymentCalculationSchema), {
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
      }),
    ),
  );
}

describe('the pay dialog and an overpayment', () => {
  it('disables Pay, saying why, while the preview shows more than is left; a fitting amount enables it', async () => {
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
