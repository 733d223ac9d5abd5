/**
 * `npm run db:seed -- --scale N`: writes N times the demo's inventory (3 complexes, about 600 units each set,
 * with features, price lists and bank accounts, 200 customers, 15 agents and 150 sales with their schedules and payments a set, 30 of them with a renovation container) into the configured database (DATABASE_URL, or PGlite in
 * DATA_DIR), for benchmarks. Complex names stay unique ('ვაკის პარკი 2', ...). Prints the counts and the time.
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../../config';
import { rows } from '../client';
import { prepareDatabase } from '../setup';
import { refreshStatistics } from '../upkeep';
import { seedAgents } from './agents';
import { seedCustomers } from './customers';
import { generateInventory } from './inventory';
import { attachConvertedReservations, seedDeals } from './deals';
import { seedCurrencyRates } from './rates';
import { seedSales } from './sales';
import { seedContainers, seedServices } from './services';

const { values } = parseArgs({
  options: { scale: { type: 'string', default: '1' }, seed: { type: 'string' } },
  allowPositionals: false,
});
const scale = Number(values.scale);
if (!Number.isInteger(scale) || scale < 1 || scale > 10_000) {
  console.error('usage: npm run db:seed -- --scale N   (N a whole number from 1 to 10000)');
  process.exit(2);
}

const config = loadConfig();
const database = await prepareDatabase({ ...config, demo: false });
try {
  const started = performance.now();
  const result = await database.db.transaction(async (tx) => {
    const [company] = await rows<{ id: number }>(tx, sql`select id from companies order by id limit 1`);
    const companyId =
      company?.id ??
      (await rows<{ id: number }>(tx, sql`insert into companies (name) values ('შპს „ახალი ქალაქი“') returning id`))[0]
        .id;
    const [{ lastId }] = await rows<{ lastId: number }>(
      tx,
      sql`select coalesce(max(id), 0)::int as "lastId" from buildings`,
    );
    const inventory = await generateInventory(tx, {
      sets: scale,
      companyId,
      seed: values.seed === undefined ? undefined : Number(values.seed),
    });
    // At most 2,000 customers an insert: PostgreSQL takes at most 65,535 parameters a statement.
    for (let left = 200 * scale; left > 0; left -= 2_000)
      await seedCustomers(tx, { count: Math.min(2_000, left), seed: (Date.now() % 100_000) + left });
    for (let i = 0; i < scale; i++) await seedAgents(tx);
    return { ...inventory, lastId };
  });
  const newComplexes = await rows<{ id: number }>(
    database.db,
    sql`select id from buildings where id > ${result.lastId} order by id`,
  );
  await seedDeals(database.db, new Date(), { complexIds: newComplexes.map((c) => c.id) });
  await seedCurrencyRates(database.db);
  const sold = await seedSales(database.db, { complexIds: newComplexes.map((c) => c.id) });
  await attachConvertedReservations(database.db);
  await seedServices(database.db);
  const containers = await seedContainers(database.db, { complexIds: newComplexes.map((c) => c.id) });
  // the planner's statistics of what was just written: without them a payment took 622 ms, not 38 (server/db/upkeep.ts)
  await refreshStatistics(database);
  const seconds = (performance.now() - started) / 1000;
  const c = result.counts;
  const where = database.kind === 'postgres' ? 'PostgreSQL' : `PGlite in ${config.dataDir}`;
  console.log(`scale ${scale} into ${where}:`);
  console.log(
    `  ${c.buildings} complexes, ${c.blocks} blocks, ${c.properties} units, ${c.featureLinks} unit features, ${c.priceLists} price lists, ${c.bankAccounts} bank accounts`,
  );
  console.log(
    `  ${200 * scale} customers, ${15 * scale} agents, reservations in every status and bookings on each new complex`,
  );
  console.log(
    `  ${sold.sales} sales (${sold.canceled} cancelled), ${sold.installments} installments, ${sold.payments} payments, NBG-like USD and EUR rates for two years`,
  );
  console.log(`  ${containers} renovation containers with their schedules and payments (5 services in the catalogue)`);
  console.log(`  written in ${seconds.toFixed(2)} s (${Math.round(c.properties / seconds)} units/s)`);
} finally {
  await database.close();
}
