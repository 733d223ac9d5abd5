import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Principal } from '../../../domain/access';
import type { Container, ContainerDetail } from '../../../domain/contracts/containers';
import { installmentStatus } from '../../../domain/ledger';
import { fromMinor, toMinor } from '../../../domain/money';
import type { ContainerStatus } from '../../../domain/services';
import type { Locale } from '../../../i18n';
import type { Db, Tx } from '../../db/client';
import { buildings, containerInstallments, customers, sales, serviceContainers } from '../../db/schema';
import { notFound } from '../../core/errors';
import { carriedPage, type ListQuery } from '../../core/paging';
import { customerName } from '../../../domain/names';
import { saleMatching, saleVisible } from '../saleLedger';
import { createRenovationPaymentReads } from './renovationPayments';
import { containerItems, createContainerSaleReads } from './saleReads';

type Executor = Db | Tx;

export interface ContainerFilters {
  building_ids?: number[];
  sale_id?: number;
  status?: ContainerStatus[];
  /** true: something is still owed; false: fully paid. */
  debt?: boolean;
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

/**
 * The containers' reads: the list, one container with its services, schedule and payments, renovation payments, and
 * what a sale may order.
 */
export function createContainersRepository(db: Db) {
  const renovationPayments = createRenovationPaymentReads(db);
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

  async function detail(id: number, user: Principal, locale: Locale, today: string): Promise<ContainerDetail> {
    const container = await find(id, user, locale);
    const schedule = await db
      .select()
      .from(containerInstallments)
      .where(eq(containerInstallments.containerId, id))
      .orderBy(asc(containerInstallments.number));
    return {
      ...container,
      items: (await containerItems(db, [id], locale)).map(({ container_id: _, ...item }) => item),
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
      payments: await renovationPayments.paymentsOf(id, locale),
    };
  }

  return {
    list,
    find,
    detail,
    renovationPayments: renovationPayments.renovationPayments,
    ...createContainerSaleReads(db),
  };
}
