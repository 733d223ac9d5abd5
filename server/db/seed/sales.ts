import { sql } from 'drizzle-orm';
import { conversionRate, convert, type GelRates } from '../../../domain/currency';
import { allocate, percentOf, priceShares, saleStatus } from '../../../domain/ledger';
import { toDecimalString, toMinor, type Currency, type Minor } from '../../../domain/money';
import { buildSchedule, type ScheduledInstallment } from '../../../domain/paymentSchedule';
import type { ContractLanguage, PaymentType, SaleStatus } from '../../../domain/sales';
import type { ContractType } from '../../../domain/inventory';
import { rows, type Db, type Tx } from '../client';
import { businessToday } from '../../../domain/businessDay';
import { convertPayments, markPaidOnTime } from '../../modules/saleLedger';
import { DEMO_COMPLEX_NAMES, insertUnnest, seededRandom, type Random } from './inventory';

/**
 * Demo and scale sales: per complex, sales of its free units (marked sold) to existing customers, some through an
 * agent, with their payment schedules (domain/paymentSchedule) and payments over the past 18 months. Most
 * customers pay on time, some stopped paying (overdue), some paid everything (completed), some sales were
 * cancelled (their units stay free); some USD and EUR sales are paid in lari at the seeded rate of the payment
 * date. Installments' paid, paid_total and status are what the payments ledger's settle would write
 * (allocate/saleStatus), computed in memory and written in bulk, one unnest statement per table and chunk.
 * Deterministic: the same seed, complexes and day give the same sales.
 */
type Executor = Db | Tx;

export interface SalesSeedOptions {
  today?: Date;
  /** The complexes to sell in; by default the first three (the demo's). */
  complexIds?: number[];
  perComplex?: number;
  seed?: number;
}

export interface SalesSeedCounts {
  sales: number;
  canceled: number;
  installments: number;
  payments: number;
}

const DAY = 86_400_000;
const addDays = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
/** A whole number of `step` minor units, half up (prices in round hundreds, down payments in round thousands). */
const roundTo = (amount: Minor, step: Minor) => Math.floor((amount + step / 2) / step) * step;
const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY);
const at = (iso: string, random: Random) =>
  `${iso}T${String(random.int(6, 14)).padStart(2, '0')}:${String(random.int(0, 59)).padStart(2, '0')}:00Z`;
/** NBG publishes no rate at weekends: a lari payment is moved back to the Friday before. */
const workingDay = (iso: string) => {
  const weekday = new Date(`${iso}T00:00:00Z`).getUTCDay();
  return weekday === 6 ? addDays(iso, -1) : weekday === 0 ? addDays(iso, -2) : iso;
};

const PREFIXES = ['VP', 'ST', 'BB'] as const;
/** 'ვაკის პარკი' → 'VP', 'ბათუმის ბულვარი 3' → 'BB3'; other complexes go by id ('K42'). */
function contractPrefix(complex: { id: number; name: string }) {
  const index = DEMO_COMPLEX_NAMES.findIndex((n) => complex.name === n || complex.name.startsWith(`${n} `));
  if (index < 0) return `K${complex.id}`;
  const copy = complex.name.slice(DEMO_COMPLEX_NAMES[index].length).trim();
  return /^\d+$/.test(copy) || copy === '' ? `${PREFIXES[index]}${copy}` : `K${complex.id}`;
}

const CANCELLATION_REASONS = [
  'მომხმარებელმა ვერ შეძლო გადახდების გაგრძელება',
  'ხელშეკრულება შეწყდა მხარეთა შეთანხმებით',
  'ბანკმა იპოთეკაზე უარი თქვა',
  'მომხმარებელმა სხვა ბინა შეიძინა',
  'სამ თვეზე მეტი დავალიანება, გაფრთხილება უპასუხოდ დარჩა',
];
const PAYMENT_NOTES = [null, null, null, 'საბანკო გადარიცხვა', 'ნაღდი ფული სალაროში', 'გადარიცხვა TBC-დან'];
const SALE_NOTES = [
  null,
  null,
  null,
  null,
  'კლიენტს სურს გასაღების მიღება დასრულებამდე',
  'ავეჯის გარეშე',
  'ფასდაკლება ერთიანი გადახდისთვის',
];
const COMMERCIAL_ACTIVITIES = ['კაფე', 'აფთიაქი', 'ოფისი', 'მაღაზია', 'სილამაზის სალონი'];

