import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { isValidIBAN } from 'ibantools';
import { rows, type Db } from '../../server/db/client';
import { generateInventory } from '../../server/db/seed/inventory';
import { startTestApp, type TestApp } from './harness';

const one = async <T>(db: Db, query: ReturnType<typeof sql>) => (await rows<T>(db, query))[0];

/** What the demo holds, in one string: equal fingerprints mean equal data. */
const fingerprint = (db: Db) =>
  one<{ f: string }>(
    db,
    sql`select md5(string_agg(concat_ws('|', b.name, bl.name, p.no, p.floor, p.area, p.rooms, p.type, p.state, p.view, p.status, p.price, p.cad_code), ',' order by b.name, bl.name, p.no)) as f
        from properties p join buildings b on b.id = p.building_id join blocks bl on bl.id = p.block_id`,
  ).then((r) => r.f);

let t: TestApp;
let db: Db;
beforeAll(async () => {
  t = await startTestApp();
  db = t.database.db;
});
afterAll(() => t.close());

describe('the demo inventory', () => {
  it('has the three complexes, each with blocks, about 600 units in all', async () => {
    const complexes = await rows<{ name: string; blocks: number; units: number; top: number }>(
      db,
      sql`select b.name, (select count(*)::int from blocks bl where bl.building_id = b.id) as blocks,
                 (select count(*)::int from properties p where p.building_id = b.id) as units,
                 (select max(floor)::int from properties p where p.building_id = b.id) as top
          from buildings b order by b.id`,
    );
    expect(complexes.map((c) => c.name)).toEqual(['ვაკის პარკი', 'საბურთალოს კოშკები', 'ბათუმის ბულვარი']);
    expect(complexes.map((c) => c.blocks)).toEqual([2, 2, 1]);
    const total = complexes.reduce((sum, c) => sum + c.units, 0);
    expect(total).toBeGreaterThanOrEqual(560);
    expect(total).toBeLessThanOrEqual(640);
    // Tbilisi and Batumi towers: 16 to 25 floors.
    for (const c of complexes) {
      expect(c.top, c.name).toBeGreaterThanOrEqual(16);
      expect(c.top, c.name).toBeLessThanOrEqual(25);
    }
  });

  it('numbers every unit once within its block', async () => {
    const duplicates = await rows(
      db,
      sql`select block_id, no from properties group by block_id, no having count(*) > 1`,
    );
    expect(duplicates).toEqual([]);
    const withoutBlock = await one<{ n: number }>(
      db,
      sql`select count(*)::int as n from properties where block_id is null`,
    );
    expect(withoutBlock.n).toBe(0);
  });

  it('prices every unit at its area times its price per m², to the cent, in a realistic range', async () => {
    const wrong = await one<{ n: number }>(
      db,
      sql`select count(*)::int as n from properties where price is distinct from round(area * price_per_m2, 2)`,
    );
    expect(wrong.n).toBe(0);
    const perM2 = await one<{ low: string; high: string }>(
      db,
      sql`select min(price_per_m2) as low, max(price_per_m2) as high from properties where type = 'apartment'`,
    );
    expect(Number(perM2.low)).toBeGreaterThanOrEqual(850);
    expect(Number(perM2.high)).toBeLessThanOrEqual(2000);
    // Higher floors cost more per m² than the second floor in the same block and column of units.
    const climb = await one<{ n: number }>(
      db,
      sql`select count(*)::int as n from properties low join properties high on high.block_id = low.block_id and high.type = 'apartment' and low.type = 'apartment'
          and high.view = low.view and high.area = low.area and high.floor > low.floor + 5 where high.price_per_m2 <= low.price_per_m2`,
    );
    expect(climb.n).toBe(0);
    const seaPremium = await one<{ sea: string; city: string }>(
      db,
      sql`select avg(price_per_m2) filter (where view = 'sea') as sea, avg(price_per_m2) filter (where view = 'city') as city
          from properties p join buildings b on b.id = p.building_id where b.name = 'ბათუმის ბულვარი' and p.type = 'apartment'`,
    );
    expect(Number(seaPremium.sea)).toBeGreaterThan(Number(seaPremium.city));
  });

  it('has studios of 30-45 m², larger flats, penthouses on top, shops on the ground floor, parking below', async () => {
    const studios = await one<{ low: string; high: string }>(
      db,
      sql`select min(area) as low, max(area) as high from properties where type = 'apartment' and rooms = 1`,
    );
    expect(Number(studios.low)).toBeGreaterThanOrEqual(30);
    expect(Number(studios.high)).toBeLessThanOrEqual(45);
    const flats = await one<{ low: string; high: string }>(
      db,
      sql`select min(area) as low, max(area) as high from properties where type = 'apartment' and rooms > 1`,
    );
    expect(Number(flats.low)).toBeGreaterThanOrEqual(50);
    expect(Number(flats.high)).toBeLessThanOrEqual(140);
    const misplacedPenthouses = await one<{ n: number; total: number }>(
      db,
      sql`select count(*) filter (where p.floor <> bl.floors)::int as n, count(*)::int as total from properties p join blocks bl on bl.id = p.block_id where p.type = 'penthouse'`,
    );
    expect(misplacedPenthouses).toEqual({ n: 0, total: expect.any(Number) });
    expect(misplacedPenthouses.total).toBeGreaterThan(0);
    const byType = await rows<{ type: string; floors: number[] }>(
      db,
      sql`select type, array_agg(distinct floor order by floor) as floors from properties where type in ('commercial', 'parking') group by type order by type`,
    );
    expect(byType).toEqual([
      { type: 'commercial', floors: [1] },
      { type: 'parking', floors: [-2, -1] },
    ]);
    const statuses = await rows<{ status: string; n: number }>(
      db,
      sql`select status, count(*)::int as n from properties group by status order by n desc`,
    );
    expect(statuses[0].status).toBe('free');
    // Units in a deal are exactly those the demo's reservations, bookings, barters and live sales hold.
    expect(statuses.map((s) => s.status).sort()).toEqual([
      'barter',
      'booked',
      'free',
      'not_for_sale',
      'pre_booked',
      'sold',
    ]);
    const unheld = await one<{ n: number }>(
      db,
      sql`select count(*)::int as n from properties p where
            (p.status = 'pre_booked' and not exists (select 1 from pre_sale_bookings r where r.property_id = p.id and r.status in ('pending', 'approved')))
         or (p.status = 'booked' and not exists (select 1 from bookings b where b.property_id = p.id and b.status = 'active'))
         or (p.status = 'barter' and not exists (select 1 from barter_properties bp where bp.property_id = p.id))
         or (p.status = 'sold' and not exists (select 1 from sale_properties sp join sales s on s.id = sp.sale_id where sp.property_id = p.id and s.deleted_at is null))`,
    );
    expect(unheld.n).toBe(0);
    // a converted reservation is one a live sale of its unit and customer took over
    const stranded = await one<{ n: number }>(
      db,
      sql`select count(*)::int as n from pre_sale_bookings r where r.status = 'converted' and not exists (
            select 1 from sales s join sale_properties sp on sp.sale_id = s.id
            where s.pre_sale_booking_id = r.id and sp.property_id = r.property_id and s.customer_id = r.customer_id
              and s.deleted_at is null)`,
    );
    expect(stranded.n).toBe(0);
    const views = await rows<{ view: string }>(db, sql`select distinct view from properties where view is not null`);
    expect(views.length).toBeGreaterThanOrEqual(5);
    const cadCodes = await one<{ missing: number; distinct: number; total: number }>(
      db,
      sql`select count(*) filter (where cad_code is null)::int as missing, count(distinct cad_code)::int as distinct, count(*)::int as total from properties`,
    );
    expect(cadCodes.missing).toBe(0);
    expect(cadCodes.distinct).toBe(cadCodes.total);
  });

  it('gives every complex a price list and accounts with valid Georgian IBANs at banks found by code', async () => {
    const complexes = await rows<{ name: string; price_lists: number; accounts: number }>(
      db,
      sql`select b.name, (select count(*)::int from price_lists pl where pl.building_id = b.id) as price_lists,
                 (select count(*)::int from bank_accounts a where a.building_id = b.id) as accounts from buildings b`,
    );
    for (const c of complexes) {
      expect(c.price_lists, c.name).toBe(1);
      expect(c.accounts, c.name).toBeGreaterThanOrEqual(1);
      expect(c.accounts, c.name).toBeLessThanOrEqual(2);
    }
    const accounts = await rows<{ iban: string; iban_usd: string; iban_eur: string; iban_code: string; code: string }>(
      db,
      sql`select a.iban, a.iban_usd, a.iban_eur, k.iban_code, k.code from bank_accounts a join banks k on k.id = a.bank_id`,
    );
    expect(new Set(accounts.map((a) => a.code))).toEqual(new Set(['BAGAGE22', 'TBCBGE22']));
    for (const account of accounts) {
      for (const iban of [account.iban, account.iban_usd, account.iban_eur]) {
        expect(iban).toMatch(/^GE\d{2}[A-Z]{2}\d{16}$/);
        expect(isValidIBAN(iban), iban).toBe(true);
        expect(iban.slice(4, 6)).toBe(account.iban_code);
      }
    }
    // The seed made no banks of its own: the 15 Georgian banks are all there are.
    expect((await one<{ n: number }>(db, sql`select count(*)::int as n from banks`)).n).toBe(15);
  });

  it('has feature groups and features named in Georgian, English and Russian, carried by the units', async () => {
    const features = await rows<{ name_ka: string; name_en: string; name_ru: string; group_en: string; units: number }>(
      db,
      sql`select f.name_ka, f.name_en, f.name_ru, g.name_en as group_en, (select count(*)::int from property_feature_links l where l.feature_id = f.id) as units
          from property_features f join property_feature_groups g on g.id = f.group_id`,
    );
    expect(features.map((f) => f.name_en)).toEqual(
      expect.arrayContaining(['Balcony', 'Terrace', 'Parking space', 'Storage room', 'Central heating']),
    );
    expect(features.find((f) => f.name_en === 'Balcony')).toMatchObject({
      name_ka: 'აივანი',
      name_ru: 'Балкон',
      group_en: 'Outdoor space',
    });
    for (const f of features) expect(f.units, f.name_en).toBeGreaterThan(0);
  });

  it('keeps the demo users and assigns the registrars and the sales manager to the first complex', async () => {
    const assigned = await rows<{ email: string; name: string }>(
      db,
      sql`select u.email, b.name from user_buildings ub join users u on u.id = ub.user_id join buildings b on b.id = ub.building_id order by u.email`,
    );
    expect(assigned).toEqual([
      { email: 'booking_registrar@demo.ge', name: 'ვაკის პარკი' },
      { email: 'property_registrar@demo.ge', name: 'ვაკის პარკი' },
      { email: 'sales_manager@demo.ge', name: 'ვაკის პარკი' },
    ]);
  });
});

