import { businessToday } from '../../domain/businessDay';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { buildings, sales } from '../../server/db/schema';
import { createStaff, startTestApp, type TestApp } from './harness';
import { makeSale } from './saleFixtures';

let t: TestApp;
let admin: string;
let adminId: number;
let own: Awaited<ReturnType<typeof createStaff>>;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.signIn('admin@demo.ge');
  adminId = (await t.app.inject({ method: 'GET', url: '/api/user', headers: t.as(admin) })).json().user?.id;
  own = await createStaff(t, admin, { permissions: ['view_own_logs', 'view_tasks', 'add_tasks'] });
});
afterAll(() => t.close());

const call = (method: string, url: string, token = admin, payload?: unknown, locale = 'en') =>
  t.app.inject({ method: method as 'GET', url: `/api${url}`, headers: t.as(token, locale), payload: payload as never });

type Entry = {
  user_id: number;
  action: string;
  record_type: string;
  record_id: string;
  record_name: string | null;
  link: string | null;
  changes: Record<string, unknown> | null;
  old_values: Record<string, unknown> | null;
};

describe('POST /logs', () => {
  it('filters by record type, record id, action, user and period, and pages', async () => {
    const task = (await call('POST', '/tasks', admin, { title: 'Logged task' })).json().data;
    await call('POST', '/tasks', admin, { id: task.id, title: 'Logged task, renamed' });
    const res = await call('POST', '/logs', admin, { record_type: 'tasks', record_id: String(task.id) });
    expect(res.statusCode, res.body).toBe(200);
    const entries = res.json().data as Entry[];
    expect(entries.map((e) => e.action).sort()).toEqual(['create', 'update']);
    expect(entries[0]).toMatchObject({ record_type: 'tasks', link: `/tasks/${task.id}` });
    expect(entries[0].user_id).toBeTruthy();

    const today = businessToday();
    const inPeriod = await call('POST', '/logs', admin, { record_type: 'tasks', date_from: today, date_to: today });
    expect(inPeriod.json().meta.total).toBeGreaterThanOrEqual(2);
    const before = await call('POST', '/logs', admin, { record_type: 'tasks', date_to: '2020-01-01' });
    expect(before.json().meta.total).toBe(0);
    const paged = await call('POST', '/logs', admin, { perpage: 1, page: 1 });
    expect(paged.json().data).toHaveLength(1);
    expect(paged.json().meta.total).toBeGreaterThan(1);
    const deletes = await call('POST', '/logs', admin, { action: 'delete' });
    expect((deletes.json().data as Entry[]).every((e) => e.action === 'delete')).toBe(true);
  });

  it('shows view_own_logs only its own entries, whatever user_id asks', async () => {
    await call('POST', '/tasks', own.token, { title: 'My own logged task' });
    const mine = await call('POST', '/logs', own.token, {});
    expect(mine.statusCode).toBe(200);
    const entries = mine.json().data as Entry[];
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.every((e) => e.user_id === own.id)).toBe(true);
    const asked = await call('POST', '/logs', own.token, { user_id: adminId ?? 1 });
    expect((asked.json().data as Entry[]).every((e) => e.user_id === own.id)).toBe(true);
    const all = await call('POST', '/logs', admin, { perpage: 0 });
    expect((all.json().data as Entry[]).some((e) => e.user_id !== own.id)).toBe(true);
  });

  it('is itself not recorded, and is closed to a user without log permissions', async () => {
    await call('POST', '/logs', admin, {});
    const reads = await call('POST', '/logs', admin, { record_type: 'logs' });
    expect(reads.json().meta.total).toBe(0);
    const outsider = await createStaff(t, admin, { permissions: ['view_customers'] });
    expect((await call('POST', '/logs', outsider.token, {})).statusCode).toBe(403);
    expect((await call('GET', '/logs/types', outsider.token)).statusCode).toBe(403);
  });

  it('offers no way to change or delete an entry', async () => {
    expect((await call('DELETE', '/logs/1')).statusCode).toBe(404);
    expect((await call('PUT', '/logs/1', admin, {})).statusCode).toBe(404);
  });
});

