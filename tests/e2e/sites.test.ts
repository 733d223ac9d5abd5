import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { baseUrl, chromiumMissing, launch, newPage, searchList, signIn } from './browser';

/** A Georgian IBAN with ISO 13616 check digits worked out here (BigInt mod 97), for the given bank code. */
const georgianIban = (bankCode: string, account: string) => {
  const digits = `${bankCode}${account}GE00`.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  return `GE${String(98n - (BigInt(digits) % 97n)).padStart(2, '0')}${bankCode}${account}`;
};

/** A 1x1 PNG. */
const STAMP = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

describe.skipIf(chromiumMissing())('complexes, blocks and bank accounts in a real browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('an administrator creates a complex with two blocks, finds its card, opens it and adds a bank account to block B', async () => {
    const { context, page } = await newPage(browser, 'en');
    await signIn(page, 'admin@demo.ge');
    const name = `E2E Residence ${Date.now()}`;

    await page.goto(`${baseUrl()}/#/buildings/create`);
    await page.locator('input[name="name"]').fill(name);
    await page.locator('input[name="address"]').fill('Tbilisi, Kazbegi Ave. 15');
    await page.locator('input[name="cad_code"]').fill('01.72.14.001.099');
    await page.locator('input[name="director_pid"]').fill('0100101');
    await page.locator('input[type="file"]').setInputFiles({ name: 'stamp.png', mimeType: 'image/png', buffer: STAMP });
    const addBlock = page.getByTestId('blocks-editor').locator('.RaSimpleFormIterator-add button');
    await addBlock.click();
    await page.locator('input[name="blocks.0.name"]').fill('A');
    await page.locator('input[name="blocks.0.floors"]').fill('12');
    await addBlock.click();
    await page.locator('input[name="blocks.1.name"]').fill('B');
    await page.locator('input[name="blocks.1.floors"]').fill('9');
    await page.locator('button[type="submit"]').click();
    // The personal number rule answers on the form before anything is sent.
    await page.getByText('Personal number must be exactly 11 digits').waitFor();
    await page.locator('input[name="director_pid"]').fill('01001012399');
    await page.locator('button[type="submit"]').click();
    await page.waitForURL(/#\/buildings\/\d+\/show$/);
    await expect(page.getByTestId('building-name').textContent()).resolves.toBe(name);
    await expect(page.getByTestId('blocks-table').locator('tbody tr').allTextContents()).resolves.toEqual([
      expect.stringMatching(/^A\s*12\s*0/),
      expect.stringMatching(/^B\s*9\s*0/),
    ]);

    await page.goto(`${baseUrl()}/#/buildings`);
    await searchList(page, name);
    const card = page.locator(`[data-testid="building-card"][data-building="${name}"]`);
    await card.waitFor();
    // The search narrows the cards to this one.
    await expect.poll(() => page.getByTestId('building-card').count()).toBe(1);
    await expect(card.getByTestId('blocks-count').textContent()).resolves.toBe('Blocks: 2');
    await expect(card.textContent()).resolves.toContain('01.72.14.001.099');
    const thumb = card.getByTestId('facsimile-thumb');
    expect(await thumb.boundingBox()).toMatchObject({ width: 50, height: 50 });
    await thumb.hover();
    const preview = page.getByTestId('facsimile-preview');
    await preview.waitFor();
    // Measured once the tooltip has finished growing in.
    await expect
      .poll(async () => {
        const box = await preview.boundingBox();
        return box && [Math.round(box.width), Math.round(box.height)];
      })
      .toEqual([300, 300]);
    await card.getByRole('link', { name: 'Open' }).click();
    await page.waitForURL(/#\/buildings\/\d+\/show$/);
    await expect(page.getByTestId('building-accounts').textContent()).resolves.toContain(
      'This building has no bank accounts yet.',
    );

    await page.getByTestId('add-bank-account').click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('.ra-input-block_id [role="combobox"]').click();
    await page.getByRole('option', { name: 'B', exact: true }).click();
    await dialog.locator('.ra-input-bank_id [role="combobox"]').click();
    await page.getByRole('option', { name: 'TBC Bank', exact: true }).click();
    const iban = georgianIban('TB', String(Date.now()).padStart(16, '0'));
    const wrongCheckDigits = `GE${iban.slice(2, 4) === '10' ? '11' : '10'}${iban.slice(4)}`;
    await dialog.locator('input[name="iban"]').fill(wrongCheckDigits);
    await dialog.locator('button[type="submit"]').click();
    await dialog.getByText('The IBAN check digits are wrong: check the number for a typo').waitFor();
    await dialog.locator('input[name="iban"]').fill(iban.replace(/(.{4})/g, '$1 '));
    await dialog.locator('input[name="branch"]').fill('Vake branch');
    await dialog.locator('button[type="submit"]').click();
    await dialog.waitFor({ state: 'detached' });

    const group = page.locator('[data-testid="account-group"][data-group="Block B"]');
    const account = group.locator(`[data-testid="bank-account"][data-iban="${iban}"]`);
    await account.waitFor();
    await expect(account.textContent()).resolves.toContain('TBC Bank');
    await expect(account.textContent()).resolves.toContain(iban.replace(/(.{4})(?=.)/g, '$1 '));
    await expect(page.locator('[data-testid="account-group"][data-group="General"]').count()).resolves.toBe(0);

    // The bank accounts page shows it in the same group under the complex.
    await page.goto(`${baseUrl()}/#/bank-accounts`);
    const building = page.locator(`[data-testid="accounts-building"][data-building="${name}"]`);
    const listed = building
      .locator('[data-testid="account-group"][data-group="Block B"]')
      .locator(`[data-iban="${iban}"]`);
    await listed.waitFor();

    // Changed in place: the dialog opens with the account's values, and the card shows the new branch.
    await listed.getByRole('button', { name: 'Edit' }).click();
    const editing = page.getByRole('dialog');
    await editing.getByText('Change the bank account').waitFor();
    await expect(editing.locator('input[name="iban"]').inputValue()).resolves.toBe(iban);
    await editing.locator('input[name="branch"]').fill('Saburtalo branch');
    await editing.locator('button[type="submit"]').click();
    await editing.waitFor({ state: 'detached' });
    await expect.poll(() => listed.textContent()).toContain('Saburtalo branch');
    await context.close();
  });

  it('puts edit and delete on the card only for those allowed, and a property registrar sees only their complex', async () => {
    const { context, page } = await newPage(browser, 'en');
    await signIn(page, 'property_registrar@demo.ge');
    await page.goto(`${baseUrl()}/#/buildings`);
    await page.getByTestId('building-card').first().waitFor();
    await expect.poll(() => page.getByTestId('building-card').count()).toBe(1);
    // The registrar holds edit_buildings and delete_buildings: both buttons are on the card.
    const card = page.getByTestId('building-card').first();
    await expect(card.getByRole('link', { name: 'Edit' }).count()).resolves.toBe(1);
    await expect(card.getByRole('button', { name: 'Delete' }).count()).resolves.toBe(1);
    await context.close();

    const booking = await newPage(browser, 'en');
    await signIn(booking.page, 'booking_registrar@demo.ge');
    await booking.page.goto(`${baseUrl()}/#/buildings`);
    const readOnlyCard = booking.page.getByTestId('building-card').first();
    await readOnlyCard.waitFor();
    await expect(readOnlyCard.getByRole('link', { name: 'Edit' }).count()).resolves.toBe(0);
    await expect(readOnlyCard.getByRole('button', { name: 'Delete' }).count()).resolves.toBe(0);
    await booking.context.close();
  });
});
