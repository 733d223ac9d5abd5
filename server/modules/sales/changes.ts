import { and, eq, isNull } from 'drizzle-orm';
import type { Locale } from '../../../i18n';
import type { Principal } from '../../../domain/access';
import { agentFeeStatus, priceShares } from '../../../domain/ledger';
import { formatMoney, fromMinor, toDecimalString, toMinor, type Minor } from '../../../domain/money';
import type { AgentFeeStatus } from '../../../domain/sales';
import type { Db, Tx } from '../../db/client';
import { payments, saleProperties, sales } from '../../db/schema';
import { AppError, invalid } from '../../core/errors';
import type { RecordWrite } from '../../core/activityLog';
import {
  creditedTotal,
  hasContainers,
  lockSale,
  replaceTerms,
  saleVisible,
  settle,
  visibleSale,
  writeHistory,
  type SaleChange,
} from '../saleLedger';
import { claimUnit, releaseUnit } from '../unitStatus';
import type { PropertiesChangeInput, SaleChangeInput, SaleInput } from './fields';
import { money, type SaleRow } from './present';
import type { SaleRecords } from './oneSale';
import { insertSale, insertSales } from './newSales';
import { checkContractNo, checkParties, unitsForSale, withUniqueContractNo } from './checks';

/** The fields PUT /sales/{id} changes (what differs from the sale as it is), and the history line of each. */
async function changedFields(tx: Tx, current: SaleRow, input: SaleChangeInput) {
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
    // a sale's renovation price is its containers' once it has one (the ledger derives it)
    if (key === 'renovationPrice' && (await hasContainers(tx, current.id)))
      throw invalid({ renovation_price: ['containers.price_from_containers'] });
    set[key] = value;
    changes.push({ field: FIELD[key]!, from: numeric ? Number(from) : from, to: numeric ? Number(value) : value });
  }
  return { set, changes };
}

/**
 * The sale's units become `units`: the removed ones free again, the added ones sold, each with its share of the price.
 */
async function replaceUnits(
  tx: Tx,
  id: number,
  before: number[],
  units: Array<{ id: number; price: string | null }>,
  price: Minor,
) {
  const next = units.map((u) => u.id);
  for (const p of before.filter((p) => !next.includes(p))) await releaseUnit(tx, p, 'sold');
  for (const p of next.filter((p) => !before.includes(p))) await claimUnit(tx, p, 'sold', 'sale');
  await tx.delete(saleProperties).where(eq(saleProperties.saleId, id));
  const shares = priceShares(
    price,
    units.map((u) => (u.price === null ? null : toMinor(u.price))),
  );
  await tx
    .insert(saleProperties)
    .values(units.map((u, i) => ({ saleId: id, propertyId: u.id, price: toDecimalString(shares[i]) })));
}

/** The sale canceled inside `tx`: status canceled, nothing overdue, in the trash, its units free again. */
async function cancelSale(tx: Tx, user: Principal, id: number, input: { date: string; reason: string | null }) {
  await visibleSale(tx, user, id);
  const current = await lockSale(tx, id);
  await tx
    .update(sales)
    .set({
      status: 'canceled',
      amountOverdue: '0',
      deletedAt: new Date(),
      cancellationDate: input.date,
      cancellationReason: input.reason,
      canceledBy: user.id,
      updatedAt: new Date(),
    })
    .where(eq(sales.id, id));
  const units = await tx
    .select({ id: saleProperties.propertyId })
    .from(saleProperties)
    .where(eq(saleProperties.saleId, id));
  for (const u of units) await releaseUnit(tx, u.id, 'sold');
  await writeHistory(tx, {
    saleId: id,
    userId: user.id,
    action: 'canceled',
    changes: [{ field: 'status', from: current.status, to: 'canceled' }],
    reason: input.reason,
    effectiveDate: input.date,
  });
  return current;
}

/**
 * The agent's fee of a visible sale marked paid, or the mark taken back (`wanted`, else the other of what it is),
 * inside `tx`; a fee that is not due yet cannot be paid. Answers the sale as it was.
 */
async function markAgentFee(tx: Tx, user: Principal, id: number, wanted: 'paid' | 'must_paid' | undefined) {
  await visibleSale(tx, user, id);
  const current = await lockSale(tx, id);
  if (!current.agentId) throw new AppError(422, 'sale_rules.no_agent', {}, { status: ['sale_rules.no_agent'] });
  const terms = {
    price: toMinor(current.price),
    paid_total: toMinor(current.paidTotal),
    minimum_income_percent: Number(current.minimumIncomePercent),
  };
  const was: AgentFeeStatus = agentFeeStatus({ ...terms, agent_fee_paid: current.agentFeePaidAt !== null });
  const target = wanted ?? (was === 'paid' ? 'must_paid' : 'paid');
  if (target === 'paid' && agentFeeStatus({ ...terms, agent_fee_paid: false }) === 'not_due') {
    throw new AppError(422, 'sale_rules.agent_fee_not_due', {}, { status: ['sale_rules.agent_fee_not_due'] });
  }
  const paidAt = target === 'paid' ? (current.agentFeePaidAt ?? new Date()) : null;
  await tx.update(sales).set({ agentFeePaidAt: paidAt, updatedAt: new Date() }).where(eq(sales.id, id));
  const now: AgentFeeStatus = agentFeeStatus({ ...terms, agent_fee_paid: paidAt !== null });
  if (now !== was)
    await writeHistory(tx, {
      saleId: id,
      userId: user.id,
      action: 'agent_fee_changed',
      changes: [{ field: 'agent_fee_status', from: was, to: now }],
    });
  return current;
}

