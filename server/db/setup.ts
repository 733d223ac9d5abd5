import type { ServerConfig } from '../config';
import { migrateDatabase, openDatabase, type Database } from './client';
import { ensureBanks, ensureFirstAdmin, ensureRoles } from './bootstrap';
import { seedDemo } from './seed/demo';
import { refreshStatistics } from './upkeep';

/** Opens the configured database and brings it to the current schema and built-in data. */
export async function prepareDatabase(
  config: Pick<ServerConfig, 'databaseUrl' | 'dataDir' | 'demo' | 'adminEmail' | 'adminPassword' | 'filesDir'>,
): Promise<Database> {
  return prepareOpenedDatabase(await openDatabase(config), config);
}

/** The same for a database already open (the tests open theirs from a seeded template). */
export async function prepareOpenedDatabase(
  database: Database,
  config: Pick<ServerConfig, 'demo' | 'adminEmail' | 'adminPassword' | 'filesDir'>,
): Promise<Database> {
  await migrateDatabase(database);
  await ensureRoles(database.db);
  await ensureBanks(database.db);
  // a new demo's statistics at once: PGlite would otherwise plan without any until the night's upkeep
  if (config.demo && (await seedDemo(database.db, config.filesDir))) await refreshStatistics(database);
  await ensureFirstAdmin(database.db, config.adminEmail, config.adminPassword);
  return database;
}
