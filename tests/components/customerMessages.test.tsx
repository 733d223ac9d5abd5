import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { z } from 'zod';
import {
  messagePreviewSchema,
  messageRulesSchema,
  messagesWrittenSchema,
  messageTemplateSchema,
  notificationLogSchema,
  type MessagePreview,
  type MessageTemplate,
} from '../../domain/contracts/customerMessages';
import { NotifyDialog } from '../../src/resources/notificationLogs/components';
import { TemplatesPage } from '../../src/resources/notificationTemplates/TemplatesPage';
import { dataProvider } from '../../src/providers/dataProvider';
import { renderWithAdmin, type RenderOptions } from './render';
import {
  answer,
  answerWithApiServer,
  apiServer,
  dataOf,
  pageAnswer,
  pageOf,
  refusal,
  route,
  type SentRequest,
} from './apiServer';

answerWithApiServer();

const permissions = { list: ['add_notifications', 'view_notification_templates', 'edit_notification_templates'] };
/** Renders signed in as the user these tests act as (its permissions read at each render). */
const renderAsUser = (ui: ReactNode, options: RenderOptions = {}) =>
  renderWithAdmin(ui, {
    user: {
      id: 1,
      full_name: 'Admin',
      permissions: permissions.list,
      roles: [],
      buildings: [],
      is_admin: false,
      view_only: false,
    },
    ...options,
  });

const preview: MessagePreview = {
  kind: 'overdue',
  locale: 'en',
  sale_id: 42,
  contract_no: 'C-42',
  customer_id: 7,
  customer_name: 'Nino Beridze',
  no_marketing: true,
  installment_id: null,
  channels: [
    {
      channel: 'email',
      available: true,
      recipient: 'nino@example.ge',
      reason: null,
      subject: 'Overdue payment: contract C-42',
      body: 'Dear Nino Beridze, a payment under contract C-42 is 7 days overdue.',
    },
    {
      channel: 'sms',
      available: false,
      recipient: null,
      reason: 'customer_messages.skip.no_phone',
      subject: null,
      body: 'Nino Beridze, contract C-42: payment 7 days overdue.',
    },
  ],
};

describe('the dialog of a message to a customer', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows each channel with recipient and text, why a channel is off, and sends on the chosen ones', async () => {
    const calls: SentRequest[] = [];
    apiServer.use(
      route('get', '/api/sales/42/overdue-notification', calls, () =>
        answer(dataOf(messagePreviewSchema), { data: preview }),
      ),
      route('post', '/api/sales/42/overdue-notification', calls, () =>
        answer(dataOf(messagesWrittenSchema), { data: [{ id: 1, status: 'queued', channel: 'email' }] }, 201),
      ),
    );
    const onSent = vi.fn();
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderAsUser(<NotifyDialog message={{ kind: 'overdue', saleId: 42 }} onClose={onClose} onSent={onSent} />);

    const dialog = await screen.findByRole('dialog', { name: 'Overdue letter to Nino Beridze' });
    const email = within(dialog).getByTestId('preview-email');
    expect(email.textContent).toContain('nino@example.ge');
    expect(email.textContent).toContain('Overdue payment: contract C-42');
    const sms = within(dialog).getByTestId('preview-sms');
    expect(sms.textContent).toContain('Not available: The customer has no phone number');
    expect(within(sms).getByRole('checkbox', { name: 'SMS' })).toHaveProperty('disabled', true);
    expect(within(email).getByRole('checkbox', { name: 'Email' })).toHaveProperty('checked', true);
    expect(within(dialog).getByTestId('no-marketing-note').textContent).toContain('no marketing messages');
    expect(within(sms).getByTestId('sms-length').textContent).toBe('52 characters · 1 SMS');

    await user.dblClick(within(dialog).getByTestId('notify-send'));
    expect(await screen.findByText('Queued to send: 1')).toBeTruthy();
    await waitFor(() => expect(onSent).toHaveBeenCalledTimes(1));
    const sent = calls.filter((c) => c.method === 'POST');
    expect(sent).toHaveLength(1);
    expect(sent[0].body).toEqual({ channels: ['email'] });
    expect(sent[0].headers.get('Idempotency-Key')).toMatch(/.{8,}/);
  });

  it('asks for a payment notice about the given payment', async () => {
    const calls: SentRequest[] = [];
    apiServer.use(
      route('get', '/api/sales/42/payment-notification/changed', calls, () =>
        answer(dataOf(messagePreviewSchema), { data: { ...preview, kind: 'payment_changed', no_marketing: false } }),
      ),
    );
    renderAsUser(
      <NotifyDialog message={{ kind: 'payment_changed', saleId: 42, paymentId: 9 }} onClose={() => undefined} />,
    );
    await screen.findByRole('dialog', { name: 'Payment changed to Nino Beridze' });
    expect(calls[0].path).toBe('/api/sales/42/payment-notification/changed');
    expect(calls[0].query.toString()).toBe('payment_id=9');
    expect(screen.queryByTestId('no-marketing-note')).toBeNull();
  });
});

const templates: MessageTemplate[] = (['ka', 'en', 'ru'] as const).map((locale, i) => ({
  id: i + 1,
  kind: 'reminder',
  locale,
  subject: `Reminder ${locale}: {due_date}`,
  body: 'Dear {customer_name}, pay {amount} {currency}.',
  sms: '{customer_name}: {amount} {currency}',
  updated_at: '2026-01-01T00:00:00.000Z',
}));

