import { businessToday } from '../../domain/businessDay';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { baseUrl, chromiumMissing, launch, newPage, signIn } from './browser';
import { apiSession, createComplex, createSale, createUnit, uniqueSuffix, type Api } from './fixtures';
import { text, textPattern } from './texts';

/**
 * Messages to customers by hand: a payment reminder previewed and sent from the sale page, then found in the sale's
 * own messages and in the delivery log; and the template editor's live preview. Without SMTP or an SMS gateway the
 * test server's channels are the log, so both channels reach the customer and rows go queued, then sent.
 */
describe.skipIf(chromiumMissing())('messages to customers in a real browser', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let api: Api;
  const suffix = uniqueSuffix();
  const contractNo = `E2E-MSG${suffix}`;
  let saleId: number;
  let adminName: string;

  const open = async (path: string) => {
    await page.goto(`${baseUrl()}/#${path}`);
    await page.reload();
  };

  beforeAll(async () => {
    api = await apiSession();
    adminName = (await api.ok<{ full_name: string }>('GET', '/user')).full_name;
    const complex = await createComplex(api, `E2E Messages ${suffix}`, { A: 5 });
    const unit = await createUnit(api, {
      building_id: complex.id,
      block_id: complex.blocks.A,
      no: `M${suffix.slice(-8)}`,
      floor: 2,
      area: 55,
      price: 60000,
      currency: 'USD',
    });
    const customer = await api.ok<{ id: number }>('POST', '/customers', {
      type: 'individual',
      name_ka: `Message Customer ${suffix}`,
      name_en: `Message Customer ${suffix}`,
      personal_number: `${Date.now()}`.slice(-11),
      phones: ['+995 555 12 34 56'],
      emails: [`customer-${suffix.toLowerCase()}@example.ge`],
    });
    // a schedule starting next month: an installment to remind of, nothing late
    const nextMonth = businessToday(new Date(Date.now() + 30 * 86_400_000));
    saleId = (
      await createSale(api, {
        property_ids: [unit.id],
        customer_id: customer.id,
        price: 12000,
        contract_no: contractNo,
        start: nextMonth,
        payments_count: 4,
      })
    ).id;
    browser = await launch();
    ({ context, page } = await newPage(browser, 'en'));
    await signIn(page, 'admin@demo.ge');
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  /** The text of a sent message, a group named by its label in the message's details. */
  const messageBody = () =>
    page.getByRole('group', { name: text('resources.notification-logs.fields.body'), exact: true }).first();
  const smsLength = () => page.getByText(textPattern('customer_messages.sms_length'));

  it('previews a payment reminder on the sale page, sends it, and finds it on the sale and in the log', async () => {
    await open(`/sales/${saleId}`);
    const messages = page.getByRole('region', { name: text('customer_messages.sale_log') });
    await messages.waitFor();
    await page.getByRole('button', { name: text('customer_messages.notify') }).click();
    // no overdue letter for a sale that is not late, no payment news without a payment
    await page.getByRole('menu').waitFor();
    expect(await page.getByRole('menuitem', { name: text('customer_messages.notify_overdue') }).count()).toBe(0);
    expect(await page.getByRole('menuitem', { name: text('customer_messages.notify_payment_added') }).count()).toBe(0);
    await page.getByRole('menuitem', { name: text('customer_messages.notify_reminder') }).click();

    const dialog = page.getByRole('dialog', { name: text('customer_messages.kinds.reminder') });
    const email = dialog.getByRole('group', { name: text('customer_messages.channels.email'), exact: true });
    const sms = dialog.getByRole('group', { name: text('customer_messages.channels.sms'), exact: true });
    await expect.poll(() => email.textContent()).toContain(contractNo);
    // a channel that reaches the customer can be chosen
    expect(await email.getByRole('checkbox').isEnabled()).toBe(true);
    expect(await sms.getByRole('checkbox').isEnabled()).toBe(true);
    expect(await sms.textContent()).toContain('995555123456');
    expect(await sms.getByText(textPattern('customer_messages.sms_length')).textContent()).toMatch(
      /\d+ characters · \d+ SMS/,
    );
    await dialog.getByRole('button', { name: text('customer_messages.send') }).click();
    await page.getByText(text('customer_messages.sent', { count: 2 })).waitFor();

    // the sale's own messages: the two rows, queued and then sent by the delivery job
    const rows = messages.getByRole('row').filter({ has: page.getByRole('cell') });
    await expect.poll(() => rows.count(), { timeout: 30_000 }).toBe(2);
    const sent = rows.filter({ has: page.getByText(text('customer_messages.statuses.sent'), { exact: true }) });
    await expect.poll(() => sent.count(), { timeout: 60_000 }).toBe(2);
    await rows.first().click();
    await expect.poll(() => messageBody().textContent()).toContain(contractNo);

    // the delivery log lists them with the contract linked to the sale
    await open('/notification-logs');
    await page.getByPlaceholder(text('ra.action.search')).fill(contractNo);
    const logRows = page.getByRole('row').filter({ hasText: contractNo });
    await expect.poll(() => logRows.count()).toBe(2);
    const first = await logRows.first().textContent();
    expect(first).toContain(text('customer_messages.kinds.reminder'));
    expect(first).toContain(text('customer_messages.statuses.sent'));
    expect(first).toContain(adminName);
    await logRows.first().click();
    await expect.poll(() => messageBody().textContent()).toContain(contractNo);
  });

  it('shows the live preview of a template change as a placeholder is typed', async () => {
    await open('/notification-logs');
    // the log page's own link (the side menu has a link to the document templates too)
    await page
      .locator('#main-content')
      .getByRole('link', { name: text('customer_messages.templates') })
      .click();
    const preview = page.getByRole('region', { name: text('customer_messages.preview'), exact: true });
    await preview.waitFor();
    await page.getByRole('button', { name: text('languages.en'), exact: true }).click();
    const subject = page.getByRole('textbox', { name: text('resources.notification-templates.fields.subject') });
    await expect.poll(() => subject.inputValue()).toBe('Reminder: payment due on {due_date}');

    await subject.fill('Hello {customer_name}, contract {contract_no}');
    await expect
      .poll(() => preview.getByText('Hello Nino Beridze, contract S-000123', { exact: true }).count())
      .toBe(1);
    // a placeholder chip goes where the cursor is
    await subject.fill('Due ');
    await subject.press('End');
    await page.getByRole('button', { name: '{due_date}', exact: true }).click();
    await expect.poll(() => subject.inputValue()).toBe('Due {due_date}');
    await expect.poll(() => preview.getByText(/^Due \d{2}\.\d{2}\.\d{4}$/).count()).toBe(1);
    // the SMS text is counted as it is typed (Latin: GSM-7, 153 a part past 160)
    const sms = page.getByRole('textbox', { name: text('resources.notification-templates.fields.sms') });
    await sms.fill('x'.repeat(161));
    await expect.poll(() => smsLength().first().textContent()).toBe('161 characters · 2 SMS');
  });
});