type Behaviour = 'on_time' | 'late' | 'paid_off' | 'not_yet';

interface PlannedPayment {
  amount: Minor;
  currency: Currency;
  rate: string;
  credited: Minor;
  paidOn: string;
  note: string | null;
  source: 'manual' | 'bank_statement';
  createdAt: string;
}

interface PlannedSale {
  contractNo: string;
  buildingId: number;
  customerId: number;
  agentId: number | null;
  agentFeePercent: string;
  minimumIncomePercent: string;
  agentFeePaidAt: string | null;
  price: Minor;
  currency: Currency;
  currencyRate: string;
  paidTotal: Minor;
  status: SaleStatus;
  contractType: ContractType;
  paymentType: PaymentType;
  contractLanguage: ContractLanguage;
  start: string;
  end: string;
  firstPaymentDate: string;
  periodMonths: number;
  paymentsCount: number;
  formula: string | null;
  activityType: string | null;
  note: string | null;
  userId: number | null;
  cancellationDate: string | null;
  cancellationReason: string | null;
  canceledBy: number | null;
  createdAt: string;
  units: Array<{ id: number; price: Minor }>;
  installments: Array<ScheduledInstallment & { paid: Minor }>;
  payments: PlannedPayment[];
}

/** The NBG rates of each day from the first seeded one to today, a day without one taking the last before it. */
async function loadRates(db: Executor, today: string) {
  const seeded = await rows<{ currency: 'USD' | 'EUR'; date: string; rate: string }>(
    db,
    sql`select currency, to_char(date, 'YYYY-MM-DD') as date, rate::text as rate from currency_rates where currency in ('USD', 'EUR') order by date`,
  );
  const byDay = new Map<string, GelRates>();
  if (seeded.length === 0) return () => ({}) as GelRates;
  const first = seeded[0].date;
  const current: GelRates = {};
  let next = 0;
  for (let day = first; day <= today; day = addDays(day, 1)) {
    while (next < seeded.length && seeded[next].date <= day) {
      current[seeded[next].currency] = seeded[next].rate;
      next++;
    }
    byDay.set(day, { ...current });
  }
  return (iso: string) => byDay.get(iso < first ? first : iso > today ? today : iso) ?? {};
}

