import { businessToday } from '../../domain/businessDay';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { baseUrl, chromiumMissing, launch, newPage, signIn } from './browser';
import { apiSession, createComplex, createSale, createUnit, uniqueSuffix, type Api } from './fixtures';

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

  it('previews a payment reminder on the sale page, sends it, and finds it on the sale and in the log', async () => {
    await open(`/sales/${saleId}`);
    await page.getByTestId('sale-page').waitFor();
    await page.getByTestId('notify-customer').click();
    // no overdue letter for a sale that is not late, no payment news without a payment
    expect(await page.getByTestId('notify-overdue').count()).toBe(0);
    expect(await page.getByTestId('notify-payment_added').count()).toBe(0);
    await page.getByTestId('notify-reminder').click();

    const dialog = page.getByTestId('notify-dialog');
    const email = dialog.getByTestId('preview-email');
    await expect.poll(() => email.getByTestId('preview-body').textContent()).toContain(contractNo);
    expect(await email.getAttribute('data-available')).toBe('true');
    expect(await dialog.getByTestId('preview-sms').getAttribute('data-available')).toBe('true');
    expect(await dialog.getByTestId('preview-sms').textContent()).toContain('995555123456');
    expect(await dialog.getByTestId('sms-length').textContent()).toMatch(/\d+ characters · \d+ SMS/);
    await dialog.getByTestId('notify-send').click();
    await page.getByText('Queued to send: 2').waitFor();

    // the sale's own messages: the two rows, queued and then sent by the delivery job
    const rows = page.getByTestId('sale-message-row');
    await expect.poll(() => rows.count(), { timeout: 30_000 }).toBe(2);
    await expect
      .poll(() => rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-status')).join()), { timeout: 60_000 })
      .toBe('sent,sent');
    await rows.first().click();
    await expect.poll(() => page.getByTestId('message-body').first().textContent()).toContain(contractNo);

    // the delivery log lists them with the contract linked to the sale
    await open('/notification-logs');
    await page.getByPlaceholder('Search').fill(contractNo);
    const logRows = page.locator('tr', { hasText: contractNo });
    await expect.poll(() => logRows.count()).toBe(2);
    const first = await logRows.first().textContent();
    expect(first).toContain('Payment reminder');
    expect(first).toContain('Sent');
    expect(first).toContain(adminName);
    await logRows.first().click();
    await expect.poll(() => page.getByTestId('message-body').first().textContent()).toContain(contractNo);
  });

  it('shows the live preview of a template change as a placeholder is typed', async () => {
    await open('/notification-logs');
    await page.getByTestId('templates-link').click();
    await page.getByTestId('template-preview').waitFor();
    await page.getByTestId('locale-en').click();
    const subject = page.getByTestId('template-subject');
    await expect.poll(() => subject.inputValue()).toBe('Reminder: payment due on {due_date}');

    await subject.fill('Hello {customer_name}, contract {contract_no}');
    await expect
      .poll(() => page.getByTestId('preview-subject').textContent())
      .toBe('Hello Nino Beridze, contract S-000123');
    // a placeholder chip goes where the cursor is
    await subject.fill('Due ');
    await subject.press('End');
    await page.getByTestId('placeholder-due_date').click();
    await expect.poll(() => subject.inputValue()).toBe('Due {due_date}');
    await expect.poll(() => page.getByTestId('preview-subject').textContent()).toMatch(/^Due \d{2}\.\d{2}\.\d{4}$/);
    // the SMS text is counted as it is typed (Latin: GSM-7, 153 a part past 160)
    const sms = page.getByTestId('template-sms');
    await sms.fill('x'.repeat(161));
    await expect.poll(() => page.getByTestId('sms-length').first().textContent()).toBe('161 characters · 2 SMS');
  });
});
