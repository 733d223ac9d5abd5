import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { baseUrl, chromiumMissing, launch, newPage, searchList, signIn } from './browser';
import { text } from './texts';

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

/** A titled part of a page (a section of the building's page, a group of accounts), a region named by its title. */
const region = (within: Locator | Page, name: string) => within.getByRole('region', { name, exact: true });
/** A building's card on /buildings, an article named by the building. */
const buildingCard = (page: Page, name: string) => page.getByRole('main').getByRole('article', { name, exact: true });
/** Every building card on /buildings. */
const buildingCards = (page: Page) => page.getByRole('main').getByRole('article');

describe.skipIf(chromiumMissing())('complexes, blocks and bank accounts in a real browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('an admin creates a complex with two blocks, finds its card, opens it, adds an account to block B', async () => {
    const { context, page } = await newPage(browser, 'en');
    await signIn(page, 'admin@demo.ge');
    const name = `E2E Residence ${Date.now()}`;

    await page.goto(`${baseUrl()}/#/buildings/create`);
    await page.locator('input[name="name"]').fill(name);
    await page.locator('input[name="address"]').fill('Tbilisi, Kazbegi Ave. 15');
    await page.locator('input[name="cad_code"]').fill('01.72.14.001.099');
    await page.locator('input[name="director_pid"]').fill('0100101');
    await page.locator('input[type="file"]').setInputFiles({ name: 'stamp.png', mimeType: 'image/png', buffer: STAMP });
    const addBlock = page
      .getByRole('group', { name: text('sites.building.blocks') })
      .getByRole('button', { name: text('ra.action.add') });
    await addBlock.click();
    await page.locator('input[name="blocks.0.name"]').fill('A');
    await page.locator('input[name="blocks.0.floors"]').fill('12');
    await addBlock.click();
    await page.locator('input[name="blocks.1.name"]').fill('B');
    await page.locator('input[name="blocks.1.floors"]').fill('9');
    const save = page.getByRole('button', { name: text('ra.action.save') });
    await save.click();
    // The personal number rule answers on the form before anything is sent.
    await page.getByText(text('validation.personal_number')).waitFor();
    await page.locator('input[name="director_pid"]').fill('01001012399');
    await save.click();
    await page.waitForURL(/#\/buildings\/\d+\/show$/);
    const details = region(page, text('sites.building.details'));
    await details.getByRole('heading', { name, exact: true }).waitFor();
    await expect(details.getByRole('heading', { name, exact: true }).textContent()).resolves.toBe(name);
    const blockRows = region(page, text('sites.building.blocks'))
      .getByRole('row')
      .filter({ has: page.getByRole('cell') });
    await expect(blockRows.allTextContents()).resolves.toEqual([
      expect.stringMatching(/^A\s*12\s*0/),
      expect.stringMatching(/^B\s*9\s*0/),
    ]);

    await page.goto(`${baseUrl()}/#/buildings`);
    await searchList(page, name);
    const card = buildingCard(page, name);
    await card.waitFor();
    // The search narrows the cards to this one.
    await expect.poll(() => buildingCards(page).count()).toBe(1);
    await expect(card.getByText(`${text('sites.building.blocks_count')}: 2`, { exact: true }).count()).resolves.toBe(1);
    await expect(card.textContent()).resolves.toContain('01.72.14.001.099');
    const facsimile = `${text('sites.building.facsimile')}: ${name}`;
    const thumb = card.getByRole('img', { name: facsimile, exact: true });
    expect(await thumb.boundingBox()).toMatchObject({ width: 50, height: 50 });
    await thumb.hover();
    const preview = page.getByRole('tooltip').getByRole('img', { name: facsimile, exact: true });
    await preview.waitFor();
    // Measured once the tooltip has finished growing in.
    await expect
      .poll(async () => {
        const box = await preview.boundingBox();
        return box && [Math.round(box.width), Math.round(box.height)];
      })
      .toEqual([300, 300]);
    await card.getByRole('link', { name: text('sites.building.open') }).click();
    await page.waitForURL(/#\/buildings\/\d+\/show$/);
    const accounts = region(page, text('sites.building.bank_accounts'));
    await expect(accounts.textContent()).resolves.toContain(text('sites.accounts.none_in_building'));

    await accounts.getByRole('button', { name: text('sites.accounts.add') }).click();
    const dialog = page.getByRole('dialog', { name: text('sites.accounts.dialog_title') });
    const field = (key: string) => text(`resources.bank-accounts.fields.${key}`);
    await dialog.getByRole('combobox', { name: field('block_id') }).click();
    await page.getByRole('option', { name: 'B', exact: true }).click();
    await dialog.getByRole('combobox', { name: field('bank_id') }).click();
    await page.getByRole('option', { name: 'TBC Bank', exact: true }).click();
    const iban = georgianIban('TB', String(Date.now()).padStart(16, '0'));
    const formatted = iban.replace(/(.{4})(?=.)/g, '$1 ');
    const wrongCheckDigits = `GE${iban.slice(2, 4) === '10' ? '11' : '10'}${iban.slice(4)}`;
    const saveAccount = dialog.getByRole('button', { name: text('sites.accounts.save') });
    await dialog.locator('input[name="iban"]').fill(wrongCheckDigits);
    await saveAccount.click();
    await dialog.getByText(text('sites.iban_checksum')).waitFor();
    await dialog.locator('input[name="iban"]').fill(iban.replace(/(.{4})/g, '$1 '));
    await dialog.locator('input[name="branch"]').fill('Vake branch');
    await saveAccount.click();
    await dialog.waitFor({ state: 'detached' });

    // an account is an article named by its bank, told apart by its IBAN
    const group = region(accounts, text('sites.accounts.block', { name: 'B' }));
    const account = group.getByRole('article', { name: 'TBC Bank', exact: true }).filter({ hasText: formatted });
    await account.waitFor();
    await expect(account.textContent()).resolves.toContain('TBC Bank');
    await expect(account.textContent()).resolves.toContain(formatted);
    await expect(region(accounts, text('sites.accounts.general')).count()).resolves.toBe(0);

    // The bank accounts page shows it in the same group under the complex.
    await page.goto(`${baseUrl()}/#/bank-accounts`);
    const listed = region(region(page, name), text('sites.accounts.block', { name: 'B' }))
      .getByRole('article', { name: 'TBC Bank', exact: true })
      .filter({ hasText: formatted });
    await listed.waitFor();

    // Changed in place: the dialog opens with the account's values, and the card shows the new branch.
    await listed.getByRole('button', { name: text('ra.action.edit') }).click();
    const editing = page.getByRole('dialog', { name: text('sites.accounts.edit_title') });
    await editing.waitFor();
    await expect(editing.locator('input[name="iban"]').inputValue()).resolves.toBe(iban);
    await editing.locator('input[name="branch"]').fill('Saburtalo branch');
    await editing.getByRole('button', { name: text('sites.accounts.save') }).click();
    await editing.waitFor({ state: 'detached' });
    await expect.poll(() => listed.textContent()).toContain('Saburtalo branch');
    await context.close();
  });

  it('puts edit and delete on the card only for those allowed; a property registrar sees only theirs', async () => {
    const { context, page } = await newPage(browser, 'en');
    await signIn(page, 'property_registrar@demo.ge');
    await page.goto(`${baseUrl()}/#/buildings`);
    await buildingCards(page).first().waitFor();
    await expect.poll(() => buildingCards(page).count()).toBe(1);
    // The registrar holds edit_buildings and delete_buildings: both buttons are on the card.
    const card = buildingCards(page).first();
    await expect(card.getByRole('link', { name: text('ra.action.edit') }).count()).resolves.toBe(1);
    await expect(card.getByRole('button', { name: text('ra.action.delete') }).count()).resolves.toBe(1);
    await context.close();

    const booking = await newPage(browser, 'en');
    await signIn(booking.page, 'booking_registrar@demo.ge');
    await booking.page.goto(`${baseUrl()}/#/buildings`);
    const readOnlyCard = buildingCards(booking.page).first();
    await readOnlyCard.waitFor();
    await expect(readOnlyCard.getByRole('link', { name: text('ra.action.edit') }).count()).resolves.toBe(0);
    await expect(readOnlyCard.getByRole('button', { name: text('ra.action.delete') }).count()).resolves.toBe(0);
    await booking.context.close();
  });
});