describe('the template editor', () => {
  beforeEach(() => {
    permissions.list = ['view_notification_templates', 'edit_notification_templates'];
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  /** The editor's routes; the template's save answers `puts` in turn (the last one repeats). */
  const server = (...puts: Array<() => Response>) => {
    const answers = puts.length ? puts : [() => answer(dataOf(messageTemplateSchema), { data: templates[1] })];
    const calls: SentRequest[] = [];
    apiServer.use(
      route('get', '/api/notification-templates', calls, () =>
        answer(dataOf(z.array(messageTemplateSchema)), { data: templates }),
      ),
      route('get', '/api/notification-rules', calls, () =>
        answer(dataOf(messageRulesSchema), {
          data: { reminder_days: [3], overdue_days: [1, 7, 30], channels: ['email', 'sms'] },
        }),
      ),
      route('put', '/api/notification-templates/:id', calls, () =>
        (answers.length > 1 ? answers.shift()! : answers[0])(),
      ),
      route('put', '/api/notification-rules', calls, () =>
        answer(dataOf(messageRulesSchema), {
          data: { reminder_days: [2, 5], overdue_days: [10], channels: ['email'] },
        }),
      ),
    );
    return calls;
  };

  it('previews the text with sample values in the template’s language as typed; inserts a placeholder', async () => {
    server();
    const user = userEvent.setup();
    renderAsUser(<TemplatesPage />);
    await user.click(await screen.findByTestId('locale-en'));
    const body = (await screen.findByTestId('template-body')) as HTMLTextAreaElement;
    expect(screen.getByTestId('preview-body').textContent).toBe('Dear Nino Beridze, pay 1,250.00 USD.');

    fireEvent.change(body, { target: { value: 'Contract {contract_no}; ' } });
    expect(screen.getByTestId('preview-body').textContent).toBe('Contract S-000123; ');
    body.focus();
    body.setSelectionRange(9, 9);
    await user.click(screen.getByTestId('placeholder-units'));
    expect(body.value).toBe('Contract {units}{contract_no}; ');
    expect(screen.getByTestId('preview-body').textContent).toBe('Contract 12 (block A)S-000123; ');

    // the Georgian template previews with the Georgian sample customer
    await user.click(screen.getByTestId('locale-ka'));
    await waitFor(() => expect(screen.getByTestId('preview-body').textContent).toContain('ნინო ბერიძე'));
  });

  it('saves the three texts and shows the server’s 422 on its field', async () => {
    const calls = server(
      () => refusal(422, 'Invalid input', { sms: ['Unknown placeholder: {nope}'] }),
      () => answer(dataOf(messageTemplateSchema), { data: { ...templates[1], sms: 'ok' } }),
    );
    const user = userEvent.setup();
    renderAsUser(<TemplatesPage />);
    await user.click(await screen.findByTestId('locale-en'));
    const sms = await screen.findByTestId('template-sms');
    fireEvent.change(sms, { target: { value: 'Hi {nope}' } });
    await user.click(screen.getByTestId('template-save'));
    expect(await screen.findByText('Unknown placeholder: {nope}')).toBeTruthy();
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.path).toBe('/api/notification-templates/2');
    expect(put.body).toEqual({
      subject: 'Reminder en: {due_date}',
      body: 'Dear {customer_name}, pay {amount} {currency}.',
      sms: 'Hi {nope}',
    });
  });

  it('saves the rules from comma-separated days and the channels, refusing days that are not whole', async () => {
    const calls = server();
    const user = userEvent.setup();
    renderAsUser(<TemplatesPage />);
    const reminder = await screen.findByTestId('rules-reminder');
    await waitFor(() => expect((reminder as HTMLInputElement).value).toBe('3'));
    fireEvent.change(reminder, { target: { value: '5, two' } });
    expect(screen.getByText('Whole numbers from 0 to 365, separated by commas')).toBeTruthy();
    expect(screen.getByTestId('rules-save')).toHaveProperty('disabled', true);
    fireEvent.change(reminder, { target: { value: '5, 2, 5' } });
    fireEvent.change(screen.getByTestId('rules-overdue'), { target: { value: '10' } });
    await user.click(within(screen.getByTestId('message-rules')).getByRole('checkbox', { name: 'SMS' }));
    await user.click(screen.getByTestId('rules-save'));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'PUT' && c.path === '/api/notification-rules')).toBe(true),
    );
    expect(calls.find((c) => c.path === '/api/notification-rules' && c.method === 'PUT')!.body).toEqual({
      reminder_days: [2, 5],
      overdue_days: [10],
      channels: ['email'],
    });
  });

  it('is read-only without edit_notification_templates', async () => {
    permissions.list = ['view_notification_templates'];
    server();
    renderAsUser(<TemplatesPage />);
    expect(await screen.findByTestId('template-body')).toHaveProperty('disabled', true);
    expect(screen.queryByTestId('template-save')).toBeNull();
    expect(screen.queryByTestId('rules-save')).toBeNull();
  });
});

describe('the delivery log list call', () => {
  it('is POST /notification-logs with filters as JSON: empty, half-typed ones out; by hand as a boolean', async () => {
    const calls: SentRequest[] = [];
    apiServer.use(
      route('post', '/api/notification-logs', calls, () =>
        answer(pageOf(notificationLogSchema), pageAnswer([], 2, 20)),
      ),
    );
    await dataProvider.getList('notification-logs', {
      pagination: { page: 2, perPage: 20 },
      sort: { field: 'created_at', order: 'DESC' },
      filter: { q: 'C-42', status: ['failed', 'sent'], type: [], channel: '', manual: 'false', date_from: '2026-01-0' },
    });
    expect(calls).toHaveLength(1);
    expect(calls[0].method).toBe('POST');
    expect(calls[0].body).toEqual({
      query: 'C-42',
      status: ['failed', 'sent'],
      manual: false,
      page: 2,
      perpage: 20,
      sort: 'created_at',
      order: 'desc',
    });
  });
});
