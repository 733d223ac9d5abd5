import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { chromiumMissing, launch } from './browser';
import { PHONE, walkAs } from './walk';

describe.skipIf(chromiumMissing())('every page of the menu', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const [email, locale, pages, records, phone] of [
    ['admin@demo.ge', 'ka', 25, 10, false],
    ['accountant@demo.ge', 'ru', 8, 3, false],
    ['admin@demo.ge', 'ka', 25, 10, true],
  ] as const) {
    const where = phone ? ` on a ${PHONE.width} px phone` : '';
    const checks = `no error, refused call, untranslated text${phone ? ' or anything beyond the screen' : ''}`;
    it(`opens, with its first record, for ${email} in ${locale}${where}: ${checks}`, () =>
      walkAs(browser, email, locale, { pages, records }, phone));
  }
});
