import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, exists, gte, ilike, inArray, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { subDays } from 'date-fns';
import type { Locale } from '../../../i18n';
import type { Principal } from '../../../domain/access';
import { hasPermission } from '../../../domain/access';
import { agentFeeStatus, installmentStatus, overdueSummary, percentOf, priceShares, type InstallmentState } from '../../../domain/ledger';
import { formatMoney, fromMinor, toDecimalString, toMinor, type Minor } from '../../../domain/money';
import type { AgentFeeStatus, SaleHistoryAction, SaleStatus } from '../../../domain/sales';
import type { Db, Tx } from '../../db/client';
import {
  agents,
  blocks,
  buildings,
  currencyRates,
  customers,
  documentFiles,
  installments,
  payments,
  preSaleBookings,
  properties,
  saleHistories,
  saleProperties,
  sales,
  users,
} from '../../db/schema';
import { AppError, invalid, isUniqueViolation, notFound } from '../../core/errors';
import { likePattern, pageMeta, pageTotal, pageWindow, sortColumn, totalCount, type ListQuery } from '../../core/paging';
import { inBuildingScope } from '../../core/scope';
import { creditedTotal, lateInstallment, lockSale, replaceTerms, scheduleOf, settle, writeSchedule } from '../saleLedger';
import { customerName } from '../preSaleBookings';
import { claimUnit, releaseUnit, todayIso } from '../unitStatus';
import { saleVisible, visibleSale } from '../saleLedger';
import type { PropertiesChangeInput, SaleChangeInput, SaleInput, SalesQuery, TrashedQuery } from './fields';
import { writeHistory, type SaleChange } from '../saleLedger';
import { isResponsibleManager } from '../users';

type Executor = Db | Tx;
type SaleRow = typeof sales.$inferSelect;

const SORTABLE = {
  id: sales.id,
  contract_no: sales.contractNo,
  contract_start_date: sales.contractStartDate,
  price: sales.price,
  paid_total: sales.paidTotal,
  created_at: sales.createdAt,
  customer_name: customers.nameKa,
  status: sales.status,
  cancellation_date: sales.cancellationDate,
};

/** The columns of one sale row: the sale and the names around it (units and installments load per page). */
const rowColumns = {
  sale: sales,
  buildingName: buildings.name,
  customerNameKa: customers.nameKa,
  customerNameEn: customers.nameEn,
  customerNameRu: customers.nameRu,
  customerPersonalNumber: sql<string | null>`coalesce(${customers.personalNumber}, ${customers.companyCode})`,
  customerPhones: customers.phones,
  agentName: agents.name,
  userName: users.fullName,
};
type Row = {
  sale: SaleRow;
  buildingName: string;
  customerNameKa: string;
  customerNameEn: string | null;
  customerNameRu: string | null;
  customerPersonalNumber: string | null;
  customerPhones: string[];
  agentName: string | null;
  userName: string | null;
};

type Unit = { id: number; no: string; floor: number; area: number; block_name: string | null; type: string; state: string; price: number };
type Installment = { id: number; number: number; dueDate: string; amount: Minor; paid: Minor };

const money = (value: string | number) => fromMinor(toMinor(value));

/** Paid share of the price in percent, two decimals, half-up. */
const paidPercent = (paid: Minor, price: Minor) => (price > 0 ? Math.floor((paid * 20_000 + price) / (2 * price)) / 100 : 0);

/** An installment as the sale page shows it: what is due, paid and left, and its status today. */
export function presentInstallment(row: typeof installments.$inferSelect, today: string) {
  const amount = toMinor(row.amount);
  const paid = toMinor(row.paid);
  return {
    id: row.id,
    number: row.number,
    due_date: row.dueDate,
    amount: fromMinor(amount),
    paid: fromMinor(paid),
    remaining: fromMinor(Math.max(0, amount - paid)),
    status: installmentStatus({ due_date: row.dueDate, amount, paid }, today),
  };
}

