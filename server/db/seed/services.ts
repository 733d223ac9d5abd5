import { sql } from 'drizzle-orm';
import { convert, MissingRateError, type GelRates } from '../../../domain/currency';
import { toDecimalString, toMinor, type Currency, type Minor } from '../../../domain/money';
import { buildSchedule } from '../../../domain/paymentSchedule';
import { lineAmount, lineQuantity, type ServiceUnit } from '../../../domain/services';
import { rows, type Db, type Tx } from '../client';
import {
  containerInstallments,
  payments,
  serviceContainerItems,
  serviceContainers,
  servicePrices,
  services,
} from '../schema';
import { gelRates } from '../../modules/currency';
import { settleMany } from '../../modules/saleLedger';
import { businessToday } from '../../../domain/businessDay';
import { seededRandom } from './inventory';

/**
 * The services catalogue (five services) and renovation containers on demo and scale sales: per complex, some live
 * sales get a container of one or two services with its own schedule; some are paid off, some pay on time, some
 * stopped paying (overdue), some start later. Containers, lines, installments and renovation payments are written in
 * bulk, then the ledger's `settleMany` allocates the payments and derives paid, statuses and the sales' renovation,
 * exactly as a payment through the API would.
 */
type Executor = Db | Tx;

const CATALOGUE: Array<{
  ka: string;
  en: string;
  ru: string;
  unit: ServiceUnit;
  price: number;
  currency: Currency;
}> = [
  {
    ka: 'რემონტი: თეთრი კარკასი',
    en: 'Renovation: white frame',
    ru: 'Ремонт: белый каркас',
    unit: 'sqm',
    price: 150,
    currency: 'GEL',
  },
  { ka: 'სრული რემონტი', en: 'Full renovation', ru: 'Полный ремонт', unit: 'sqm', price: 120, currency: 'USD' },
  { ka: 'პარკინგის ადგილი', en: 'Parking place', ru: 'Парковочное место', unit: 'unit', price: 15000, currency: 'USD' },
  { ka: 'სათავსო', en: 'Storage room', ru: 'Кладовая', unit: 'unit', price: 5000, currency: 'USD' },
  { ka: 'ავეჯის პაკეტი', en: 'Furniture package', ru: 'Пакет мебели', unit: 'fixed', price: 9000, currency: 'GEL' },
];

/** The five demo services, priced for every complex; nothing when the catalogue already has services. */
export async function seedServices(db: Executor) {
  const [{ n }] = await rows<{ n: number }>(db, sql`select count(*)::int as n from services`);
  if (n > 0) return 0;
  for (const entry of CATALOGUE) {
    const [service] = await db
      .insert(services)
      .values({ nameKa: entry.ka, nameEn: entry.en, nameRu: entry.ru, unit: entry.unit })
      .returning({ id: services.id });
    await db.insert(servicePrices).values({
      serviceId: service.id,
      buildingId: null,
      price: toDecimalString(toMinor(entry.price)),
      currency: entry.currency,
    });
  }
  return CATALOGUE.length;
}

const DAY = 86_400_000;
const addDays = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
const addMonths = (iso: string, months: number) => {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + months, Math.min(d.getUTCDate(), 28));
  return d.toISOString().slice(0, 10);
};

type Behaviour = 'paid_off' | 'on_time' | 'overdue' | 'later';
const BEHAVIOURS: Behaviour[] = ['paid_off', 'on_time', 'on_time', 'overdue', 'later'];

const chunks = <T>(list: T[], size = 1_000) =>
  Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, (i + 1) * size));

export interface ContainersSeedOptions {
  today?: Date;
  /** The complexes whose sales get containers; by default the first three (the demo's). */
  complexIds?: number[];
  perComplex?: number;
  seed?: number;
}