describe('the scale seed (npm run db:seed -- --scale N)', () => {
  let fresh: TestApp;
  beforeAll(async () => {
    fresh = await startTestApp();
  });
  afterAll(() => fresh?.close());

  it('has paperwork to show: invoices for the next installment owing, cancellation notices when overdue', async () => {
    const invoiced = await rows<{ owing: string; amount: string; next: boolean }>(
      db,
      sql`select (i.amount - i.paid)::text as owing, v.amount::text as amount,
            i.number = (select min(n.number) from installments n where n.sale_id = i.sale_id and n.paid < n.amount) as next
          from invoices v join installments i on i.id = v.installment_id`,
    );
    expect(invoiced.length).toBeGreaterThanOrEqual(3);
    for (const invoice of invoiced)
      expect(invoice).toEqual({ owing: invoice.amount, amount: invoice.amount, next: true });
    const notices = await rows<{ status: string; days_late: number; history: number }>(
      db,
      sql`select s.status, c.days_late, (select count(*)::int from sale_histories h
            where h.sale_id = s.id and h.action = 'cancellation_notice') as history
          from cancellation_notices c join sales s on s.id = c.sale_id`,
    );
    expect(notices.length).toBeGreaterThanOrEqual(1);
    for (const notice of notices) {
      expect(notice.status).toBe('overdue');
      expect(notice.days_late).toBeGreaterThan(0);
      expect(notice.history).toBe(1);
    }
  });

  it('seeds the same demo every time', async () => {
    expect(await fingerprint(fresh.database.db)).toBe(await fingerprint(db));
  });

  it('adds N times the demo volume with unique complex names', async () => {
    const demoUnits = (await one<{ n: number }>(fresh.database.db, sql`select count(*)::int as n from properties`)).n;
    const result = await fresh.database.db.transaction((tx) => generateInventory(tx, { sets: 2 }));
    expect(result.counts).toMatchObject({
      buildings: 6,
      blocks: 10,
      properties: 2 * demoUnits,
      priceLists: 6,
      bankAccounts: 10,
    });
    const names = (await rows<{ name: string }>(fresh.database.db, sql`select name from buildings order by id`)).map(
      (r) => r.name,
    );
    expect(names).toHaveLength(9);
    expect(new Set(names).size).toBe(9);
    expect(names).toEqual(expect.arrayContaining(['ვაკის პარკი 2', 'ბათუმის ბულვარი 3']));
    expect((await one<{ n: number }>(fresh.database.db, sql`select count(*)::int as n from properties`)).n).toBe(
      3 * demoUnits,
    );
    // The features are shared, not copied.
    expect(
      (await one<{ n: number }>(fresh.database.db, sql`select count(*)::int as n from property_feature_groups`)).n,
    ).toBe(3);
  });

  it('runs as a command against the configured database and prints counts and seconds', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'seed-cli-'));
    try {
      const { stdout } = await promisify(execFile)(
        process.execPath,
        ['--import', 'tsx', 'server/db/seed/cli.ts', '--scale', '1'],
        {
          cwd: path.resolve(import.meta.dirname, '../..'),
          env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
          timeout: 60_000,
        },
      );
      expect(stdout).toMatch(/3 complexes, 5 blocks, \d{3} units/);
      expect(stdout).toMatch(/written in \d+\.\d+ s/);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});