export function createSalesRepository(db: Db) {
  const base = (executor: Executor = db) =>
    executor
      .select(rowColumns)
      .from(sales)
      .innerJoin(buildings, eq(buildings.id, sales.buildingId))
      .innerJoin(customers, eq(customers.id, sales.customerId))
      .leftJoin(agents, eq(agents.id, sales.agentId))
      .leftJoin(users, eq(users.id, sales.userId));

  /** The units and the schedule of the given sales, one query each. */
  async function detailsOf(executor: Executor, saleIds: number[]) {
    const units = new Map<number, Unit[]>();
    const schedules = new Map<number, Installment[]>();
    if (!saleIds.length) return { units, schedules };
    const [unitRows, installmentRows] = await Promise.all([
      executor
        .select({ saleId: saleProperties.saleId, share: saleProperties.price, property: properties, blockName: blocks.name })
        .from(saleProperties)
        .innerJoin(properties, eq(properties.id, saleProperties.propertyId))
        .leftJoin(blocks, eq(blocks.id, properties.blockId))
        .where(inArray(saleProperties.saleId, saleIds))
        .orderBy(asc(properties.floor), asc(sql`lpad(${properties.no}, 12, '0')`)),
      executor
        .select()
        .from(installments)
        .where(inArray(installments.saleId, saleIds))
        .orderBy(asc(installments.number)),
    ]);
    for (const r of unitRows) {
      const unit = {
        id: r.property.id,
        no: r.property.no,
        floor: r.property.floor,
        area: Number(r.property.area),
        block_name: r.blockName,
        type: r.property.type,
        state: r.property.state,
        price: money(r.share),
      };
      units.set(r.saleId, [...(units.get(r.saleId) ?? []), unit]);
    }
    for (const i of installmentRows) {
      const row = { id: i.id, number: i.number, dueDate: i.dueDate, amount: toMinor(i.amount), paid: toMinor(i.paid) };
      schedules.set(i.saleId, [...(schedules.get(i.saleId) ?? []), row]);
    }
    return { units, schedules };
  }

  /** The sale record of the contract, from its row, units and schedule. */
  function present(row: Row, units: Unit[], schedule: Installment[], locale: Locale, today: string) {
    const s = row.sale;
    const price = toMinor(s.price);
    const paidTotal = toMinor(s.paidTotal);
    const renovationPrice = toMinor(s.renovationPrice);
    const renovationPaid = toMinor(s.renovationPaid);
    const feePercent = Number(s.agentFeePercent);
    const minimumIncome = Number(s.minimumIncomePercent);
    const states: InstallmentState[] = schedule.map((i) => ({ due_date: i.dueDate, amount: i.amount, paid: i.paid }));
    const overdue = overdueSummary(states, today);
    const next = schedule.find((i) => i.paid < i.amount);
    return {
      id: s.id,
      contract_no: s.contractNo,
      status: s.status as SaleStatus,
      building_id: s.buildingId,
      building_name: row.buildingName,
      customer_id: s.customerId,
      customer_name: customerName({ nameKa: row.customerNameKa, nameEn: row.customerNameEn, nameRu: row.customerNameRu }, locale),
      customer_personal_number: row.customerPersonalNumber,
      customer_phone: row.customerPhones[0] ?? null,
      agent_id: s.agentId,
      agent_name: row.agentName,
      agent_fee_percent: feePercent,
      agent_fee_amount: fromMinor(percentOf(price, feePercent)),
      agent_fee_status: agentFeeStatus({ price, paid_total: paidTotal, minimum_income_percent: minimumIncome, agent_fee_paid: s.agentFeePaidAt !== null }),
      agent_is_paid: s.agentFeePaidAt !== null,
      minimum_income_percent: minimumIncome,
      user_id: s.userId,
      user_name: row.userName,
      price: fromMinor(price),
      currency: s.currency,
      currency_rate: s.currencyRate,
      paid_total: fromMinor(paidTotal),
      remaining: fromMinor(Math.max(0, price - paidTotal)),
      paid_percent: paidPercent(paidTotal, price),
      contract_type: s.contractType,
      payment_type: s.paymentType,
      contract_language: s.contractLanguage,
      contract_start_date: s.contractStartDate,
      contract_end_date: s.contractEndDate,
      first_payment_date: s.firstPaymentDate,
      period_months: s.periodMonths,
      payments_count: s.paymentsCount,
      formula: s.formula,
      activity_type: s.activityType,
      note: s.note,
      renovation_price: fromMinor(renovationPrice),
      renovation_paid: fromMinor(renovationPaid),
      renovation_debt: fromMinor(Math.max(0, renovationPrice - renovationPaid)),
      pre_sale_booking_id: s.preSaleBookingId,
      properties: units,
      next_due_date: next?.dueDate ?? null,
      next_due_amount: next ? fromMinor(next.amount - next.paid) : null,
      days_late: overdue.days_late,
      amount_overdue: fromMinor(overdue.amount_overdue),
      customer_change_date: s.customerChangeDate,
      customer_change_reason: s.customerChangeReason,
      cancellation_date: s.cancellationDate,
      cancellation_reason: s.cancellationReason,
      created_at: s.createdAt.toISOString(),
      updated_at: s.updatedAt.toISOString(),
    };
  }

  async function presentRows(executor: Executor, rows: Row[], locale: Locale) {
    const today = todayIso();
    const { units, schedules } = await detailsOf(executor, rows.map((r) => r.sale.id));
    return rows.map((r) => present(r, units.get(r.sale.id) ?? [], schedules.get(r.sale.id) ?? [], locale, today));
  }

  const unitOfSale = (condition: SQL) =>
    exists(
      db
        .select({ one: sql`1` })
        .from(saleProperties)
        .innerJoin(properties, eq(properties.id, saleProperties.propertyId))
        .where(and(eq(saleProperties.saleId, sales.id), condition)),
    );
  const flagged = (flag: boolean | undefined, condition: SQL) => (flag === undefined ? undefined : flag ? condition : sql`not (${condition})`);

  /** The conditions of SPEC §3's sale filters. */
  function filtersOf(q: SalesQuery & Partial<Pick<TrashedQuery, 'cancellation_date_from' | 'cancellation_date_to'>>, today: string): Array<SQL | undefined> {
    const filters: Array<SQL | undefined> = [];
    if (q.query) {
      const p = likePattern(q.query);
      filters.push(
        or(ilike(sales.contractNo, p), ilike(customers.nameKa, p), ilike(customers.nameEn, p), ilike(customers.nameRu, p), ilike(customers.personalNumber, p), ilike(customers.companyCode, p)),
      );
    }
    if (q.id !== undefined) filters.push(eq(sales.id, q.id));
    if (q.contract_no) filters.push(ilike(sales.contractNo, likePattern(q.contract_no)));
    if (q.property_num) filters.push(unitOfSale(eq(properties.no, q.property_num)));
    if (q.building_ids?.length) filters.push(inArray(sales.buildingId, q.building_ids));
    if (q.customer_id !== undefined) filters.push(eq(sales.customerId, q.customer_id));
    if (q.customer_country) filters.push(eq(customers.country, q.customer_country));
    if (q.customer_citizen) filters.push(eq(customers.citizenship, q.customer_citizen));
    if (q.agent_id !== undefined) filters.push(eq(sales.agentId, q.agent_id));
    if (q.payment_ccy?.length) filters.push(inArray(sales.currency, q.payment_ccy));
    if (q.sale_statuses?.length) filters.push(inArray(sales.status, q.sale_statuses));
    if (q.renovation_statuses?.length) {
      const renovation = {
        none: sql`${sales.renovationPrice} = 0`,
        paid: sql`${sales.renovationPrice} > 0 and ${sales.renovationPaid} >= ${sales.renovationPrice}`,
        debt: sql`${sales.renovationPrice} > 0 and ${sales.renovationPaid} < ${sales.renovationPrice}`,
      };
      filters.push(or(...q.renovation_statuses.map((s) => renovation[s])));
    }
    if (q.contract_type) filters.push(eq(sales.contractType, q.contract_type));
    if (q.block !== undefined) filters.push(unitOfSale(eq(properties.blockId, q.block)));
    if (q.contract_start_date_from) filters.push(gte(sales.contractStartDate, q.contract_start_date_from));
    if (q.contract_start_date_to) filters.push(lte(sales.contractStartDate, q.contract_start_date_to));
    if (q.first_installment_date_from) filters.push(gte(sales.firstPaymentDate, q.first_installment_date_from));
    if (q.first_installment_date_to) filters.push(lte(sales.firstPaymentDate, q.first_installment_date_to));
    if (q.adding_date_from) filters.push(sql`${sales.createdAt} >= ${q.adding_date_from}::date`);
    if (q.adding_date_to) filters.push(sql`${sales.createdAt} < ${q.adding_date_to}::date + 1`);
    if (q.cancellation_date_from) filters.push(gte(sales.cancellationDate, q.cancellation_date_from));
    if (q.cancellation_date_to) filters.push(lte(sales.cancellationDate, q.cancellation_date_to));
    if (q.activity_type) filters.push(eq(sales.activityType, q.activity_type));
    if (q.info_source) filters.push(eq(customers.infoSource, q.info_source));
    if (q.property_state) filters.push(unitOfSale(eq(properties.state, q.property_state)));
    if (q.property_type) filters.push(unitOfSale(eq(properties.type, q.property_type)));
    filters.push(
      flagged(
        q.has_payments,
        exists(db.select({ one: sql`1` }).from(payments).where(and(eq(payments.saleId, sales.id), isNull(payments.voidedAt)))),
      ),
    );
    filters.push(
      flagged(
        q.has_docs,
        exists(db.select({ one: sql`1` }).from(documentFiles).where(and(eq(documentFiles.ownerType, 'sale'), eq(documentFiles.ownerId, sales.id)))),
      ),
    );
    if (q.owner) filters.push(eq(customers.type, q.owner));
    if (q.contract_lang) filters.push(eq(sales.contractLanguage, q.contract_lang));
    // SPEC §3 payment_percent: the customer has paid at least this share of the price.
    if (q.payment_percent !== undefined && q.payment_percent !== null) filters.push(sql`${sales.paidTotal} * 100 >= ${sales.price} * ${q.payment_percent}`);
    filters.push(flagged(q.with_multiple_properties, sql`(select count(*) from ${saleProperties} where ${saleProperties.saleId} = ${sales.id}) > 1`));
    if (q.customer_birth_date) filters.push(eq(customers.birthDate, q.customer_birth_date));
    filters.push(flagged(q.customer_has_phone, sql`jsonb_array_length(${customers.phones}) > 0`));
    filters.push(flagged(q.customer_has_email, sql`jsonb_array_length(${customers.emails}) > 0`));
    if (q.cancellation_candidate !== undefined) {
      // A cancellation candidate is an overdue sale more than 30 days late: its oldest unpaid past-due installment fell due over 30 days ago.
      const monthAgo = subDays(new Date(`${today}T00:00:00Z`), 30).toISOString().slice(0, 10);
      const candidate = and(
        eq(sales.status, 'overdue'),
        exists(
          db
            .select({ one: sql`1` })
            .from(installments)
            .where(and(eq(installments.saleId, sales.id), lateInstallment(monthAgo))),
        ),
      )!;
      filters.push(flagged(q.cancellation_candidate, candidate));
    }
    if (q.user_id !== undefined) filters.push(eq(sales.userId, q.user_id));
    return filters;
  }

  /** Whether the filters or the sort read the customer's columns (the page query joins customers only then). */
  const readsCustomer = (q: SalesQuery) =>
    Boolean(q.query || q.customer_country || q.customer_citizen || q.info_source || q.owner || q.customer_birth_date || q.sort === 'customer_name') ||
    q.customer_has_phone !== undefined ||
    q.customer_has_email !== undefined;

  /**
   * One page of sales: a narrow query picks the page's ids with the total (count(*) over()), then the page's rows,
   * units and schedules load by id, one query each, so nothing wide is sorted or counted.
   */
  async function list(user: Principal, q: SalesQuery & Partial<TrashedQuery>, locale: Locale, options: { trashed?: boolean } = {}) {
    const { limit, offset } = pageWindow(q);
    const today = todayIso();
    const where = and(saleVisible(user, options), ...filtersOf(q, today));
    const column = sortColumn(q.sort, SORTABLE, 'id');
    const byDefault = !q.sort || !(q.sort in SORTABLE);
    const picked = db.select({ id: sales.id, total: totalCount }).from(sales);
    const pageIds = await (readsCustomer(q) ? picked.innerJoin(customers, eq(customers.id, sales.customerId)) : picked)
      .where(where)
      .orderBy(byDefault || q.order === 'desc' ? desc(column) : asc(column), desc(sales.id))
      .limit(limit)
      .offset(offset);
    const total = await pageTotal(pageIds, offset, async () =>
      (await db.select({ n: sql<number>`cast(count(*) as integer)` }).from(sales).innerJoin(customers, eq(customers.id, sales.customerId)).where(where))[0].n,
    );
    const ids = pageIds.map((r) => r.id);
    if (!ids.length) return { data: [], meta: pageMeta(q, total, 0) };
    const [rows, { units, schedules }] = await Promise.all([base().where(inArray(sales.id, ids)), detailsOf(db, ids)]);
    const byId = new Map(rows.map((r) => [r.sale.id, r]));
    const data = ids.map((id) => present(byId.get(id)!, units.get(id) ?? [], schedules.get(id) ?? [], locale, today));
    return { data, meta: pageMeta(q, total, data.length) };
  }

  /** Count, price, paid, remaining and overdue of the filtered sales, per currency, summed in the database to the cent. */
  async function totals(user: Principal, q: SalesQuery) {
    const today = todayIso();
    const where = and(saleVisible(user), ...filtersOf(q, today));
    const late = db
      .select({ saleId: installments.saleId, amount: sql<string>`sum(${installments.amount} - ${installments.paid})`.as('late_amount') })
      .from(installments)
      .where(lateInstallment(today))
      .groupBy(installments.saleId)
      .as('late');
    const rows = await db
      .select({
        currency: sales.currency,
        count: sql<number>`cast(count(*) as integer)`,
        price: sql<string>`coalesce(sum(${sales.price}), 0)`,
        paidTotal: sql<string>`coalesce(sum(${sales.paidTotal}), 0)`,
        remaining: sql<string>`coalesce(sum(greatest(${sales.price} - ${sales.paidTotal}, 0)), 0)`,
        amountOverdue: sql<string>`coalesce(sum(${late.amount}), 0)`,
      })
      .from(sales)
      .innerJoin(customers, eq(customers.id, sales.customerId))
      .leftJoin(late, eq(late.saleId, sales.id))
      .where(where)
      .groupBy(sales.currency)
      .orderBy(asc(sales.currency));
    return {
      count: rows.reduce((n, r) => n + r.count, 0),
      by_currency: rows.map((r) => ({
        currency: r.currency,
        count: r.count,
        price: money(r.price),
        paid_total: money(r.paidTotal),
        remaining: money(r.remaining),
        amount_overdue: money(r.amountOverdue),
      })),
    };
  }

  async function record(executor: Executor, condition: SQL | undefined, locale: Locale) {
    const [row] = await base(executor).where(condition);
    if (!row) throw notFound();
    return (await presentRows(executor, [row], locale))[0];
  }

  /** GET /sales/{id} (or its trashed twin): the record with its installments, payments and files count. */
  async function get(user: Principal, id: number, locale: Locale, options: { trashed?: boolean } = {}, executor: Executor = db) {
    const sale = await record(executor, and(eq(sales.id, id), saleVisible(user, options)), locale);
    const today = todayIso();
    const [schedule, paymentRows, files] = await Promise.all([
      executor.select().from(installments).where(eq(installments.saleId, id)).orderBy(asc(installments.number)),
      executor
        .select({ payment: payments, createdByName: users.fullName })
        .from(payments)
        .leftJoin(users, eq(users.id, payments.createdBy))
        .where(eq(payments.saleId, id))
        .orderBy(asc(payments.paidOn), asc(payments.id)),
      executor.$count(documentFiles, and(eq(documentFiles.ownerType, 'sale'), eq(documentFiles.ownerId, id))),
    ]);
    return {
      ...sale,
      installments: schedule.map((i) => presentInstallment(i, today)),
      payments: paymentRows.map(({ payment: p, createdByName }) => ({
        id: p.id,
        mode: p.mode,
        amount: money(p.amount),
        currency: p.currency,
        rate: String(Number(p.rate)),
        credited: money(p.credited),
        paid_on: p.paidOn,
        note: p.note,
        source: p.source,
        voided: p.voidedAt !== null,
        created_by_name: createdByName,
        created_at: p.createdAt.toISOString(),
      })),
      files_count: files,
    };
  }

  async function brief(user: Principal, id: number, locale: Locale) {
    const sale = await record(db, and(eq(sales.id, id), saleVisible(user)), locale);
    return {
      id: sale.id,
      contract_no: sale.contract_no,
      status: sale.status,
      customer_id: sale.customer_id,
      customer_name: sale.customer_name,
      building_name: sale.building_name,
      properties: sale.properties.map((p) => ({ id: p.id, no: p.no })),
      price: sale.price,
      currency: sale.currency,
      paid_total: sale.paid_total,
      remaining: sale.remaining,
      next_due_date: sale.next_due_date,
      next_due_amount: sale.next_due_amount,
    };
  }

  /** A customer's sales the user may see; cancelled ones too for those who may see cancelled sales. */
  async function byCustomer(user: Principal, customerId: number, locale: Locale) {
    const visible = hasPermission(user, 'view_canceled_sales') ? or(saleVisible(user), saleVisible(user, { trashed: true })) : saleVisible(user);
    const rows = await base().where(and(eq(sales.customerId, customerId), visible)).orderBy(desc(sales.id)).limit(1000);
    return presentRows(db, rows, locale);
  }

  /** Each manager's sales signed in the month, per currency (targets come with the bonuses issue). */
  async function withTargets(user: Principal, month: string) {
    const from = `${month}-01`;
    const rows = await db
      .select({
        userId: sales.userId,
        userName: users.fullName,
        currency: sales.currency,
        count: sql<number>`cast(count(*) as integer)`,
        price: sql<string>`sum(${sales.price})`,
      })
      .from(sales)
      .leftJoin(users, eq(users.id, sales.userId))
      .where(and(saleVisible(user), gte(sales.contractStartDate, from), sql`${sales.contractStartDate} < (${from}::date + interval '1 month')`))
      .groupBy(sales.userId, users.fullName, sales.currency)
      .orderBy(asc(users.fullName), asc(sales.currency));
    const byUser = new Map<number | null, { user_id: number | null; user_name: string | null; sales_count: number; by_currency: Array<{ currency: string; price: number }>; target: null }>();
    for (const r of rows) {
      const entry = byUser.get(r.userId) ?? { user_id: r.userId, user_name: r.userName, sales_count: 0, by_currency: [], target: null };
      entry.sales_count += r.count;
      entry.by_currency.push({ currency: r.currency, price: money(r.price) });
      byUser.set(r.userId, entry);
    }
    return [...byUser.values()];
  }

  async function histories(user: Principal, q: ListQuery & { sale_id?: number }) {
    const { limit, offset } = pageWindow(q);
    const visible = hasPermission(user, 'view_canceled_sales') ? or(saleVisible(user), saleVisible(user, { trashed: true })) : saleVisible(user);
    if (q.sale_id !== undefined) {
      const [sale] = await db.select({ id: sales.id }).from(sales).where(and(eq(sales.id, q.sale_id), visible));
      if (!sale) throw notFound();
    }
    const where = and(visible, q.sale_id !== undefined ? eq(saleHistories.saleId, q.sale_id) : undefined);
    const rows = await db
      .select({ history: saleHistories, userName: users.fullName, total: totalCount })
      .from(saleHistories)
      .innerJoin(sales, eq(sales.id, saleHistories.saleId))
      .leftJoin(users, eq(users.id, saleHistories.userId))
      .where(where)
      .orderBy(desc(saleHistories.createdAt), desc(saleHistories.id))
      .limit(limit)
      .offset(offset);
    const total = await pageTotal(rows, offset, () =>
      db.select({ n: sql<number>`cast(count(*) as integer)` }).from(saleHistories).innerJoin(sales, eq(sales.id, saleHistories.saleId)).where(where).then((r) => r[0].n),
    );
    return {
      data: rows.map(({ history: h, userName }) => ({
        id: h.id,
        sale_id: h.saleId,
        action: h.action as SaleHistoryAction,
        user_id: h.userId,
        user_name: userName,
        changes: h.changes,
        reason: h.reason,
        effective_date: h.effectiveDate,
        created_at: h.createdAt.toISOString(),
      })),
      meta: pageMeta(q, total, rows.length),
    };
  }

  // ---- writes ----

  /** The units of a sale: each must exist, be live and in the user's buildings, and all in one complex (422 otherwise). */
  async function unitsForSale(tx: Tx, user: Principal, ids: number[], buildingId?: number) {
    const found = await tx
      .select({ id: properties.id, buildingId: properties.buildingId, price: properties.price })
      .from(properties)
      .where(and(inArray(properties.id, ids), isNull(properties.archivedAt), inBuildingScope(user, properties.buildingId)));
    if (found.length !== ids.length) throw invalid({ property_ids: ['sale_rules.unknown_unit'] });
    const complexes = new Set([...found.map((u) => u.buildingId), ...(buildingId === undefined ? [] : [buildingId])]);
    if (complexes.size > 1) throw invalid({ property_ids: ['sale_rules.one_complex'] });
    const byId = new Map(found.map((u) => [u.id, u]));
    return ids.map((id) => byId.get(id)!);
  }

  /** The customer, agent and responsible manager named must exist (422 on the field otherwise). */
  async function checkParties(tx: Tx, input: { customer_id?: number; agent_id?: number | null; user_id?: number | null }) {
    const errors: Record<string, string[]> = {};
    if (input.customer_id !== undefined && !(await tx.$count(customers, and(eq(customers.id, input.customer_id), isNull(customers.deletedAt))))) {
      errors.customer_id = ['sale_rules.unknown_customer'];
    }
    if (input.agent_id && !(await tx.$count(agents, and(eq(agents.id, input.agent_id), isNull(agents.deletedAt))))) errors.agent_id = ['sale_rules.unknown_agent'];
    if (input.user_id && !(await isResponsibleManager(tx, input.user_id))) errors.user_id = ['customers.not_sale_manager'];
    if (Object.keys(errors).length) throw invalid(errors);
  }

  /** A contract number is unique among live sales. */
  async function checkContractNo(tx: Tx, contractNo: string, exceptSaleId?: number) {
    const taken = await tx.$count(sales, and(eq(sales.contractNo, contractNo), isNull(sales.deletedAt), exceptSaleId ? ne(sales.id, exceptSaleId) : undefined));
    if (taken) throw invalid({ contract_no: [['sale_rules.contract_no_taken', { contract_no: contractNo }]] });
  }

  /** GEL per unit of the sale's currency on the contract date (the last NBG rate on or before it); 1 for GEL. */
  async function contractRate(tx: Tx, currency: string, date: string) {
    if (currency === 'GEL') return '1';
    const [rate] = await tx
      .select({ rate: currencyRates.rate })
      .from(currencyRates)
      .where(and(eq(currencyRates.currency, currency), lte(currencyRates.date, date)))
      .orderBy(desc(currencyRates.date))
      .limit(1);
    return rate?.rate ?? null;
  }

  const withUniqueContractNo = async <T>(write: () => Promise<T>, contractNo: string | null | undefined) => {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error, 'sales_contract_no_unique')) throw invalid({ contract_no: [['sale_rules.contract_no_taken', { contract_no: contractNo ?? '' }]] });
      throw error;
    }
  };

  /**
   * Writes a sale inside `tx`: units free→sold (or pre_booked→sold for the customer's approved reservation, which
   * becomes converted), the sale, its units' shares, its schedule, an already-paid import payment if any, the
   * ledger's settle and the history entry. Everything that can be refused is checked before the first write.
   */
  async function insertSale(tx: Tx, user: Principal, input: SaleInput, options: { action: SaleHistoryAction; alreadyPaid?: Minor } = { action: 'created' }) {
    const ids = [...new Set(input.property_ids)];
    const units = await unitsForSale(tx, user, ids);
    await checkParties(tx, input);
    let bookedUnit: number | undefined;
    if (input.pre_sale_booking_id) {
      const [booking] = await tx
        .select()
        .from(preSaleBookings)
        .innerJoin(properties, eq(properties.id, preSaleBookings.propertyId))
        .where(and(eq(preSaleBookings.id, input.pre_sale_booking_id), inBuildingScope(user, properties.buildingId)));
      const b = booking?.pre_sale_bookings;
      if (!b || b.status !== 'approved' || b.customerId !== input.customer_id || !ids.includes(b.propertyId)) {
        throw invalid({ pre_sale_booking_id: ['sale_rules.booking_not_convertible'] });
      }
      bookedUnit = b.propertyId;
    }
    if (input.contract_no) await checkContractNo(tx, input.contract_no);
    const firstPaymentDate = input.first_payment_date ?? input.contract_start_date;
    const terms = { price: input.price, first_payment_date: firstPaymentDate, period_months: input.period_months ?? 1, payments_count: input.payments_count ?? 1, formula: input.formula ?? null };
    const schedule = scheduleOf({ ...terms, price: toMinor(terms.price) });

    for (const unit of units) await claimUnit(tx, unit.id, 'sold', 'sale', unit.id === bookedUnit ? 'pre_booked' : 'free');

    const price = toMinor(input.price);
    const [sale] = await withUniqueContractNo(
      () =>
        tx
          .insert(sales)
          .values({
            contractNo: input.contract_no || `pending-${randomUUID()}`,
            buildingId: units[0].buildingId,
            customerId: input.customer_id,
            agentId: input.agent_id ?? null,
            agentFeePercent: String(input.agent_fee_percent ?? 0),
            minimumIncomePercent: String(input.minimum_income_percent ?? 0),
            price: toDecimalString(price),
            currency: input.currency,
            currencyRate: null,
            contractType: input.contract_type,
            paymentType: input.payment_type,
            contractLanguage: input.contract_language,
            contractStartDate: input.contract_start_date,
            contractEndDate: input.contract_end_date ?? null,
            firstPaymentDate,
            periodMonths: terms.period_months,
            paymentsCount: terms.payments_count,
            formula: terms.formula,
            activityType: input.activity_type ?? null,
            note: input.note ?? null,
            renovationPrice: toDecimalString(toMinor(input.renovation_price ?? 0)),
            preSaleBookingId: input.pre_sale_booking_id ?? null,
            userId: input.user_id ?? user.id,
            createdBy: user.id,
          })
          .returning({ id: sales.id }),
      input.contract_no,
    );
    const rate = await contractRate(tx, input.currency, input.contract_start_date);
    const generated = input.contract_no ? undefined : await freeContractNo(tx, sale.id);
    await tx
      .update(sales)
      .set({ currencyRate: rate, ...(generated ? { contractNo: generated } : {}) })
      .where(eq(sales.id, sale.id));
    const shares = priceShares(price, units.map((u) => (u.price === null ? null : toMinor(u.price))));
    await tx.insert(saleProperties).values(units.map((u, i) => ({ saleId: sale.id, propertyId: u.id, price: toDecimalString(shares[i]) })));
    await writeSchedule(tx, sale.id, schedule);
    if (options.alreadyPaid) {
      await tx.insert(payments).values({
        saleId: sale.id,
        mode: 'sale',
        amount: toDecimalString(options.alreadyPaid),
        currency: input.currency,
        rate: '1',
        credited: toDecimalString(options.alreadyPaid),
        paidOn: input.contract_start_date,
        source: 'import',
        createdBy: user.id,
      });
    }
    await settle(tx, sale.id);
    await writeHistory(tx, { saleId: sale.id, userId: user.id, action: options.action });
    if (input.pre_sale_booking_id) {
      await tx.update(preSaleBookings).set({ status: 'converted', updatedAt: new Date() }).where(eq(preSaleBookings.id, input.pre_sale_booking_id));
    }
    return sale.id;
  }

  /** 'S-000042' from the sale's id; a suffix when someone typed that number already. */
  async function freeContractNo(tx: Tx, saleId: number) {
    const generated = `S-${String(saleId).padStart(6, '0')}`;
    for (let n = 0; ; n += 1) {
      const candidate = n ? `${generated}-${n}` : generated;
      if (!(await tx.$count(sales, and(eq(sales.contractNo, candidate), isNull(sales.deletedAt))))) return candidate;
    }
  }

  async function create(user: Principal, input: SaleInput, locale: Locale) {
    return db.transaction(async (tx) => {
      const id = await insertSale(tx, user, input);
      return get(user, id, locale, {}, tx);
    });
  }

  /** PUT /sales/{id}: the fields given; a new customer needs the date and reason of the change. History of every changed field. */
  async function update(user: Principal, id: number, input: SaleChangeInput, locale: Locale) {
    return db.transaction(async (tx) => {
      const current = await visibleSale(tx, user, id);
      await lockSale(tx, id);
      const customerChanges = input.customer_id !== undefined && input.customer_id !== current.customerId;
      if (customerChanges) {
        const errors: Record<string, string[]> = {};
        if (!input.customer_change_date) errors.customer_change_date = ['validation.required'];
        if (!input.customer_change_reason) errors.customer_change_reason = ['validation.required'];
        if (Object.keys(errors).length) throw invalid(errors);
      }
      await checkParties(tx, { customer_id: customerChanges ? input.customer_id : undefined, agent_id: input.agent_id, user_id: input.user_id });
      if (input.contract_no && input.contract_no !== current.contractNo) await checkContractNo(tx, input.contract_no, id);

      const percentText = (n: number | undefined) => (n === undefined ? undefined : Number(n).toFixed(2));
      const moneyText = (n: number | null | undefined) => (n === undefined ? undefined : toDecimalString(toMinor(n ?? 0)));
      const next: Partial<Record<keyof SaleRow, unknown>> = {
        contractNo: input.contract_no === null ? undefined : input.contract_no,
        agentId: input.agent_id,
        agentFeePercent: percentText(input.agent_fee_percent),
        minimumIncomePercent: percentText(input.minimum_income_percent),
        contractType: input.contract_type,
        paymentType: input.payment_type,
        contractLanguage: input.contract_language,
        contractStartDate: input.contract_start_date,
        contractEndDate: input.contract_end_date,
        userId: input.user_id,
        activityType: input.activity_type,
        note: input.note,
        renovationPrice: moneyText(input.renovation_price),
      };
      const FIELD: Partial<Record<keyof SaleRow, string>> = {
        contractNo: 'contract_no',
        agentId: 'agent_id',
        agentFeePercent: 'agent_fee_percent',
        minimumIncomePercent: 'minimum_income_percent',
        contractType: 'contract_type',
        paymentType: 'payment_type',
        contractLanguage: 'contract_language',
        contractStartDate: 'contract_start_date',
        contractEndDate: 'contract_end_date',
        userId: 'user_id',
        activityType: 'activity_type',
        note: 'note',
        renovationPrice: 'renovation_price',
      };
      const set: Record<string, unknown> = {};
      const changes: SaleChange[] = [];
      for (const [key, value] of Object.entries(next) as Array<[keyof SaleRow, unknown]>) {
        if (value === undefined) continue;
        const from = current[key] ?? null;
        const numeric = key === 'agentFeePercent' || key === 'minimumIncomePercent' || key === 'renovationPrice';
        const same = numeric ? Number(from) === Number(value) : from === value;
        if (same) continue;
        set[key] = value;
        changes.push({ field: FIELD[key]!, from: numeric ? Number(from) : from, to: numeric ? Number(value) : value });
      }
      if (customerChanges) {
        Object.assign(set, { customerId: input.customer_id, customerChangeDate: input.customer_change_date, customerChangeReason: input.customer_change_reason });
      }
      if (Object.keys(set).length) {
        await withUniqueContractNo(() => tx.update(sales).set({ ...set, updatedAt: new Date() }).where(eq(sales.id, id)), input.contract_no);
      }
      if (changes.length) await writeHistory(tx, { saleId: id, userId: user.id, action: 'updated', changes });
      if (customerChanges) {
        await writeHistory(tx, {
          saleId: id,
          userId: user.id,
          action: 'customer_changed',
          changes: [{ field: 'customer_id', from: current.customerId, to: input.customer_id }],
          reason: input.customer_change_reason,
          effectiveDate: input.customer_change_date,
        });
      }
      return get(user, id, locale, {}, tx);
    });
  }

  /**
   * PATCH /sales/{id}/update-properties: other units, a new price and a new schedule. Removed units go back to free,
   * added ones are claimed; keep_paid=false voids the sale's payments (they stay on record), then the ledger settles.
   */
  async function changeProperties(user: Principal, id: number, input: PropertiesChangeInput, locale: Locale) {
    return db.transaction(async (tx) => {
      const current = await visibleSale(tx, user, id);
      await lockSale(tx, id);
      const next = [...new Set(input.property_ids)];
      const units = await unitsForSale(tx, user, next, current.buildingId);
      const price = toMinor(input.price);
      const paidBefore = await creditedTotal(tx, id, 'sale');
      if (input.keep_paid && paidBefore > price) {
        throw invalid({ price: [['sale_rules.price_below_paid', { paid: `${formatMoney(paidBefore)} ${current.currency}` }]] });
      }
      const before = (await tx.select({ id: saleProperties.propertyId }).from(saleProperties).where(eq(saleProperties.saleId, id))).map((r) => r.id);
      for (const p of before.filter((p) => !next.includes(p))) await releaseUnit(tx, p, 'sold');
      for (const p of next.filter((p) => !before.includes(p))) await claimUnit(tx, p, 'sold', 'sale');
      await tx.delete(saleProperties).where(eq(saleProperties.saleId, id));
      const shares = priceShares(price, units.map((u) => (u.price === null ? null : toMinor(u.price))));
      await tx.insert(saleProperties).values(units.map((u, i) => ({ saleId: id, propertyId: u.id, price: toDecimalString(shares[i]) })));
      await replaceTerms(tx, id, price, input);
      if (!input.keep_paid) {
        await tx
          .update(payments)
          .set({ voidedAt: new Date(), updatedAt: new Date() })
          .where(and(eq(payments.saleId, id), eq(payments.mode, 'sale'), isNull(payments.voidedAt)));
      }
      const settled = await settle(tx, id);
      const changes: SaleChange[] = [
        { field: 'property_ids', from: [...before].sort((a, b) => a - b), to: [...next].sort((a, b) => a - b) },
        { field: 'price', from: money(current.price), to: fromMinor(price) },
      ];
      if (!input.keep_paid) changes.push({ field: 'paid_total', from: fromMinor(paidBefore), to: fromMinor(settled.paid_total) });
      await writeHistory(tx, { saleId: id, userId: user.id, action: 'properties_changed', changes });
      return get(user, id, locale, {}, tx);
    });
  }

  /** Cancels a live sale: status canceled, in the trash, its units free again; one transaction. */
  async function cancel(user: Principal, id: number, input: { date: string; reason: string | null }) {
    await db.transaction(async (tx) => {
      const current = await visibleSale(tx, user, id);
      await lockSale(tx, id);
      await tx
        .update(sales)
        .set({ status: 'canceled', deletedAt: new Date(), cancellationDate: input.date, cancellationReason: input.reason, canceledBy: user.id, updatedAt: new Date() })
        .where(eq(sales.id, id));
      const units = await tx.select({ id: saleProperties.propertyId }).from(saleProperties).where(eq(saleProperties.saleId, id));
      for (const u of units) await releaseUnit(tx, u.id, 'sold');
      await writeHistory(tx, {
        saleId: id,
        userId: user.id,
        action: 'canceled',
        changes: [{ field: 'status', from: current.status, to: 'canceled' }],
        reason: input.reason,
        effectiveDate: input.date,
      });
    });
  }

  /** Marks the agent's fee paid or takes the mark back; a fee that is not due yet cannot be paid. */
  async function setAgentFee(user: Principal, id: number, wanted: 'paid' | 'must_paid' | undefined, locale: Locale) {
    return db.transaction(async (tx) => {
      const current = await visibleSale(tx, user, id);
      await lockSale(tx, id);
      if (!current.agentId) throw new AppError(422, 'sale_rules.no_agent', {}, { status: ['sale_rules.no_agent'] });
      const terms = { price: toMinor(current.price), paid_total: toMinor(current.paidTotal), minimum_income_percent: Number(current.minimumIncomePercent) };
      const was: AgentFeeStatus = agentFeeStatus({ ...terms, agent_fee_paid: current.agentFeePaidAt !== null });
      const target = wanted ?? (was === 'paid' ? 'must_paid' : 'paid');
      if (target === 'paid' && agentFeeStatus({ ...terms, agent_fee_paid: false }) === 'not_due') {
        throw new AppError(422, 'sale_rules.agent_fee_not_due', {}, { status: ['sale_rules.agent_fee_not_due'] });
      }
      const paidAt = target === 'paid' ? (current.agentFeePaidAt ?? new Date()) : null;
      await tx.update(sales).set({ agentFeePaidAt: paidAt, updatedAt: new Date() }).where(eq(sales.id, id));
      const now: AgentFeeStatus = agentFeeStatus({ ...terms, agent_fee_paid: paidAt !== null });
      if (now !== was) await writeHistory(tx, { saleId: id, userId: user.id, action: 'agent_fee_changed', changes: [{ field: 'agent_fee_status', from: was, to: now }] });
      return get(user, id, locale, {}, tx);
    });
  }

  /** Whether the user may see this live sale (files, comments). */
  async function visible(user: Principal, id: number) {
    return (await db.$count(sales, and(eq(sales.id, id), saleVisible(user)))) > 0;
  }

  return { detailsOf, list, totals, get, brief, byCustomer, withTargets, histories, create, insertSale, update, changeProperties, cancel, setAgentFee, visible };
}

export type SalesRepository = ReturnType<typeof createSalesRepository>;
