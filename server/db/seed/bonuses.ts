import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import { bonusItems, bonusSchemas } from '../schema';

const monthsAgo = (today: Date, n: number) => {
  const d = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - n, 1));
  return d.toISOString().slice(0, 10);
};

/** Each month's target is its signed value times one of these, so the demo shows managers below, at and above target. */
const FACTORS = [0.9, 1.1, 0.75, 1.3, 1.0, 0.95, 1.2];

/**
 * The demo's bonuses: an individual schema on sales signed (GEL) and a group schema on payments received (USD), open
 * from a year ago, with tiers; and targets for the last six months and this one for the managers who own the demo
 * sales (the sales manager and the administrator), set near what they signed so the tiers differ month to month.
 */
export async function seedBonuses(db: Db, today = new Date()) {
  const from = monthsAgo(today, 12);
  const [individual, group] = await db
    .insert(bonusSchemas)
    .values([
      {
        name: 'ინდივიდუალური: გაფორმებული გაყიდვები',
        kind: 'individual',
        base: 'signed',
        currency: 'GEL',
        periodFrom: from,
      },
      { name: 'გუნდური: მიღებული გადახდები', kind: 'group', base: 'received', currency: 'USD', periodFrom: from },
    ])
    .returning({ id: bonusSchemas.id });
  await db.insert(bonusItems).values([
    { bonusId: individual.id, percentFrom: '50', percentTo: '80', bonusPercent: '0.5' },
    { bonusId: individual.id, percentFrom: '80', percentTo: '100', bonusPercent: '1' },
    { bonusId: individual.id, percentFrom: '100', percentTo: '120', bonusPercent: '1.5' },
    { bonusId: individual.id, percentFrom: '120', percentTo: null, bonusPercent: '2' },
    { bonusId: group.id, percentFrom: '0', percentTo: '100', bonusPercent: '0.5' },
    { bonusId: group.id, percentFrom: '100', percentTo: null, bonusPercent: '1' },
  ]);
  const months = Array.from({ length: 7 }, (_, i) => monthsAgo(today, 6 - i));
  const factors = months.map((_, i) => String(FACTORS[i % FACTORS.length]));
  // signed value in GEL at each sale's own rate, rounded to a thousand; a month with nothing signed gets 100,000
  await db.execute(sql`insert into sale_targets (user_id, month, amount, currency)
    select u.id, m.month, greatest(coalesce(round(
        (select sum(s.price * coalesce(s.currency_rate, 1)) from sales s
          where s.user_id = u.id and s.deleted_at is null
            and s.contract_start_date >= m.month and s.contract_start_date < m.month + interval '1 month')
        * m.factor / 1000) * 1000, 0), 100000), 'GEL'
    from users u
    cross join unnest(${sql.param(months)}::date[], ${sql.param(factors)}::numeric[]) as m(month, factor)
    where u.email in ('sales_manager@demo.ge', 'admin@demo.ge')`);
  await db.execute(sql`insert into sale_targets (user_id, month, amount, currency)
    select null, m.month, 250000, 'USD' from unnest(${sql.param(months)}::date[]) as m(month)`);
}
