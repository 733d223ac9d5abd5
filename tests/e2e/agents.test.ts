import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { baseUrl, chromiumMissing, launch, newPage, searchList, signIn } from './browser';
import { text } from './texts';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

describe.skipIf(chromiumMissing())('agents in a real browser', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const name = `E2E agent ${Date.now().toString(36)}`;

  /** Uploads a file as a user does: the files panel's upload button opens the file chooser. */
  const upload = async (file: { name: string; mimeType: string; buffer: Buffer }) => {
    const choosing = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: text('owner_files.upload') }).click();
    await (await choosing).setFiles(file);
  };

  beforeAll(async () => {
    browser = await launch();
    ({ context, page } = await newPage(browser, 'en'));
    await signIn(page, 'admin@demo.ge');
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  it('creates an agent, uploads a PDF to it and sees it listed, then finds it on /documents', async () => {
    await page.goto(`${baseUrl()}/#/agents/create`);
    await page.locator('input[name="name"]').fill(name);
    await page.locator('input[name="personal_number"]').fill('01001012345');
    await page.locator('input[name="fee_percent"]').fill('2.5');
    await page.locator('button[type="submit"]').click();
    await page.waitForURL(/#\/agents\/\d+\/show/);
    await expect.poll(() => page.getByText(name).first().isVisible()).toBe(true);

    await upload({ name: 'agreement.pdf', mimeType: 'application/pdf', buffer: PDF });
    const link = page.getByRole('link', { name: 'agreement.pdf', exact: true });
    const row = page.getByRole('row').filter({ has: link });
    await row.waitFor();
    await expect(link.getAttribute('href')).resolves.toMatch(/^\/api\/files\/documents\/agent\//);
    await expect(row.textContent()).resolves.toContain(`${PDF.length} B`);

    // A text file is refused with the reason shown.
    await upload({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    // the reason is shown above the files and in the failed upload's notice
    await expect.poll(() => page.getByText(text('owner_files.file_type')).first().isVisible()).toBe(true);

    await page.goto(`${baseUrl()}/#/documents`);
    await searchList(page, 'agreement');
    const listed = page.locator('table tbody tr', { hasText: name });
    await listed.first().waitFor();
    await listed.first().getByRole('link', { name }).click();
    await page.waitForURL(/#\/agents\/\d+\/show/);
  });
});