describe('old → new', () => {
  it('shows an update of a sale’s price as old → new', async () => {
    const [complex] = await t.database.db.select({ id: buildings.id }).from(buildings).limit(1);
    const sale = await makeSale(t.database.db, {
      buildingId: complex.id,
      price: 10000,
      firstPaymentDate: '2026-02-01',
      paymentsCount: 2,
    });
    const res = await call('PATCH', `/sales/${sale.id}/update-properties`, admin, {
      property_ids: sale.propertyIds,
      price: 12500,
      keep_paid: true,
      first_payment_date: '2026-02-01',
      period_months: 1,
      payments_count: 2,
      formula: null,
    });
    expect(res.statusCode, res.body).toBe(200);
    const entries = (await call('POST', '/logs', admin, { record_type: 'sales', record_id: String(sale.id) })).json()
      .data as Entry[];
    expect(entries).toHaveLength(1);
    // the sale is named by its contract number, as its page names it
    expect(entries[0]).toMatchObject({
      action: 'update',
      link: `/sales/${sale.id}/show`,
      record_name: sale.contractNo,
    });
    expect(entries[0].changes).toMatchObject({ price: 12500 });
    expect(Number(entries[0].old_values?.price)).toBe(10000);
    // a field sent unchanged has no old value
    expect(entries[0].old_values).not.toHaveProperty('payments_count');
  });

  it('writes the entry in the write’s own transaction: if it cannot be written, the sale is not changed', async () => {
    const [complex] = await t.database.db.select({ id: buildings.id }).from(buildings).limit(1);
    const sale = await makeSale(t.database.db, {
      buildingId: complex.id,
      price: 10000,
      firstPaymentDate: '2026-02-01',
      paymentsCount: 2,
    });
    const update = () =>
      call('PATCH', `/sales/${sale.id}/update-properties`, admin, {
        property_ids: sale.propertyIds,
        price: 15000,
        keep_paid: true,
        first_payment_date: '2026-02-01',
        period_months: 1,
        payments_count: 2,
        formula: null,
      });
    const priceNow = async () =>
      Number((await t.database.db.select({ price: sales.price }).from(sales).where(eq(sales.id, sale.id)))[0].price);
    // the log refuses this sale's entries for a moment
    await t.database.db.execute(sql`
      create function refuse_entry() returns trigger as $$
      begin
        if new.record_type = 'sales' and new.record_id = '${sql.raw(String(sale.id))}' then raise exception 'log refused'; end if;
        return new;
      end $$ language plpgsql`);
    await t.database.db.execute(
      sql`create trigger refuse_entry before insert on activity_logs for each row execute function refuse_entry()`,
    );
    try {
      expect((await update()).statusCode).toBe(500);
      expect(await priceNow()).toBe(10000);
    } finally {
      await t.database.db.execute(sql`drop trigger refuse_entry on activity_logs`);
      await t.database.db.execute(sql`drop function refuse_entry()`);
    }
    expect((await update()).statusCode).toBe(200);
    expect(await priceNow()).toBe(15000);
    const entries = (await call('POST', '/logs', admin, { record_type: 'sales', record_id: String(sale.id) })).json()
      .data as Entry[];
    expect(entries).toHaveLength(1);
    expect(Number(entries[0].old_values?.price)).toBe(10000);
  });

  it('shows a task renamed through POST tasks as an update with the old title', async () => {
    const task = (await call('POST', '/tasks', admin, { title: 'Before' })).json().data;
    await call('POST', '/tasks', admin, { id: task.id, title: 'After' });
    const entries = (
      await call('POST', '/logs', admin, { record_type: 'tasks', record_id: String(task.id), action: 'update' })
    ).json().data as Entry[];
    expect(entries).toHaveLength(1);
    expect(entries[0].old_values).toEqual({ title: 'Before' });
    expect(entries[0].changes).toMatchObject({ title: 'After' });
  });
});

describe('GET /logs/types', () => {
  it('names what each action route did: every POST that is not a create declares its own action', async () => {
    // POSTs that create a record under another path than their collection's
    const creates = new Set([
      '/api/bonuses/:bonus_id/items',
      '/api/doc-templates/images',
      '/api/role-permission/roles',
    ]);
    const unnamed = t.app.routeTable.filter(
      (r) =>
        r.method === 'POST' &&
        r.url.split('/').length > 3 &&
        !creates.has(r.url) &&
        !r.url.endsWith('/pay') &&
        !r.config?.readOnly &&
        !r.config?.overrideOf &&
        !r.config?.logAction,
    );
    expect(unnamed.map((r) => r.url)).toEqual([]);
    const names = (await call('GET', '/logs/types', admin, undefined, 'ka')).json().data.actions;
    for (const { id, name } of names) expect(name, id).not.toBe(`logs.actions.${id}`);
    expect(names).toContainEqual({ id: 'reminder_sent', name: 'გადახდის შეხსენება გაიგზავნა' });
  });

  it('names the record types held and the actions in the request language', async () => {
    const res = await call('GET', '/logs/types', admin, undefined, 'ru');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.actions).toContainEqual({ id: 'update', name: 'Изменено' });
    expect(res.json().data.record_types).toContainEqual({ id: 'tasks', name: 'Задача' });
  });

  it('names the steps of a sign-in by what the user did, never by their route', async () => {
    const lines = await call('POST', '/logs', admin, { record_type: 'auth', perpage: 100 });
    const actions = new Set(lines.json().data.map((e: Entry) => e.action));
    expect(actions).toContain('signed_in');
    expect(actions).toContain('code_requested');
    expect([...actions].every((a) => /^[a-z_]+$/.test(a as string))).toBe(true);
    const names = (await call('GET', '/logs/types', admin, undefined, 'ka')).json().data.actions;
    expect(names).toContainEqual({ id: 'signed_in', name: 'შევიდა სისტემაში' });
    expect(names).toContainEqual({ id: 'code_requested', name: 'მოთხოვნილია შესვლის კოდი' });
  });
});

