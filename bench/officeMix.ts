/**
 * The office's mix for the load bench: what staff vary, drawn at random for each request. Administrators, accountants
 * and sales managers of one complex each; every list with its common filters and sorts over several pages; searches by
 * Georgian and Latin names, personal numbers and contract numbers; record pages of many sales and customers; boards
 * of many complexes; payments lists and small payments. A one-complex user asks only for its own complex's records.
 */
import type pg from 'pg';
import { sha256 } from '../server/core/crypto';
import { sessionFor, smallPayment } from './shared';

/** One request of the mix. */
export interface Call {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  headers?: Record<string, string>;
}

/** A simulated member of staff: a session and what it may open. */
export interface Member {
  role: string;
  token: string;
  sales: number[];
  customers: number[];
  complexes: number[];
  /** The calls its role may not make (a sales manager neither lists nor takes payments). */
  refused: ReadonlySet<string>;
}

/**
 * How many of each role among `users` sessions:
 * six in ten administrators, one in ten accountants, three in ten sales managers of one complex each.
 */
const ROLE_SHARES = [
  { role: 'admin', share: 0.6 },
  { role: 'accountant', share: 0.1 },
  { role: 'sales_manager', share: 0.3 },
];

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)];
const page = (max = 5) => 1 + Math.floor(Math.random() * max);
const query = (entries: Array<[string, string | number | undefined]>) =>
  entries
    .filter((e): e is [string, string | number] => e[1] !== undefined && e[1] !== '')
    .map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`)
    .join('&');

/**
 * What the mix draws from: the complexes, each complex's sales and customers,
 * names and numbers to search, sales to pay.
 */
async function mixSources(db: pg.Client) {
  const complexes = (await db.query('select id from buildings order by id')).rows.map((r) => r.id as number);
  const salesOf = new Map<number, number[]>();
  for (const row of (
    await db.query(
      `select building_id, array_agg(id order by md5(id::text)) as ids from sales where deleted_at is null
        group by building_id`,
    )
  ).rows)
    salesOf.set(row.building_id, (row.ids as number[]).slice(0, 500));
  const customersOf = new Map<number, number[]>();
  for (const row of (
    await db.query(
      `select s.building_id, array_agg(distinct s.customer_id) as ids from sales s where s.deleted_at is null
        group by s.building_id`,
    )
  ).rows)
    customersOf.set(row.building_id, (row.ids as number[]).slice(0, 300));
  const firstNames = (
    await db.query(
      `select distinct split_part(name_ka, ' ', 1) as name from customers where type = 'individual' limit 40`,
    )
  ).rows.map((r) => r.name as string);
  const latinNames = (
    await db.query(
      `select distinct split_part(name_en, ' ', 1) as name from customers where name_en is not null limit 40`,
    )
  ).rows.map((r) => r.name as string);
  const personalNumbers = (
    await db.query(
      `select personal_number from customers where personal_number is not null order by md5(id::text) limit 200`,
    )
  ).rows.map((r) => (r.personal_number as string).slice(0, 6));
  const contractNumbers = (await db.query(`select contract_no from sales order by md5(id::text) limit 200`)).rows.map(
    (r) => r.contract_no as string,
  );
  const payable = (
    await db.query(
      `select id, currency, building_id from sales where deleted_at is null and status in ('active', 'overdue')
        and price - paid_total >= 1000 order by md5(id::text) limit 5000`,
    )
  ).rows as Array<{ id: number; currency: string; building_id: number }>;
  return { complexes, salesOf, customersOf, firstNames, latinNames, personalNumbers, contractNumbers, payable };
}
type MixSources = Awaited<ReturnType<typeof mixSources>>;

/**
 * `users` members of staff by ROLE_SHARES, each with a session;
 * a sales manager is made the manager of its complex's sales.
 */
async function openSessions(db: pg.Client, users: number, { complexes, salesOf, customersOf }: MixSources) {
  const members: Member[] = [];
  for (let i = 0; i < users; i++) {
    let role = ROLE_SHARES[ROLE_SHARES.length - 1].role;
    let bound = 0;
    for (const share of ROLE_SHARES) {
      bound += share.share;
      if ((i + 0.5) / users < bound) {
        role = share.role;
        break;
      }
    }
    const own = role === 'sales_manager' ? [complexes[i % complexes.length]] : complexes;
    const token = await sessionFor(db, role, role === 'sales_manager' ? own : []);
    // a sales manager sees the sales it is the manager of: the bench makes it the manager of its complex's sales
    if (role === 'sales_manager') {
      const user = await db.query('select user_id from sessions where token_hash = $1', [sha256(token)]);
      await db.query('update sales set user_id = $1 where building_id = $2 and user_id is distinct from $1', [
        user.rows[0].user_id,
        own[0],
      ]);
    }
    members.push({
      role,
      token,
      complexes: own,
      sales: own.flatMap((c) => salesOf.get(c) ?? []),
      customers: own.flatMap((c) => customersOf.get(c) ?? []),
      refused: new Set(role === 'sales_manager' ? ['GET /payments', 'POST /payments/pay'] : []),
    });
  }
  return members;
}

/** The calls, each with its weight in the mix, and the name of each (as `sample` would make it). */
function mixCalls(sources: MixSources, sample: Member) {
  const { firstNames, latinNames, personalNumbers, contractNumbers, payable } = sources;
  let nextPayment = 0;
  /** One drawn for each request. */
  const calls: Array<{ weight: number; call: (m: Member) => Call }> = [
    {
      weight: 4,
      call: (m) => ({
        name: 'GET /sales',
        method: 'GET',
        path: `/api/sales?${query([
          ['page', page()],
          ['perpage', 25],
          ['sort', pick(['id', 'contract_start_date', 'price', 'customer_name', 'paid_total'])],
          ['order', pick(['asc', 'desc'])],
          ['building_ids[]', Math.random() < 0.5 ? pick(m.complexes) : undefined],
          ['sale_statuses[]', Math.random() < 0.5 ? pick(['active', 'overdue', 'completed']) : undefined],
        ])}`,
      }),
    },
    {
      weight: 2,
      call: () => ({
        name: 'GET /sales?query',
        method: 'GET',
        path: `/api/sales?${query([
          ['query', pick([pick(firstNames), pick(contractNumbers), pick(personalNumbers), pick(latinNames)])],
          ['perpage', 25],
        ])}`,
      }),
    },
    {
      weight: 2,
      call: () => ({
        name: 'GET /customers',
        method: 'GET',
        path: `/api/customers?${query([
          ['page', page()],
          ['perpage', 25],
          ['sort', pick(['id', 'name', 'personal_number', 'country'])],
          ['order', pick(['asc', 'desc'])],
        ])}`,
      }),
    },
    {
      weight: 2,
      call: () => ({
        name: 'GET /customers?query',
        method: 'GET',
        path: `/api/customers?${query([
          ['query', pick([pick(firstNames), pick(latinNames), pick(personalNumbers)])],
          ['perpage', 25],
        ])}`,
      }),
    },
    {
      weight: 2,
      call: (m) => ({
        name: 'GET /properties',
        method: 'GET',
        path: `/api/properties?${query([
          ['page', page()],
          ['perpage', 25],
          ['sort', pick(['id', 'no', 'floor', 'price', 'area'])],
          ['order', pick(['asc', 'desc'])],
          ['building_id[]', Math.random() < 0.6 ? pick(m.complexes) : undefined],
          ['status[]', Math.random() < 0.4 ? pick(['free', 'sold', 'pre_booked']) : undefined],
        ])}`,
      }),
    },
    { weight: 3, call: (m) => ({ name: 'GET /sales/{id}', method: 'GET', path: `/api/sales/${pick(m.sales)}` }) },
    {
      weight: 1,
      call: (m) => ({ name: 'GET /customers/{id}', method: 'GET', path: `/api/customers/${pick(m.customers)}` }),
    },
    { weight: 1, call: (m) => ({ name: 'GET /board/{id}', method: 'GET', path: `/api/board/${pick(m.complexes)}` }) },
    {
      weight: 2,
      call: (m) => ({
        name: 'GET /payments',
        method: 'GET',
        path: `/api/payments?${query([
          ['page', page()],
          ['perpage', 25],
          ['sort', pick(['id', 'paid_on', 'amount'])],
          ['order', 'desc'],
          ['building_ids[]', Math.random() < 0.5 ? pick(m.complexes) : undefined],
        ])}`,
      }),
    },
    {
      weight: 1,
      call: () => ({
        name: 'GET /payment-schedules',
        method: 'GET',
        path: `/api/payment-schedules?${query([
          ['page', page(3)],
          ['perpage', 25],
          ['statuses[]', Math.random() < 0.5 ? pick(['late', 'unpaid']) : undefined],
        ])}`,
      }),
    },
    { weight: 1, call: () => ({ name: 'GET /sales/totals', method: 'GET', path: '/api/sales/totals' }) },
    {
      weight: 1,
      call: () => {
        return {
          name: 'POST /payments/pay',
          method: 'POST',
          path: '/api/payments/pay',
          ...smallPayment(payable[nextPayment++ % payable.length], 'load'),
        };
      },
    },
  ];
  const names = calls.map((c) => c.call(sample).name);
  nextPayment = 0;
  return { calls, names };
}

/** Reads what the mix draws from (names, numbers, records per complex) and opens the sessions. */
export async function officeMix(db: pg.Client, users: number) {
  const sources = await mixSources(db);
  const members = await openSessions(db, users, sources);
  const { calls, names } = mixCalls(sources, members[0]);

  return {
    members,
    /** Every kind of call its role makes, once, for `member`: for timing each alone. */
    everyCall: (member: Member) => calls.filter((_, i) => !member.refused.has(names[i])).map((c) => c.call(member)),
    /** A call drawn by weight among those `member`'s role makes. */
    draw(member: Member): Call {
      const open = calls.filter((_, i) => !member.refused.has(names[i]));
      let at = Math.random() * open.reduce((sum, c) => sum + c.weight, 0);
      for (const c of open) {
        at -= c.weight;
        if (at < 0) return c.call(member);
      }
      return open[0].call(member);
    },
  };
}
