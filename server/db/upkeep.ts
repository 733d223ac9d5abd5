import { sql } from 'drizzle-orm';
import type { Database } from './client';

/**
 * The planner's statistics and the room of dead rows. PostgreSQL's autovacuum keeps both; PGlite, one process with no
 * background workers, never does (measured: 100,000 rows inserted, no statistics 70 s later). Without statistics the
 * planner guesses, and at scale it guesses badly: a payment on a seeded scale-100 database took 622 ms before `analyze`
 * and 38 ms after.
 */
export const refreshStatistics = (database: Pick<Database, 'db'>) => database.db.execute(sql`analyze`);

/** What the embedded database's nightly upkeep runs: dead rows reclaimed and statistics refreshed. */
export const vacuumAndAnalyze = (database: Pick<Database, 'db'>) => database.db.execute(sql`vacuum (analyze)`);

/** An import of at least this many rows refreshes the embedded database's statistics at once, not the next night. */
export const ROWS_WORTH_NEW_STATISTICS = 1000;
