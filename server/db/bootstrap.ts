import { randomBytes } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { DEFAULT_ROLE_PERMISSIONS, PERMISSIONS, ROLE_NAMES } from '../../domain/permissions';
import type { Db } from './client';
import { banks, rolePermissions, roles, settings, userRoles, users } from './schema';
import { hashPassword } from '../core/crypto';

/** The secret that signs file URLs and one-time codes: made once, kept in the database for every process. */
export async function signingSecret(db: Db): Promise<string> {
  await db
    .insert(settings)
    .values({ key: 'signing_secret', value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(settings).where(eq(settings.key, 'signing_secret'));
  return row.value;
}

/**
 * Run on every start: the built-in roles exist (with their default permissions when first made), and the admin
 * role holds every permission the code knows, including ones added since the database was made.
 */
export async function ensureRoles(db: Db) {
  await db.transaction(async (tx) => {
    const created = await tx
      .insert(roles)
      .values(ROLE_NAMES.map((name) => ({ name, builtIn: true })))
      .onConflictDoNothing()
      .returning();
    const rows = created.flatMap((role) =>
      DEFAULT_ROLE_PERMISSIONS[role.name as keyof typeof DEFAULT_ROLE_PERMISSIONS].map((permission) => ({
        roleId: role.id,
        permission,
      })),
    );
    if (rows.length) await tx.insert(rolePermissions).values(rows).onConflictDoNothing();
    const [admin] = await tx.select().from(roles).where(eq(roles.name, 'admin'));
    await tx
      .insert(rolePermissions)
      .values(PERMISSIONS.map((permission) => ({ roleId: admin.id, permission })))
      .onConflictDoNothing();
  });
}

/** ADMIN_EMAIL and ADMIN_PASSWORD make the first administrator of a database that has no users (production). */
export async function ensureFirstAdmin(db: Db, email: string | undefined, password: string | undefined) {
  if (!email || !password) return;
  const [{ n }] = await db.select({ n: sql<number>`cast(count(*) as integer)` }).from(users);
  if (n > 0) return;
  const [user] = await db
    .insert(users)
    .values({ fullName: 'Administrator', email, passwordHash: await hashPassword(password) })
    .returning();
  const [admin] = await db
    .select()
    .from(roles)
    .where(inArray(roles.name, ['admin']));
  await db.insert(userRoles).values({ userId: user.id, roleId: admin.id });
}

/** The 15 Georgian banks, with their IBAN bank code and SWIFT code. */
export const GEORGIAN_BANKS = [
  { title: 'საქართველოს ბანკი', titleEn: 'Bank of Georgia', ibanCode: 'BG', code: 'BAGAGE22' },
  { title: 'თიბისი ბანკი', titleEn: 'TBC Bank', ibanCode: 'TB', code: 'TBCBGE22' },
  { title: 'ლიბერთი ბანკი', titleEn: 'Liberty Bank', ibanCode: 'LB', code: 'LBRTGE22' },
  { title: 'კრედო ბანკი', titleEn: 'Credo Bank', ibanCode: 'CD', code: 'JSCRGE22' },
  { title: 'პროკრედიტ ბანკი', titleEn: 'ProCredit Bank', ibanCode: 'PC', code: 'MIBGGE22' },
  { title: 'ბაზისბანკი', titleEn: 'Basisbank', ibanCode: 'BS', code: 'CBASGE22' },
  { title: 'ქართუ ბანკი', titleEn: 'Cartu Bank', ibanCode: 'CR', code: 'CRTUGE22' },
  { title: 'ტერაბანკი', titleEn: 'Terabank', ibanCode: 'KS', code: 'TEBAGE22' },
  { title: 'ხალიკ ბანკი საქართველო', titleEn: 'Halyk Bank Georgia', ibanCode: 'HB', code: 'HABGGE22' },
  { title: 'სილქ როუდ ბანკი', titleEn: 'Silk Road Bank', ibanCode: 'BT', code: 'DISNGE22' },
  { title: 'ვითიბი ბანკი ჯორჯია', titleEn: 'VTB Bank Georgia', ibanCode: 'VT', code: 'UGEBGE22' },
  { title: 'ზირაათ ბანკი საქართველო', titleEn: 'Ziraat Bank Georgia', ibanCode: 'ZB', code: 'TCZBGE22' },
  { title: 'პაშა ბანკი საქართველო', titleEn: 'PASHA Bank Georgia', ibanCode: 'PB', code: 'PAHAGE22' },
  { title: 'იშბანკი საქართველო', titleEn: 'Isbank Georgia', ibanCode: 'IS', code: 'ISBKGE22' },
  { title: 'პეისერა საქართველო', titleEn: 'Paysera Georgia', ibanCode: 'PS', code: 'PSRAGE22' },
] as const;

/**
 * Run on every start: the 15 Georgian banks are there from the first start. They are added once per
 * database (a settings mark records it), so a bank an administrator deleted does not come back on restart;
 * a bank already present under the same SWIFT or IBAN code is left as it is.
 */
export async function ensureBanks(db: Db) {
  await db.transaction(async (tx) => {
    const [marked] = await tx
      .insert(settings)
      .values({ key: 'banks_seeded', value: new Date().toISOString() })
      .onConflictDoNothing()
      .returning();
    if (!marked) return;
    await tx
      .insert(banks)
      .values(GEORGIAN_BANKS.map((b) => ({ ...b })))
      .onConflictDoNothing();
  });
}
