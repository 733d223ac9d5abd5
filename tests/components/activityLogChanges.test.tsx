import { describe, expect, it } from 'vitest';
import type { ActivityLog } from '../../domain/contracts/logs';
import { createI18nProvider } from '../../src/providers/i18nProvider';
import { changeText, recordText } from '../../src/resources/logs/exportLogs';
import { formatIsoDate } from '../../domain/dateFormats';
import { formatLocaleDecimal } from '../../src/widgets/localeFormat';

const entry = (fields: Partial<ActivityLog>): ActivityLog => ({
  id: 1,
  user_id: 1,
  user_name: 'ნინო ბერიძე',
  action: 'update',
  method: 'PUT',
  route: '/api/sales/:id',
  record_type: 'sales',
  record_id: '7',
  record_name: 'VP-0007',
  link: '/sales/7/show',
  changes: {},
  old_values: null,
  status_code: 200,
  created_at: '2026-11-16T08:00:00.000Z',
  ...fields,
});

/** Each changed field of `log` as the activity log shows it in `locale`. */
const shown = (log: ActivityLog, locale: 'ka' | 'en' | 'ru') => {
  const { translate } = createI18nProvider(locale);
  const formats = {
    moment: (value: string) => formatIsoDate(value, 'DD.MM.YYYY'),
    number: (value: number) => formatLocaleDecimal(value, locale),
  };
  return Object.keys(log.changes ?? {}).map((field) => changeText(log, field, translate, formats));
};

describe("the activity log's changes", () => {
  it('name each field by the label its record’s screens use, old → new, numbers in the language’s digits', () => {
    const update = entry({ changes: { price: 120000.5, note: 'ახალი' }, old_values: { price: 100000, note: null } });
    expect(shown(update, 'ka')).toEqual(['ფასი: 100\u00a0000 → 120\u00a0000,5', 'შენიშვნა: — → ახალი']);
    expect(shown(update, 'en')).toEqual(['Price: 100,000 → 120,000.5', 'Note: — → ახალი']);
  });

  it('name a sign-in’s fields in the user’s language', () => {
    const signIn = entry({
      action: 'signed_in',
      record_type: 'auth',
      changes: { email: 'admin@demo.ge', password: '***', code: '***' },
    });
    expect(shown(signIn, 'ka')).toEqual(['ელ. ფოსტა: admin@demo.ge', 'პაროლი: ***', 'კოდი: ***']);
    expect(shown(signIn, 'ru')).toEqual(['Эл. почта: admin@demo.ge', 'Пароль: ***', 'Код: ***']);
  });

  it('say yes or no in words, and a list by its items’ names', () => {
    const log = entry({
      record_type: 'customers',
      changes: { no_marketing: true, phones: ['+995 599 12 34 56', '+995 577 00 00 01'], units: [{ id: 3, no: '44' }] },
    });
    expect(shown(log, 'ka')).toEqual([
      expect.stringMatching(/: დიახ$/),
      expect.stringMatching(/: \+995 599 12 34 56, \+995 577 00 00 01$/),
      'units: 44',
    ]);
  });

  it('write a date in the user’s format, never as it is stored', () => {
    const moved = entry({
      record_type: 'payments',
      changes: { paid_on: '2026-12-03', note: '2026-12' },
      old_values: { paid_on: '2026-11-30T21:00:00.000Z' },
    });
    expect(shown(moved, 'ka')).toEqual([
      expect.stringMatching(/: 30\.11\.2026 → 03\.12\.2026$/),
      expect.stringMatching(/: 2026-12$/),
    ]);
  });

  it('name a word of a fixed vocabulary by its label', () => {
    const ticket = entry({ record_type: 'tickets', changes: { category: 'technical', status: 'closed' } });
    const { translate } = createI18nProvider('en');
    expect(shown(ticket, 'en')).toEqual([
      `${translate('resources.tickets.fields.category')}: ${translate('tickets.categories.technical')}`,
      `${translate('resources.tickets.fields.status')}: ${translate('tickets.statuses.closed')}`,
    ]);
    expect(shown(ticket, 'en').join()).not.toMatch(/technical|closed/);
    const unit = entry({ record_type: 'properties', changes: { status: 'sold' }, old_values: { status: 'free' } });
    expect(shown(unit, 'ka')).toEqual([expect.stringMatching(/: თავისუფალი → გაყიდული$/)]);
  });

  it('name the record by what it goes by, else by its number', () => {
    const typeName = (type: string) => ({ sales: 'გაყიდვა', payments: 'გადახდა' })[type] ?? type;
    expect(recordText(entry({}), typeName)).toBe('გაყიდვა VP-0007');
    expect(recordText(entry({ record_type: 'payments', record_id: '12', record_name: null }), typeName)).toBe(
      'გადახდა #12',
    );
  });
});
