import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Principal } from '../../../domain/access';
import type { Container, ContainerDetail, ContainerPayment } from '../../../domain/contracts/containers';
import { installmentStatus } from '../../../domain/ledger';
import { fromMinor, toMinor } from '../../../domain/money';
import type { ContainerStatus } from '../../../domain/services';
import type { Locale } from '../../../i18n';
import type { Db, Tx } from '../../db/client';
import {
  blocks,
  buildings,
  containerInstallments,
  customers,
  payments,
  properties,
  saleProperties,
  sales,
  serviceContainerItems,
  serviceContainers,
  services,
  users,
} from '../../db/schema';
import { notFound } from '../../core/errors';
import { carriedPage, likePattern, listPage, type ListQuery } from '../../core/paging';
import { customerName } from '../../../domain/names';
import { saleMatching, saleVisible } from '../saleLedger';
import { serviceName } from '../services';

type Executor = Db | Tx;

export interface ContainerFilters {
  building_ids?: number[];
  sale_id?: number;
  status?: ContainerStatus[];
  /** true: something is still owed; false: fully paid. */
  debt?: boolean;
}

export interface RenovationPaymentFilters {
  building_ids?: number[];
  sale_id?: number;
  container_id?: number;
  currency?: string;
  paid_on_from?: string;
  paid_on_to?: string;
}

const money = (value: string) => fromMinor(toMinor(value));
/** A service's name (alias `sv`) in the asked language, Georgian when that one is blank. */
const serviceNameSql = (locale: Locale) =>
  locale === 'en'
    ? sql`coalesce(nullif(sv.name_en, ''), sv.name_ka)`
    : locale === 'ru'
      ? sql`coalesce(nullif(sv.name_ru, ''), sv.name_ka)`
      : sql`sv.name_ka`;
const SORTABLE = {
  id: serviceContainers.id,
  price: serviceContainers.price,
  paid: serviceContainers.paid,
  status: serviceContainers.status,
  first_payment_date: serviceContainers.firstPaymentDate,
  created_at: serviceContainers.createdAt,
};
const PAYMENT_SORTABLE = { id: payments.id, paid_on: payments.paidOn, amount: payments.amount };

