import type { PlaceholderValues } from '../../../domain/customerMessages';
import { translate, type Locale } from '../../../i18n';

/** 05.03.2027: how a message writes a day. */
const messageDay = (date: Date) =>
  [date.getDate(), date.getMonth() + 1].map((n) => String(n).padStart(2, '0')).join('.') + `.${date.getFullYear()}`;

/** Made-up values the editor's preview fills the placeholders with, in the template's language. */
export function sampleValues(locale: Locale, today = new Date()): PlaceholderValues {
  const inDays = (days: number) => messageDay(new Date(today.getTime() + days * 86_400_000));
  return {
    customer_name: translate(locale, 'customer_messages.sample_customer'),
    contract_no: 'S-000123',
    units: translate(locale, 'customer_messages.sample_units'),
    complex: translate(locale, 'customer_messages.sample_complex'),
    due_date: inDays(3),
    amount: '1,250.00',
    currency: 'USD',
    amount_overdue: '2,500.00',
    days_late: '7',
    remaining: '48,750.00',
    payment_amount: '1,250.00 USD',
    payment_date: inDays(0),
    bank_account: 'GE29NB0000000101904917',
    message: translate(locale, 'customer_messages.free_sms_text'),
  };
}
