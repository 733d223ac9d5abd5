/**
 * Prints the inventory's speed figures: how long `--scale N` takes to write N demo volumes, and how fast
 * GET /api/board/:id answers for a 25-floor block of 300 units in a database that large.
 *
 *   npx tsx bench/board.ts [--scale 10]                       PGlite in memory
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/board.ts --scale 100
 *
 * On PostgreSQL a scratch database is made beside the one named and dropped afterwards.
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { sha256 } from '../server/core/crypto';
import { prepareDatabase } from '../server/db/setup';
import { generateInventory } from '../server/db/seed/inventory';

const { values } = parseArgs({
  options: { scale: { type: 'string', default: '10' }, requests: { type: 'string', default: '50' } },
});
const scale = Number(values.scale);
const requests = Number(values.requests);

async function scratchDatabase(): Promise<{ url?: string; drop(): Promise<void> }> {
  const server = process.env.BENCH_DATABASE_URL;
  if (!server) return { drop: async () => {} };
  const { Client } = await import('pg');
  const name = `bench_board_${randomBytes(4).toString('hex')}`;
  const admin = new Client({ connectionString: server });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new Client({ connectionString: server });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

const rows = async <T>(db: { execute: (q: ReturnType<typeof sql>) => Promise<unknown> }, q: ReturnType<typeof sql>) =>
  ((await db.execute(q)) as { rows: T[] }).rows;
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];

const scratch = await scratchDatabase();
const config = {
  ...loadConfig({ ...process.env, DATABASE_URL: scratch.url ?? '', DATA_DIR: 'memory://', DEMO: 'false' }),
  dataDir: 'memory://',
};
const database = await prepareDatabase(config);
try {
  const db = database.db;
  const seedStarted = performance.now();
  const { counts } = await db.transaction((tx) => generateInventory(tx, { sets: scale }));
  const seedSeconds = (performance.now() - seedStarted) / 1000;

  // A 25-floor block of 300 units (12 a floor) in a complex of its own.
  const [building] = await rows<{ id: number }>(
    db,
    sql`insert into buildings (name) values ('Bench tower') returning id`,
  );
  const [block] = await rows<{ id: number }>(
    db,
    sql`insert into blocks (building_id, name, floors) values (${building.id}, '1', 25) returning id`,
  );
  await db.execute(sql`
    insert into properties (building_id, block_id, no, floor, area, rooms, status, price_per_m2, price, view, state)
    select ${building.id}, ${block.id}, n::text, 1 + (n - 1) / 12, 40 + n % 80, 1 + n % 4, (array['free','free','free','sold','booked','not_for_sale'])[1 + n % 6],
           1200, (40 + n % 80) * 1200, (array['city','park','yard'])[1 + n % 3], 'white_frame'
    from generate_series(1, 300) as n`);
  await db.execute(sql`analyze`);

  // An administrator with a session, so the call goes through the whole HTTP path (access, scope, serialisation).
  const [user] = await rows<{ id: number }>(
    db,
    sql`insert into users (full_name, email, password_hash) values ('Bench', 'bench@demo.ge', 'x') returning id`,
  );
  await db.execute(
    sql`insert into user_roles (user_id, role_id) select ${user.id}, id from roles where name = 'admin'`,
  );
  const token = randomBytes(24).toString('base64url');
  await db.execute(
    sql`insert into sessions (user_id, token_hash, expires_at) values (${user.id}, ${sha256(token)}, now() + interval '1 hour')`,
  );

  const app = await buildApp({ config, database });
  await app.ready();
  const time = async (url: string) => {
    const headers = { authorization: `Bearer ${token}`, 'content-language': 'en' };
    for (let i = 0; i < 5; i++) await app.inject({ method: 'GET', url, headers });
    const times: number[] = [];
    for (let i = 0; i < requests; i++) {
      const started = performance.now();
      const res = await app.inject({ method: 'GET', url, headers });
      times.push(performance.now() - started);
      if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body}`);
    }
    times.sort((a, b) => a - b);
    return `median ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms`;
  };
  const whole = await time(`/api/board/${building.id}`);
  const filtered = await time(
    `/api/board/${building.id}?block_id=${block.id}&rooms=2&price_from=50000&price_to=120000&status[]=free`,
  );
  await app.close();

  const total = await rows<{ n: number }>(db, sql`select count(*)::int as n from properties`);
  console.log(`database: ${database.kind}`);
  console.log(
    `seed --scale ${scale}: ${counts.buildings} complexes, ${counts.blocks} blocks, ${counts.properties} units, ${counts.featureLinks} unit features in ${seedSeconds.toFixed(2)} s`,
  );
  console.log(`board of a 25-floor block of 300 units, among ${total[0].n} units (${requests} requests each):`);
  console.log(`  whole complex:        ${whole}`);
  console.log(`  block and 4 filters:  ${filtered}`);
} finally {
  await database.close();
  await scratch.drop();
}
