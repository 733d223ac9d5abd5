import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { baseUrl, chromiumMissing, launch, newPage, searchList, signIn } from './browser';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

describe.skipIf(chromiumMissing())('agents in a real browser', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const name = `E2E agent ${Date.now().toString(36)}`;

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

    await page
      .getByTestId('owner-files-input')
      .setInputFiles({ name: 'agreement.pdf', mimeType: 'application/pdf', buffer: PDF });
    const row = page.locator('[data-file="agreement.pdf"]');
    await row.waitFor();
    await expect(row.locator('a').getAttribute('href')).resolves.toMatch(/^\/api\/files\/documents\/agent\//);
    await expect(row.textContent()).resolves.toContain(`${PDF.length} B`);

    // A text file is refused with the reason shown.
    await page
      .getByTestId('owner-files-input')
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect.poll(() => page.getByText(/Only PDF, images/).isVisible()).toBe(true);

    await page.goto(`${baseUrl()}/#/documents`);
    await searchList(page, 'agreement');
    const listed = page.locator('table tbody tr', { hasText: name });
    await listed.first().waitFor();
    await listed.first().getByRole('link', { name }).click();
    await page.waitForURL(/#\/agents\/\d+\/show/);
  });
});