/** The containers' reads: the list, one container with its services, schedule and payments, and renovation payments. */
export function createContainersRepository(db: Db) {
  const base = (locale: Locale, executor: Executor = db) =>
    executor
      .select({
        container: serviceContainers,
        contractNo: sales.contractNo,
        currency: sales.currency,
        buildingName: buildings.name,
        customerNameKa: customers.nameKa,
        customerNameEn: customers.nameEn,
        customerNameRu: customers.nameRu,
        services: sql<string | null>`(select string_agg(distinct ${serviceNameSql(locale)}, ', ')
          from service_container_items it join services sv on sv.id = it.service_id where it.container_id = ${serviceContainers.id})`,
        total: sql<number>`cast(count(*) over() as integer)`,
      })
      .from(serviceContainers)
      .innerJoin(sales, eq(sales.id, serviceContainers.saleId))
      .innerJoin(buildings, eq(buildings.id, sales.buildingId))
      .innerJoin(customers, eq(customers.id, sales.customerId));
  type Row = Awaited<ReturnType<typeof base>>[number];

  const present = (row: Row, locale: Locale): Container => {
    const c = row.container;
    return {
      id: c.id,
      sale_id: c.saleId,
      contract_no: row.contractNo,
      customer_name: customerName(
        { nameKa: row.customerNameKa, nameEn: row.customerNameEn, nameRu: row.customerNameRu },
        locale,
      ),
      building_id: c.buildingId,
      building_name: row.buildingName,
      currency: row.currency,
      price: money(c.price),
      paid: money(c.paid),
      debt: fromMinor(Math.max(0, toMinor(c.price) - toMinor(c.paid))),
      status: c.status as ContainerStatus,
      first_payment_date: c.firstPaymentDate,
      period_months: c.periodMonths,
      payments_count: c.paymentsCount,
      formula: c.formula,
      note: c.note,
      services: row.services ?? '',
      created_at: c.createdAt.toISOString(),
    };
  };

  async function list(q: ListQuery & ContainerFilters, user: Principal, locale: Locale) {
    const filters: Array<SQL | undefined> = [saleVisible(user)];
    if (q.building_ids?.length) filters.push(inArray(serviceContainers.buildingId, q.building_ids));
    if (q.sale_id !== undefined) filters.push(eq(serviceContainers.saleId, q.sale_id));
    if (q.status?.length) filters.push(inArray(serviceContainers.status, q.status));
    if (q.debt === true) filters.push(sql`${serviceContainers.paid} < ${serviceContainers.price}`);
    if (q.debt === false) filters.push(sql`${serviceContainers.paid} >= ${serviceContainers.price}`);
    if (q.query) filters.push(saleMatching(q.query));
    const where = and(...filters);
    const { rows, meta } = await carriedPage(q, { columns: SORTABLE, unsorted: [desc(serviceContainers.id)] }, () =>
      base(locale).where(where),
    );
    return { data: rows.map((r) => present(r, locale)), meta };
  }

  /** The container if its sale is live and visible to the user, else 404. */
  async function find(id: number, user: Principal, locale: Locale, executor: Executor = db) {
    const [row] = await base(locale, executor).where(and(eq(serviceContainers.id, id), saleVisible(user)));
    if (!row) throw notFound();
    return present(row, locale);
  }

  async function items(containerIds: number[], locale: Locale, executor: Executor = db) {
    if (containerIds.length === 0) return [];
    const rows = await executor
      .select({ item: serviceContainerItems, service: services, propertyNo: properties.no })
      .from(serviceContainerItems)
      .innerJoin(services, eq(services.id, serviceContainerItems.serviceId))
      .leftJoin(properties, eq(properties.id, serviceContainerItems.propertyId))
      .where(inArray(serviceContainerItems.containerId, containerIds))
      .orderBy(asc(serviceContainerItems.id));
    return rows.map((r) => ({
      id: r.item.id,
      container_id: r.item.containerId,
      service_id: r.item.serviceId,
      service_name: serviceName(r.service, locale),
      unit: r.service.unit,
      property_id: r.item.propertyId,
      property_number: r.propertyNo,
      quantity: Number(r.item.quantity),
      unit_price: money(r.item.unitPrice),
      amount: money(r.item.amount),
    }));
  }

  const paymentsBase = () =>
    db
      .select({
        payment: payments,
        contractNo: sales.contractNo,
        saleCurrency: sales.currency,
        buildingName: buildings.name,
        customerNameKa: customers.nameKa,
        customerNameEn: customers.nameEn,
        customerNameRu: customers.nameRu,
        createdByName: users.fullName,
        total: sql<number>`cast(count(*) over() as integer)`,
      })
      .from(payments)
      .innerJoin(sales, eq(sales.id, payments.saleId))
      .innerJoin(buildings, eq(buildings.id, sales.buildingId))
      .innerJoin(customers, eq(customers.id, sales.customerId))
      .leftJoin(users, eq(users.id, payments.createdBy));
  type PaymentRow = Awaited<ReturnType<typeof paymentsBase>>[number];
  const presentPayment = (row: PaymentRow, locale: Locale): ContainerPayment => ({
    id: row.payment.id,
    container_id: row.payment.containerId,
    sale_id: row.payment.saleId,
    contract_no: row.contractNo,
    customer_name: customerName(
      { nameKa: row.customerNameKa, nameEn: row.customerNameEn, nameRu: row.customerNameRu },
      locale,
    ),
    building_name: row.buildingName,
    amount: money(row.payment.amount),
    currency: row.payment.currency,
    rate: row.payment.rate,
    credited: money(row.payment.credited),
    sale_currency: row.saleCurrency,
    paid_on: row.payment.paidOn,
    note: row.payment.note,
    voided: row.payment.voidedAt !== null,
    created_by_name: row.createdByName,
    created_at: row.payment.createdAt.toISOString(),
  });

  /** One renovation payment the user may see (404 otherwise). */
  async function payment(id: number, user: Principal, locale: Locale) {
    const [row] = await paymentsBase().where(
      and(eq(payments.id, id), eq(payments.mode, 'renovation'), saleVisible(user)),
    );
    if (!row) throw notFound();
    return presentPayment(row, locale);
  }

  async function detail(id: number, user: Principal, locale: Locale, today: string): Promise<ContainerDetail> {
    const container = await find(id, user, locale);
    const schedule = await db
      .select()
      .from(containerInstallments)
      .where(eq(containerInstallments.containerId, id))
      .orderBy(asc(containerInstallments.number));
    const paid = await paymentsBase()
      .where(eq(payments.containerId, id))
      .orderBy(asc(payments.paidOn), asc(payments.id));
    return {
      ...container,
      items: (await items([id], locale)).map(({ container_id: _, ...item }) => item),
      installments: schedule.map((i) => {
        const state = { due_date: i.dueDate, amount: toMinor(i.amount), paid: toMinor(i.paid) };
        return {
          id: i.id,
          number: i.number,
          due_date: i.dueDate,
          amount: fromMinor(state.amount),
          paid: fromMinor(state.paid),
          status: installmentStatus(state, today),
        };
      }),
      payments: paid.map((p) => presentPayment(p, locale)),
    };
  }

  /** Every renovation payment the user may see, with the totals per currency over the whole filter. */
  async function renovationPayments(q: ListQuery & RenovationPaymentFilters, user: Principal, locale: Locale) {
    const filters: Array<SQL | undefined> = [eq(payments.mode, 'renovation'), saleVisible(user)];
    if (q.building_ids?.length) filters.push(inArray(sales.buildingId, q.building_ids));
    if (q.sale_id !== undefined) filters.push(eq(payments.saleId, q.sale_id));
    if (q.container_id !== undefined) filters.push(eq(payments.containerId, q.container_id));
    if (q.currency) filters.push(eq(payments.currency, q.currency));
    if (q.paid_on_from) filters.push(sql`${payments.paidOn} >= ${q.paid_on_from}`);
    if (q.paid_on_to) filters.push(sql`${payments.paidOn} <= ${q.paid_on_to}`);
    if (q.query) {
      const p = likePattern(q.query);
      filters.push(or(ilike(sales.contractNo, p), ilike(customers.nameKa, p), ilike(customers.nameEn, p)));
    }
    const totals = db
      .select({
        currency: payments.currency,
        amount: sql<string>`coalesce(sum(${payments.amount}), 0)`,
        count: sql<number>`cast(count(*) as integer)`,
      })
      .from(payments)
      .innerJoin(sales, eq(sales.id, payments.saleId))
      .innerJoin(customers, eq(customers.id, sales.customerId))
      .where(and(...filters, sql`${payments.voidedAt} is null`))
      .groupBy(payments.currency)
      .orderBy(asc(payments.currency))
      .then((found) => found);
    const [{ rows, meta }, summed] = await Promise.all([
      listPage(
        q,
        { columns: PAYMENT_SORTABLE, unsorted: [desc(payments.id)], then: desc(payments.id) },
        ({ orderBy, limit, offset }) =>
          paymentsBase()
            .where(and(...filters))
            .orderBy(...orderBy)
            .limit(limit)
            .offset(offset),
        async () => (await totals).reduce((s, t) => s + t.count, 0),
      ),
      totals,
    ]);
    return {
      data: rows.map((r) => presentPayment(r, locale)),
      meta: {
        ...meta,
        totals: summed.map((t) => ({ currency: t.currency, amount: money(t.amount), count: t.count })),
      },
    };
  }

  /** GET /containers/getSales: the live sales in the user's complexes, newest first (50 at most, `query` narrows). */
  async function salesForContainers(user: Principal, locale: Locale, query?: string, saleId?: number) {
    const filters: Array<SQL | undefined> = [
      saleVisible(user),
      inArray(sales.status, ['active', 'overdue', 'completed']),
    ];
    if (saleId !== undefined) filters.push(eq(sales.id, saleId));
    if (query) {
      const p = likePattern(query);
      filters.push(or(ilike(sales.contractNo, p), ilike(customers.nameKa, p), ilike(customers.nameEn, p)));
    }
    const rows = await db
      .select({
        id: sales.id,
        buildingId: sales.buildingId,
        contractNo: sales.contractNo,
        currency: sales.currency,
        buildingName: buildings.name,
        nameKa: customers.nameKa,
        nameEn: customers.nameEn,
        nameRu: customers.nameRu,
      })
      .from(sales)
      .innerJoin(buildings, eq(buildings.id, sales.buildingId))
      .innerJoin(customers, eq(customers.id, sales.customerId))
      .where(and(...filters))
      .orderBy(desc(sales.id))
      .limit(50);
    return rows.map((r) => ({
      id: r.id,
      building_id: r.buildingId,
      contract_no: r.contractNo,
      customer_name: customerName(r, locale),
      building_name: r.buildingName,
      currency: r.currency,
    }));
  }

  /** The units of a sale with their area, state and block. */
  async function saleUnits(saleId: number) {
    const rows = await db
      .select({
        id: properties.id,
        no: properties.no,
        area: properties.area,
        state: properties.state,
        block: blocks.name,
      })
      .from(saleProperties)
      .innerJoin(properties, eq(properties.id, saleProperties.propertyId))
      .leftJoin(blocks, eq(blocks.id, properties.blockId))
      .where(eq(saleProperties.saleId, saleId))
      .orderBy(asc(properties.id));
    return rows.map((r) => ({ id: r.id, number: r.no, area: Number(r.area), state: r.state, block_name: r.block }));
  }

  async function orderedOf(saleId: number, locale: Locale) {
    const ids = (
      await db.select({ id: serviceContainers.id }).from(serviceContainers).where(eq(serviceContainers.saleId, saleId))
    ).map((r) => r.id);
    return items(ids, locale);
  }

  return { list, find, detail, payment, renovationPayments, salesForContainers, saleUnits, orderedOf, items };
}
