import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { chromiumMissing, launch } from './browser';
import { walkAs } from './walk';

describe.skipIf(chromiumMissing())('every page of the menu', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  // on a phone every role walks in each language (walkPhone*.test.ts)
  for (const [email, locale, pages, records] of [
    ['admin@demo.ge', 'ka', 25, 10],
    ['accountant@demo.ge', 'ru', 8, 3],
  ] as const) {
    it(`opens, with its first record, for ${email} in ${locale}: no error, refused call, untranslated text or misshown date`, () =>
      walkAs(browser, email, locale, { pages, records }));
  }
});
