/** Every role's menu walked on a phone in one language: a file per language, so the three run side by side. */
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { chromiumMissing, launch } from './browser';
import { PHONE, walkAs } from './walk';

/** Each demo role, with the least pages its menu has and records its lists open. */
const ROLES = [
  ['admin@demo.ge', 25, 10],
  ['accountant@demo.ge', 12, 4],
  ['sales_manager@demo.ge', 14, 7],
  ['property_registrar@demo.ge', 6, 1],
  ['booking_registrar@demo.ge', 9, 4],
  ['client_manager@demo.ge', 5, 1],
] as const;

export function walkEveryRoleOnPhone(locale: 'ka' | 'en' | 'ru') {
  describe.skipIf(chromiumMissing())(
    `every page of each role's menu on a ${PHONE.width} px phone, in ${locale}`,
    () => {
      let browser: Browser;

      beforeAll(async () => {
        browser = await launch();
      });
      afterAll(async () => {
        await browser?.close();
      });

      for (const [email, pages, records] of ROLES) {
        it(`opens for ${email}: no error, refused call, untranslated text, misshown date or anything beyond the screen`, () =>
          walkAs(browser, email, locale, { pages, records }, true));
      }
    },
  );
}