export async function seedSales(db: Db, options: SalesSeedOptions = {}): Promise<SalesSeedCounts> {
  const today = businessToday(options.today ?? new Date());
  const perComplex = options.perComplex ?? 50;
  const seed = options.seed ?? 5_050;
  return db.transaction(async (tx) => {
    const complexes = options.complexIds?.length
      ? await rows<{ id: number; name: string }>(
          tx,
          sql`select id, name from buildings where id = any(${sql.param(options.complexIds)}::int[]) order by id`,
        )
      : await rows<{ id: number; name: string }>(tx, sql`select id, name from buildings order by id limit 3`);
    const people = (
      await rows<{ id: number }>(tx, sql`select id from customers where deleted_at is null order by id`)
    ).map((c) => c.id);
    if (complexes.length === 0 || people.length === 0) return { sales: 0, canceled: 0, installments: 0, payments: 0 };
    const agentRows = await rows<{ id: number; fee: string | null }>(
      tx,
      sql`select id, fee_percent::text as fee from agents where active and deleted_at is null order by id`,
    );
    const staff = await rows<{ id: number; email: string }>(
      tx,
      sql`select id, email from users where email in ('admin@demo.ge', 'sales_manager@demo.ge')`,
    );
    const [firstAdmin] = await rows<{ id: number }>(
      tx,
      sql`select u.id from users u join user_roles ur on ur.user_id = u.id join roles r on r.id = ur.role_id where r.name = 'admin' order by u.id limit 1`,
    );
    const admin = staff.find((u) => u.email === 'admin@demo.ge')?.id ?? firstAdmin?.id ?? null;
    const manager = staff.find((u) => u.email === 'sales_manager@demo.ge')?.id ?? null;
    const [managerComplex] = manager
      ? await rows<{ building_id: number }>(
          tx,
          sql`select building_id from user_buildings where user_id = ${manager} order by building_id limit 1`,
        )
      : [];
    const takenNumbers = new Set(
      (await rows<{ contract_no: string }>(tx, sql`select contract_no from sales where deleted_at is null`)).map(
        (r) => r.contract_no,
      ),
    );
    const units = await rows<{ id: number; building_id: number; type: string; price: string | null }>(
      tx,
      sql`select id, building_id, type, price::text as price from properties
          where building_id = any(${sql.param(complexes.map((c) => c.id))}::int[]) and status = 'free' and archived_at is null order by building_id, id`,
    );
    const ratesOn = await loadRates(tx, today);

    const freeIn = new Map<number, typeof units>();
    for (const unit of units) {
      if (!freeIn.has(unit.building_id)) freeIn.set(unit.building_id, []);
      freeIn.get(unit.building_id)!.push(unit);
    }
    const planned: PlannedSale[] = [];
    for (const complex of complexes) {
      const random = seededRandom(seed + complex.id * 7919);
      const free = freeIn.get(complex.id) ?? [];
      const shuffle = <T>(list: T[]) => {
        for (let i = list.length - 1; i > 0; i--) {
          const j = random.int(0, i);
          [list[i], list[j]] = [list[j], list[i]];
        }
        return list;
      };
      const homes = shuffle(free.filter((u) => u.type !== 'parking'));
      const parking = shuffle(free.filter((u) => u.type === 'parking'));
      const count = Math.min(perComplex, homes.length);
      const sales: PlannedSale[] = [];
      for (let j = 0; j < count; j++) {
        const sale = planSale({
          j,
          random,
          complex,
          home: homes[j],
          parking,
          people,
          agentRows,
          today,
          ratesOn,
          admin,
          manager: managerComplex?.building_id === complex.id ? manager : null,
        });
        if (sale) sales.push(sale);
      }
      sales.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
      const prefix = contractPrefix(complex);
      let number = 0;
      for (const sale of sales) {
        do sale.contractNo = `${prefix}-${String(++number).padStart(4, '0')}`;
        while (takenNumbers.has(sale.contractNo));
      }
      planned.push(...sales);
    }
    planned.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    if (planned.length === 0) return { sales: 0, canceled: 0, installments: 0, payments: 0 };

    const money = (values: Minor[]) => values.map(toDecimalString);
    const inserted = await insertUnnest<{ id: number; contract_no: string }>(
      tx,
      'sales',
      [
        ['contract_no', 'text', planned.map((s) => s.contractNo)],
        ['building_id', 'int', planned.map((s) => s.buildingId)],
        ['customer_id', 'int', planned.map((s) => s.customerId)],
        ['agent_id', 'int', planned.map((s) => s.agentId)],
        ['agent_fee_percent', 'numeric', planned.map((s) => s.agentFeePercent)],
        ['minimum_income_percent', 'numeric', planned.map((s) => s.minimumIncomePercent)],
        ['agent_fee_paid_at', 'timestamptz', planned.map((s) => s.agentFeePaidAt)],
        ['price', 'numeric', money(planned.map((s) => s.price))],
        ['currency', 'text', planned.map((s) => s.currency)],
        ['currency_rate', 'numeric', planned.map((s) => s.currencyRate)],
        ['paid_total', 'numeric', money(planned.map((s) => s.paidTotal))],
        ['status', 'text', planned.map((s) => s.status)],
        ['contract_type', 'text', planned.map((s) => s.contractType)],
        ['payment_type', 'text', planned.map((s) => s.paymentType)],
        ['contract_language', 'text', planned.map((s) => s.contractLanguage)],
        ['contract_start_date', 'date', planned.map((s) => s.start)],
        ['contract_end_date', 'date', planned.map((s) => s.end)],
        ['first_payment_date', 'date', planned.map((s) => s.firstPaymentDate)],
        ['period_months', 'smallint', planned.map((s) => s.periodMonths)],
        ['payments_count', 'smallint', planned.map((s) => s.paymentsCount)],
        ['formula', 'text', planned.map((s) => s.formula)],
        ['activity_type', 'text', planned.map((s) => s.activityType)],
        ['note', 'text', planned.map((s) => s.note)],
        ['user_id', 'int', planned.map((s) => s.userId)],
        ['cancellation_date', 'date', planned.map((s) => s.cancellationDate)],
        ['cancellation_reason', 'text', planned.map((s) => s.cancellationReason)],
        ['canceled_by', 'int', planned.map((s) => s.canceledBy)],
        ['created_by', 'int', planned.map((s) => s.userId)],
        ['created_at', 'timestamptz', planned.map((s) => s.createdAt)],
        ['updated_at', 'timestamptz', planned.map((s) => s.payments.at(-1)?.createdAt ?? s.createdAt)],
        [
          'deleted_at',
          'timestamptz',
          planned.map((s) => (s.cancellationDate ? `${s.cancellationDate}T15:00:00Z` : null)),
        ],
      ],
      'id, contract_no',
    );
    const idOf = new Map(inserted.map((r) => [r.contract_no, r.id]));
    const saleIds = planned.map((s) => idOf.get(s.contractNo)!);

    const links = planned.flatMap((s, i) => s.units.map((u) => ({ saleId: saleIds[i], ...u })));
    await insertUnnest(tx, 'sale_properties', [
      ['sale_id', 'int', links.map((l) => l.saleId)],
      ['property_id', 'int', links.map((l) => l.id)],
      ['price', 'numeric', money(links.map((l) => l.price))],
    ]);

    const schedule = planned.flatMap((s, i) => s.installments.map((r) => ({ saleId: saleIds[i], ...r })));
    await insertUnnest(tx, 'installments', [
      ['sale_id', 'int', schedule.map((r) => r.saleId)],
      ['number', 'smallint', schedule.map((r) => r.number)],
      ['due_date', 'date', schedule.map((r) => r.due_date)],
      ['amount', 'numeric', money(schedule.map((r) => r.amount))],
      ['paid', 'numeric', money(schedule.map((r) => r.paid))],
    ]);

    const paid = planned.flatMap((s, i) => s.payments.map((p) => ({ saleId: saleIds[i], userId: s.userId, ...p })));
    await insertUnnest(tx, 'payments', [
      ['sale_id', 'int', paid.map((p) => p.saleId)],
      ['mode', 'text', paid.map(() => 'sale')],
      ['amount', 'numeric', money(paid.map((p) => p.amount))],
      ['currency', 'text', paid.map((p) => p.currency)],
      ['rate', 'numeric', paid.map((p) => p.rate)],
      ['credited', 'numeric', money(paid.map((p) => p.credited))],
      ['paid_on', 'date', paid.map((p) => p.paidOn)],
      ['note', 'text', paid.map((p) => p.note)],
      ['source', 'text', paid.map((p) => p.source)],
      ['created_by', 'int', paid.map((p) => p.userId)],
      ['created_at', 'timestamptz', paid.map((p) => p.createdAt)],
      ['updated_at', 'timestamptz', paid.map((p) => p.createdAt)],
    ]);
    await markPaidOnTime(tx, (saleId) => sql`${saleId} = any(${sql.param(saleIds)}::int[])`);
    await tx.execute(convertPayments(sql`q.sale_id = any(${sql.param(saleIds)}::int[])`));

    const history = planned.flatMap((s, i) => [
      {
        saleId: saleIds[i],
        userId: s.userId,
        action: 'created',
        reason: null as string | null,
        date: s.start,
        createdAt: s.createdAt,
      },
      ...(s.cancellationDate
        ? [
            {
              saleId: saleIds[i],
              userId: s.canceledBy,
              action: 'canceled',
              reason: s.cancellationReason,
              date: s.cancellationDate,
              createdAt: `${s.cancellationDate}T15:00:00Z`,
            },
          ]
        : []),
    ]);
    await insertUnnest(tx, 'sale_histories', [
      ['sale_id', 'int', history.map((h) => h.saleId)],
      ['user_id', 'int', history.map((h) => h.userId)],
      ['action', 'text', history.map((h) => h.action)],
      ['reason', 'text', history.map((h) => h.reason)],
      ['effective_date', 'date', history.map((h) => h.date)],
      ['created_at', 'timestamptz', history.map((h) => h.createdAt)],
    ]);

    const sold = planned.filter((s) => s.status !== 'canceled').flatMap((s) => s.units.map((u) => u.id));
    await tx.execute(
      sql`update properties set status = 'sold', updated_at = now() where id = any(${sql.param(sold)}::int[]) and status = 'free'`,
    );
    return {
      sales: planned.length,
      canceled: planned.filter((s) => s.status === 'canceled').length,
      installments: schedule.length,
      payments: paid.length,
    };
  });
}