/** The changes of a sale: create (and the insert an import shares), update, new units, cancel, the agent fee. */
export function createSaleChanges(db: Db, records: SaleRecords) {
  const { get } = records;

  /** The sale as a change's answer shows it, after recording the change (`before`: the sale as the change found it). */
  async function answered(
    tx: Tx,
    user: Principal,
    id: number,
    locale: Locale,
    record: RecordWrite,
    before: typeof sales.$inferSelect,
  ) {
    const sale = await get(user, id, locale, {}, tx);
    await record(tx, { recordId: id, buildingId: sale.building_id, before, answer: { data: sale } });
    return sale;
  }

  async function create(user: Principal, input: SaleInput, locale: Locale, record: RecordWrite) {
    return db.transaction(async (tx) => {
      const id = await insertSale(tx, user, input);
      const sale = await get(user, id, locale, {}, tx);
      await record(tx, { recordId: id, buildingId: sale.building_id, answer: { data: sale } });
      return sale;
    });
  }

  /**
   * PUT /sales/{id}: the fields given; a new customer needs the date and reason of the change.
   * History of every changed field.
   */
  async function update(user: Principal, id: number, input: SaleChangeInput, locale: Locale, record: RecordWrite) {
    return db.transaction(async (tx) => {
      await visibleSale(tx, user, id);
      const current = await lockSale(tx, id);
      const customerChanges = input.customer_id !== undefined && input.customer_id !== current.customerId;
      if (customerChanges) {
        const errors: Record<string, string[]> = {};
        if (!input.customer_change_date) errors.customer_change_date = ['validation.required'];
        if (!input.customer_change_reason) errors.customer_change_reason = ['validation.required'];
        if (Object.keys(errors).length) throw invalid(errors);
      }
      await checkParties(tx, [
        {
          customer_id: customerChanges ? input.customer_id : undefined,
          agent_id: input.agent_id,
          user_id: input.user_id,
        },
      ]);
      if (input.contract_no && input.contract_no !== current.contractNo)
        await checkContractNo(tx, input.contract_no, id);

      const { set, changes } = await changedFields(tx, current, input);
      if (customerChanges) {
        Object.assign(set, {
          customerId: input.customer_id,
          customerChangeDate: input.customer_change_date,
          customerChangeReason: input.customer_change_reason,
        });
      }
      if (Object.keys(set).length) {
        await withUniqueContractNo(
          () =>
            tx
              .update(sales)
              .set({ ...set, updatedAt: new Date() })
              .where(eq(sales.id, id)),
          input.contract_no,
        );
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
      return answered(tx, user, id, locale, record, current);
    });
  }

  /**
   * PATCH /sales/{id}/update-properties: other units, a new price and a new schedule. Removed units go back to free,
   * added ones are claimed; keep_paid=false voids the sale's payments (they stay on record), then the ledger settles.
   */
  async function changeProperties(
    user: Principal,
    id: number,
    input: PropertiesChangeInput,
    locale: Locale,
    record: RecordWrite,
  ) {
    return db.transaction(async (tx) => {
      await visibleSale(tx, user, id);
      const current = await lockSale(tx, id);
      const next = [...new Set(input.property_ids)];
      const units = await unitsForSale(tx, user, next, current.buildingId);
      const price = toMinor(input.price);
      const paidBefore = await creditedTotal(tx, id, 'sale');
      if (input.keep_paid && paidBefore > price) {
        throw invalid({
          price: [['sale_rules.price_below_paid', { paid: `${formatMoney(paidBefore)} ${current.currency}` }]],
        });
      }
      const before = (
        await tx.select({ id: saleProperties.propertyId }).from(saleProperties).where(eq(saleProperties.saleId, id))
      ).map((r) => r.id);
      await replaceUnits(tx, id, before, units, price);
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
      if (!input.keep_paid)
        changes.push({ field: 'paid_total', from: fromMinor(paidBefore), to: fromMinor(settled.paid_total) });
      await writeHistory(tx, { saleId: id, userId: user.id, action: 'properties_changed', changes });
      return answered(tx, user, id, locale, record, current);
    });
  }

  /** Cancels a live sale: status canceled, nothing overdue, in the trash, its units free again; one transaction. */
  async function cancel(
    user: Principal,
    id: number,
    input: { date: string; reason: string | null },
    record: RecordWrite,
  ) {
    await db.transaction(async (tx) => {
      const current = await cancelSale(tx, user, id, input);
      await record(tx, { recordId: id, buildingId: current.buildingId });
    });
  }

  /** Marks the agent's fee paid or takes the mark back; a fee that is not due yet cannot be paid. */
  async function setAgentFee(
    user: Principal,
    id: number,
    wanted: 'paid' | 'must_paid' | undefined,
    locale: Locale,
    record: RecordWrite,
  ) {
    return db.transaction(async (tx) => {
      const current = await markAgentFee(tx, user, id, wanted);
      return answered(tx, user, id, locale, record, current);
    });
  }

  /** Whether the user may see this live sale (files, comments). */
  async function visible(user: Principal, id: number, options: { trashed?: boolean } = {}) {
    return (await db.$count(sales, and(eq(sales.id, id), saleVisible(user, options)))) > 0;
  }

  return { create, insertSale, insertSales, update, changeProperties, cancel, setAgentFee, visible };
}