/** Entries `from`..`to` of record type bulk (record id the number), written in SQL, and the table analyzed. */
async function bulkEntries(from: number, to: number) {
  await t.database.db.execute(
    sql`insert into activity_logs (user_id, action, method, route, record_type, record_id, changes, status_code, ip)
        select (select id from users where email = 'admin@demo.ge'), 'update', 'PUT', '/api/bulk', 'bulk', g::text, '{}'::jsonb, 200, '127.0.0.1'
        from generate_series(${from}::int, ${to}::int) g`,
  );
  await t.database.db.execute(sql`analyze activity_logs`);
}

describe('a log too large to count', () => {
  it("counts up to 10,000 entries exactly; beyond that the total is the database's estimate, marked so", async () => {
    await bulkEntries(1, 10050);
    const all = await call('POST', '/logs', admin, { perpage: 25, page: 2 });
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().data).toHaveLength(25);
    expect(all.json().meta.total_estimated).toBe(true);
    expect(all.json().meta.total).toBeGreaterThan(10_000);
    const few = await call('POST', '/logs', admin, { record_type: 'bulk', record_id: '77' });
    expect(few.json().meta).toMatchObject({ total: 1 });
    expect(few.json().meta.total_estimated).toBeUndefined();
    // far beyond: the estimate alone, nothing counted
    await bulkEntries(10051, 25000);
    const more = await call('POST', '/logs', admin, { perpage: 25, page: 2 });
    expect(more.json().meta.total_estimated).toBe(true);
    expect(more.json().meta.total).toBeGreaterThan(15_000);
    expect((await call('POST', '/logs', admin, { record_type: 'bulk', record_id: '25000' })).json().meta).toMatchObject(
      { total: 1 },
    );
  });
});

describe('a write that records itself', () => {
  it('a customer changed records its own line, with the old name, and stands or falls with it', async () => {
    const customer = (
      await call('POST', '/customers', admin, {
        name_ka: 'ძველი სახელი',
        personal_number: `98${String(Date.now()).slice(-9)}`,
      })
    ).json().data;
    const rename = () => call('PUT', `/customers/${customer.id}`, admin, { name_ka: 'ახალი სახელი' });
    const nameNow = async () => (await call('GET', `/customers/${customer.id}`, admin)).json().data.name_ka as string;
    await t.database.db.execute(sql`create function refuse_entry() returns trigger as $$
      begin raise exception 'no log line'; end $$ language plpgsql`);
    await t.database.db.execute(
      sql`create trigger refuse_entry before insert on activity_logs for each row execute function refuse_entry()`,
    );
    try {
      expect((await rename()).statusCode).toBe(500);
      expect(await nameNow()).toBe('ძველი სახელი');
    } finally {
      await t.database.db.execute(sql`drop trigger refuse_entry on activity_logs`);
      await t.database.db.execute(sql`drop function refuse_entry()`);
    }
    expect((await rename()).statusCode).toBe(200);
    expect(await nameNow()).toBe('ახალი სახელი');
    const entries = (
      await call('POST', '/logs', admin, { record_type: 'customers', record_id: String(customer.id) })
    ).json().data as Entry[];
    expect(entries.map((e) => e.action).sort()).toEqual(['create', 'update']);
    const update = entries.find((e) => e.action === 'update')!;
    expect(update.old_values).toEqual({ name_ka: 'ძველი სახელი' });
    expect(update.changes).toMatchObject({ name_ka: 'ახალი სახელი' });
    // each line names the customer as they are called now, in the reader's language (Georgian when no other)
    expect(entries.map((e) => e.record_name)).toEqual(['ახალი სახელი', 'ახალი სახელი']);
    await call('PUT', `/customers/${customer.id}`, admin, { name_en: 'New Name' });
    const inEnglish = (
      await call('POST', '/logs', admin, { record_type: 'customers', record_id: String(customer.id) }, 'en')
    ).json().data as Entry[];
    expect(inEnglish[0].record_name).toBe('New Name');
    const inGeorgian = (
      await call('POST', '/logs', admin, { record_type: 'customers', record_id: String(customer.id) }, 'ka')
    ).json().data as Entry[];
    expect(inGeorgian[0].record_name).toBe('ახალი სახელი');
  });
});
