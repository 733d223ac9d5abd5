import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { containerPaymentSchema, type ContainerPayment } from '../../domain/contracts/containers';
import { buildingBriefSchema } from '../../domain/contracts/sites';
import { RenovationPayments } from '../../src/resources/containers/RenovationPayments';
import { createI18nProvider } from '../../src/providers/i18nProvider';
import { renderWithAdmin } from './render';
import { answerWithApiServer, apiServer, listRoute } from './apiServer';

answerWithApiServer();

const payment = (id: number, fields: Partial<ContainerPayment>): ContainerPayment => ({
  id,
  container_id: 3,
  sale_id: 7,
  contract_no: `VP-000${id}`,
  customer_name: 'ნინო ბერიძე',
  building_name: 'ვაკის პარკი',
  amount: 500,
  currency: 'USD',
  rate: '2.7',
  credited: 500,
  sale_currency: 'USD',
  paid_on: '2026-11-20',
  note: null,
  voided: false,
  created_by_name: 'ანა',
  created_at: '2026-11-20T10:00:00.000Z',
  ...fields,
});

describe("the services' payments", () => {
  it('mark a voided payment as the payments list does: listed, but not counted', async () => {
    apiServer.use(
      listRoute('/api/containers/payments', containerPaymentSchema, [
        payment(1, { voided: true, note: 'შეცდომით' }),
        payment(2, {}),
      ]),
      listRoute('/api/buildings', buildingBriefSchema, []),
    );
    renderWithAdmin(<RenovationPayments />, { locale: 'ka' });
    const voided = createI18nProvider('ka').translate('payments.voided');
    const first = (await screen.findByText('VP-0001')).closest('tr')!;
    expect(within(first).getByText(voided)).toBeTruthy();
    const second = screen.getByText('VP-0002').closest('tr')!;
    expect(within(second).queryByText(voided)).toBeNull();
  });
});
