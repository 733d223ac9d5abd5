import { eq, sql } from 'drizzle-orm';
import { ROLE_NAMES } from '../../../domain/permissions';
import type { Db } from '../client';
import { companies, roles, userBuildings, userRoles, users } from '../schema';
import { hashPassword } from '../../core/crypto';
import { generateInventory } from './inventory';
import { seedCustomers } from './customers';
import { seedAgents } from './agents';
import { seedBarter } from './barter';
import { attachConvertedReservations, seedDeals } from './deals';
import { seedCurrencyRates } from './rates';
import { seedSales } from './sales';
import { seedBonuses } from './bonuses';
import { seedContainers, seedServices } from './services';
import { seedPaperwork } from './paperwork';
import { seedTemplates } from './templates';

export const DEMO_PASSWORD = 'demo1234';

const DEMO_NAMES: Record<(typeof ROLE_NAMES)[number], string> = {
  admin: 'ნინო ბერიძე',
  accountant: 'გიორგი კაპანაძე',
  sales_manager: 'მარიამ ლომიძე',
  property_registrar: 'დავით ხარაიშვილი',
  booking_registrar: 'ანა ჯაფარიძე',
  client_manager: 'ლევან მამულაშვილი',
};

/**
 * First start with DEMO on: one company, its three complexes with blocks, about 600 units, features, price lists
 * and bank accounts (seed/inventory.ts, the same every time), one user per role, the sales and their
 * paperwork, and templates to print (the Word one's file under `filesDir`). Runs only on an empty database; the
 * registrars and the sales manager are assigned to the first complex.
 */
export async function seedDemo(db: Db, filesDir: string): Promise<boolean> {
  const [{ n }] = await db.select({ n: sql<number>`cast(count(*) as integer)` }).from(users);
  if (n > 0) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const [company] = await tx
      .insert(companies)
      .values({
        name: 'შპს „ახალი ქალაქი“',
        identificationCode: '405123456',
        director: 'ნინო ბერიძე',
        directorPid: '01001012345',
        phone: '+995 32 2 123 456',
        email: 'info@demo.ge',
        address: 'თბილისი, ჭავჭავაძის გამზ. 37',
      })
      .returning();
    const { buildings: complexes } = await generateInventory(tx, { sets: 1, companyId: company.id });
    const roleRows = await tx.select().from(roles);
    for (const role of ROLE_NAMES) {
      const [user] = await tx
        .insert(users)
        .values({ fullName: DEMO_NAMES[role], email: `${role}@demo.ge`, phone: '+995 555 000 000', passwordHash })
        .returning();
      await tx.insert(userRoles).values({ userId: user.id, roleId: roleRows.find((r) => r.name === role)!.id });
      if (role === 'property_registrar' || role === 'booking_registrar' || role === 'sales_manager') {
        await tx.insert(userBuildings).values({ userId: user.id, buildingId: complexes[0].id });
      }
    }
    await tx.update(users).set({ phone: '+995 599 123 456' }).where(eq(users.email, 'admin@demo.ge'));
  });
  await seedAgents(db);
  await seedCustomers(db);
  await seedDeals(db);
  await seedBarter(db);
  await seedCurrencyRates(db);
  await seedSales(db);
  await attachConvertedReservations(db);
  await seedBonuses(db);
  await seedServices(db);
  await seedContainers(db);
  await seedPaperwork(db);
  await seedTemplates(db, filesDir);
  return true;
}