/** Renovation containers on live sales of the complexes (10 a complex by default); answers how many were written. */
export async function seedContainers(db: Db, options: ContainersSeedOptions = {}) {
  const today = businessToday(options.today ?? new Date());
  const perComplex = options.perComplex ?? 10;
  const random = seededRandom(options.seed ?? 1_010);
  return db.transaction(async (tx) => {
    const complexIds = options.complexIds?.length
      ? options.complexIds
      : (await rows<{ id: number }>(tx, sql`select id from buildings order by id limit 3`)).map((c) => c.id);
    const offered = await rows<{ id: number; unit: ServiceUnit; price: string; currency: Currency }>(
      tx,
      sql`select s.id, s.unit, p.price::text as price, p.currency from services s
          join service_prices p on p.service_id = s.id and p.building_id is null where s.active order by s.id`,
    );
    if (offered.length === 0 || complexIds.length === 0) return 0;
    // every other live sale without a container, oldest first, up to perComplex a complex
    const candidates = await rows<{ id: number; building_id: number; currency: Currency; area: string }>(
      tx,
      sql`select id, building_id, currency, area from (
            select s.id, s.building_id, s.currency,
              (select coalesce(sum(p.area), 0)::text from sale_properties sp join properties p on p.id = sp.property_id
                where sp.sale_id = s.id) as area,
              row_number() over (partition by s.building_id order by s.id) as n
            from sales s
            where s.building_id = any(${sql.param(complexIds)}::int[]) and s.deleted_at is null
              and s.status in ('active', 'overdue', 'completed')
              and not exists (select 1 from service_containers c where c.sale_id = s.id)
          ) x where n % 2 = 0 and n <= ${perComplex * 2} order by id`,
    );
    if (candidates.length === 0) return 0;
    const { rates } = await gelRates(tx, today);
    const priceIn = (price: Minor, from: Currency, to: Currency, at: GelRates) => {
      try {
        return convert(price, from, to, at);
      } catch (error) {
        if (error instanceof MissingRateError) return null;
        throw error;
      }
    };

    const planned = candidates.flatMap((sale) => {
      const area = Number(sale.area);
      const first = offered[random.int(0, 1)];
      const extra = random.next() < 0.4 ? offered[random.int(2, offered.length - 1)] : undefined;
      const lines = [first, ...(extra ? [extra] : [])].flatMap((service) => {
        const unitPrice = priceIn(toMinor(service.price), service.currency, sale.currency, rates);
        if (unitPrice === null) return [];
        const quantity = lineQuantity(service.unit, null, area);
        return [{ serviceId: service.id, quantity, unitPrice, amount: lineAmount(unitPrice, quantity) }];
      });
      const price = lines.reduce((s, l) => s + l.amount, 0);
      if (price <= 0) return [];
      const behaviour = BEHAVIOURS[random.int(0, BEHAVIOURS.length - 1)];
      const count = behaviour === 'paid_off' ? 3 : random.int(4, 8);
      const firstPaymentDate =
        behaviour === 'later'
          ? addMonths(today, 1)
          : behaviour === 'paid_off'
            ? addMonths(today, -5)
            : addMonths(today, -random.int(2, Math.min(4, count - 1)));
      const schedule = buildSchedule({
        price,
        first_payment_date: firstPaymentDate,
        period_months: 1,
        payments_count: count,
        formula: null,
      });
      if (!schedule.ok) return [];
      const due = schedule.installments.filter((i) => i.due_date <= today);
      // paid off: everything; on time: what fell due; overdue: the first installment only; later: nothing yet
      const paidInstallments =
        behaviour === 'paid_off'
          ? schedule.installments
          : behaviour === 'on_time'
            ? due
            : behaviour === 'overdue'
              ? due.slice(0, 1)
              : [];
      return [
        {
          sale,
          lines,
          price,
          firstPaymentDate,
          count,
          schedule: schedule.installments,
          payments: paidInstallments.map((i) => ({
            amount: i.amount,
            paidOn: i.due_date > today ? today : addDays(i.due_date, -random.int(0, 5)),
          })),
        },
      ];
    });
    if (planned.length === 0) return 0;

    const ids: number[] = [];
    for (const part of chunks(planned)) {
      const written = await tx
        .insert(serviceContainers)
        .values(
          part.map((p) => ({
            saleId: p.sale.id,
            buildingId: p.sale.building_id,
            price: toDecimalString(p.price),
            firstPaymentDate: p.firstPaymentDate,
            periodMonths: 1,
            paymentsCount: p.count,
          })),
        )
        .returning({ id: serviceContainers.id });
      ids.push(...written.map((w) => w.id));
    }
    const withIds = planned.map((p, index) => ({ ...p, id: ids[index] }));
    for (const part of chunks(withIds.flatMap((p) => p.lines.map((l) => ({ ...l, containerId: p.id })))))
      await tx.insert(serviceContainerItems).values(
        part.map((l) => ({
          containerId: l.containerId,
          serviceId: l.serviceId,
          quantity: l.quantity.toFixed(2),
          unitPrice: toDecimalString(l.unitPrice),
          amount: toDecimalString(l.amount),
        })),
      );
    for (const part of chunks(withIds.flatMap((p) => p.schedule.map((i) => ({ ...i, containerId: p.id })))))
      await tx.insert(containerInstallments).values(
        part.map((i) => ({
          containerId: i.containerId,
          number: i.number,
          dueDate: i.due_date,
          amount: toDecimalString(i.amount),
        })),
      );
    for (const part of chunks(
      withIds.flatMap((p) => p.payments.map((pay) => ({ ...pay, containerId: p.id, sale: p.sale }))),
    ))
      await tx.insert(payments).values(
        part.map((pay) => ({
          saleId: pay.sale.id,
          containerId: pay.containerId,
          mode: 'renovation',
          amount: toDecimalString(pay.amount),
          currency: pay.sale.currency,
          rate: '1.00000000',
          credited: toDecimalString(pay.amount),
          paidOn: pay.paidOn,
          source: 'manual',
        })),
      );
    await settleMany(
      tx,
      withIds.map((p) => p.sale.id),
      today,
      { notify: false },
    );
    return withIds.length;
  });
}