interface PlanInput {
  j: number;
  random: Random;
  complex: { id: number; name: string };
  home: { id: number; type: string; price: string | null };
  parking: Array<{ id: number; type: string; price: string | null }>;
  people: number[];
  agentRows: Array<{ id: number; fee: string | null }>;
  today: string;
  ratesOn: (iso: string) => GelRates;
  admin: number | null;
  manager: number | null;
}

function planSale({
  j,
  random,
  complex,
  home,
  parking,
  people,
  agentRows,
  today,
  ratesOn,
  admin,
  manager,
}: PlanInput): PlannedSale | undefined {
  // One sale in fifteen was cancelled; the rest split by how the customer pays.
  const canceled = j % 15 === 7;
  const roll = random.next();
  const behaviour: Behaviour = canceled
    ? 'late'
    : roll < 0.62
      ? 'on_time'
      : roll < 0.8
        ? 'late'
        : roll < 0.93
          ? 'paid_off'
          : 'not_yet';
  const kind = random.next();
  const contractType: ContractType = kind < 0.12 ? 'full_payment' : kind < 0.2 ? 'mortgage' : 'installment';

  const unitRows = [home];
  if (home.type === 'apartment' && parking.length && random.chance(0.15)) unitRows.push(parking.pop()!);
  const listPrices = unitRows.map((u) => toMinor(u.price ?? '0'));
  const listTotal = listPrices.reduce((s, p) => s + p, 0);

  const age = behaviour === 'not_yet' ? random.int(0, 25) : canceled ? random.int(150, 540) : random.int(30, 540);
  const start = addDays(today, -age);
  const rates = ratesOn(start);
  const roll2 = random.next();
  const currency: Currency = roll2 < 0.72 ? 'USD' : roll2 < 0.87 ? 'GEL' : 'EUR';
  const list = listTotal > 0 ? listTotal : 6_000_000;
  const discounted = list - percentOf(list, random.int(0, 6));
  const inCurrency = rates.USD && rates.EUR ? convert(discounted, 'USD', currency, rates) : discounted;
  const price = Math.max(100_000, roundTo(inCurrency, 10_000));

  let paymentsCount = 1;
  let periodMonths = 1;
  let formula: string | null = null;
  let firstPaymentDate = addDays(start, random.int(0, 10));
  if (contractType === 'mortgage') {
    paymentsCount = 2;
    periodMonths = 2;
    formula = `${toDecimalString(roundTo(percentOf(price, 30), 10_000))}:1`;
    firstPaymentDate = start;
  } else if (contractType === 'installment') {
    periodMonths = random.chance(0.2) ? 3 : 1;
    paymentsCount = periodMonths === 3 ? random.pick([8, 12]) : random.pick([12, 18, 24, 24, 36, 36, 48]);
    if (random.chance(0.4)) {
      const down = roundTo(percentOf(price, random.int(15, 30)), 100_000);
      if (down > 0) {
        formula = `${toDecimalString(down)}:1`;
        firstPaymentDate = start;
      }
    }
  }
  // A sale signed days ago whose customer has paid nothing yet has its first installment still ahead.
  if (behaviour === 'not_yet') firstPaymentDate = addDays(today, random.int(3, 30));
  const built = buildSchedule({
    price,
    first_payment_date: firstPaymentDate,
    period_months: periodMonths,
    payments_count: paymentsCount,
    formula,
  });
  if (!built.ok) return undefined;
  const schedule = built.installments;

  // What the customer meant to pay by each date, in the sale's currency; then the actual payments.
  const credits: Array<{ amount: Minor; on: string }> = [];
  const payDay = (due: string) => {
    const on = addDays(due, -random.int(0, 5));
    return on < start ? start : on > today ? today : on;
  };
  const stopAt =
    behaviour === 'late' ? addDays(today, -random.int(40, 200)) : behaviour === 'not_yet' ? addDays(start, -1) : today;
  const noticeEnded = addDays(stopAt, random.int(60, 120));
  const cancellationDate = canceled ? (noticeEnded > today ? today : noticeEnded) : null;
  const paidOffOn =
    behaviour === 'paid_off' ? addDays(start, Math.floor(random.next() * daysBetween(start, today))) : null;
  let scheduled = 0;
  for (const [index, installment] of schedule.entries()) {
    if (paidOffOn && installment.due_date > paidOffOn) {
      credits.push({ amount: price - scheduled, on: paidOffOn < start ? start : paidOffOn });
      break;
    }
    if (installment.due_date > stopAt || installment.due_date > today) break;
    scheduled += installment.amount;
    const lastOfLate = behaviour === 'late' && schedule[index + 1] && schedule[index + 1].due_date > stopAt;
    const on = payDay(installment.due_date);
    if (lastOfLate && random.chance(0.4)) {
      credits.push({ amount: Math.floor(installment.amount / 2), on });
    } else {
      // Many customers pay an installment in two or three transfers a few days apart.
      const parts = installment.amount < 100_000 ? 1 : random.pick([1, 2, 2, 3, 3]);
      let left = installment.amount;
      let day = on;
      for (let part = parts; part > 0; part--) {
        const amount = part === 1 ? left : Math.floor(installment.amount / parts);
        credits.push({ amount, on: day });
        left -= amount;
        const next = addDays(day, random.int(1, 3));
        day = next > today ? day : next;
      }
    }
  }

  const inLari = currency !== 'GEL' && random.chance(currency === 'USD' ? 0.2 : 0.1);
  const payments: PlannedPayment[] = [];
  let paidSoFar = 0;
  for (const [index, credit] of credits.entries()) {
    const last = paidSoFar + credit.amount >= price;
    const source = random.chance(0.3) ? 'bank_statement' : 'manual';
    const note = random.pick(PAYMENT_NOTES);
    const lariDay = workingDay(credit.on);
    if (inLari && !last && index % 3 !== 2 && lariDay >= start) {
      // A payment in lari credited at that day's NBG rate: the fewest tetri that credit what was due.
      const paidOn = lariDay;
      const dayRates = ratesOn(paidOn);
      let gel = convert(credit.amount, currency, 'GEL', dayRates);
      while (convert(gel, 'GEL', currency, dayRates) < credit.amount) gel++;
      while (gel > 1 && convert(gel - 1, 'GEL', currency, dayRates) >= credit.amount) gel--;
      const credited = convert(gel, 'GEL', currency, dayRates);
      payments.push({
        amount: gel,
        currency: 'GEL',
        rate: conversionRate('GEL', currency, dayRates),
        credited,
        paidOn,
        note,
        source,
        createdAt: at(paidOn, random),
      });
      paidSoFar += credited;
    } else {
      payments.push({
        amount: credit.amount,
        currency,
        rate: '1',
        credited: credit.amount,
        paidOn: credit.on,
        note,
        source,
        createdAt: at(credit.on, random),
      });
      paidSoFar += credit.amount;
    }
  }

  const { paid } = allocate(schedule, paidSoFar);
  const installments = schedule.map((s, i) => ({ ...s, paid: paid[i] }));
  const status: SaleStatus = canceled ? 'canceled' : saleStatus(installments, today, price, paidSoFar);

  const agent = agentRows.length && random.chance(0.35) ? random.pick(agentRows) : null;
  const minimumIncome = agent ? random.pick([0, 20, 30, 50]) : 0;
  const feeDue = agent && paidSoFar >= percentOf(price, minimumIncome);
  const userId = manager && random.chance(0.6) ? manager : admin;
  const activityType = home.type === 'commercial' ? random.pick(COMMERCIAL_ACTIVITIES) : null;

  return {
    contractNo: '',
    buildingId: complex.id,
    customerId: people[random.int(0, people.length - 1)],
    agentId: agent?.id ?? null,
    agentFeePercent: agent?.fee ?? '0',
    minimumIncomePercent: String(minimumIncome),
    agentFeePaidAt: feeDue && payments.length && random.chance(0.5) ? payments.at(-1)!.createdAt : null,
    price,
    currency,
    currencyRate: currency === 'GEL' ? '1' : String(rates[currency] ?? '1'),
    paidTotal: paidSoFar,
    status,
    contractType,
    paymentType:
      contractType === 'mortgage'
        ? 'bank_loan'
        : random.pick(['bank_transfer', 'bank_transfer', 'cash', 'card'] as const),
    contractLanguage: random.pick(['ka', 'ka', 'ka', 'ka', 'en', 'ru'] as const),
    start,
    end: schedule.at(-1)!.due_date,
    firstPaymentDate,
    periodMonths,
    paymentsCount,
    formula,
    activityType,
    note: random.pick(SALE_NOTES),
    userId,
    cancellationDate,
    cancellationReason: canceled ? random.pick(CANCELLATION_REASONS) : null,
    canceledBy: canceled ? admin : null,
    createdAt: at(start, random),
    units: ((shares) => unitRows.map((u, i) => ({ id: u.id, price: shares[i] })))(priceShares(price, listPrices)),
    installments,
    payments,
  };
}
