import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { chromiumMissing, launch } from './browser';
import { PHONE, walkAs } from './walk';

describe.skipIf(chromiumMissing())(`every page of each role's menu on a ${PHONE.width} px phone`, () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  // the administrator walks in Georgian beside the desktop walks; each other role in one of the three languages
  for (const [email, locale, pages, records] of [
    ['accountant@demo.ge', 'ru', 12, 4],
    ['sales_manager@demo.ge', 'en', 14, 7],
    ['property_registrar@demo.ge', 'ka', 6, 1],
    ['booking_registrar@demo.ge', 'ru', 9, 4],
    ['client_manager@demo.ge', 'en', 5, 1],
  ] as const) {
    it(`opens for ${email} in ${locale}: no error, refused call, untranslated text or anything beyond the screen`, () =>
      walkAs(browser, email, locale, { pages, records }, true));
  }
});
