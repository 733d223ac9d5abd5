import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Locale } from '../../../i18n';
import type { Principal } from '../../../domain/access';
import { agentFeeStatus, priceShares } from '../../../domain/ledger';
import { formatMoney, fromMinor, toDecimalString, toMinor, type Minor } from '../../../domain/money';
import type { AgentFeeStatus, SaleHistoryAction } from '../../../domain/sales';
import { inChunks, type Db, type Tx } from '../../db/client';
import { payments, preSaleBookings, properties, saleProperties, sales } from '../../db/schema';
import { AppError, invalid } from '../../core/errors';
import { inBuildingScope } from '../../core/scope';
import {
  creditedTotal,
  lockSale,
  replaceTerms,
  saleVisible,
  scheduleOf,
  hasContainers,
  settle,
  settleMany,
  visibleSale,
  writeHistories,
  writeHistory,
  writeSchedules,
  type SaleChange,
} from '../saleLedger';
import { claimUnit, claimUnits, releaseUnit } from '../unitStatus';
import type { PropertiesChangeInput, SaleChangeInput, SaleInput } from './fields';
import { money, type SaleRow } from './present';
import type { SaleRecords } from './oneSale';
import {
  checkContractNo,
  checkContractNos,
  checkParties,
  contractRates,
  unitsForSale,
  unitsForSales,
  withUniqueContractNo,
} from './checks';

/** The changes of a sale: create (and the insert an import shares), update, new units, cancel, the agent fee. */
export function createSaleChanges(db: Db, records: SaleRecords) {
  const { get } = records;

  /**
   * Writes a sale inside `tx`: units free→sold (or pre_booked→sold for the customer's approved reservation, which
   * becomes converted), the sale, its units' shares, its schedule, an already-paid import payment if any, the
   * ledger's settle and the history entry. Everything that can be refused is checked before the first write.
   */
  async function insertSale(
    tx: Tx,
    user: Principal,
    input: SaleInput,
    options: { action: SaleHistoryAction; alreadyPaid?: Minor } = { action: 'created' },
  ) {
    const [id] = await insertSales(tx, user, [{ input, alreadyPaid: options.alreadyPaid }], options.action);
    return id;
  }

  /**
   * `insertSale` for many sales in a fixed number of statements (a sales import of thousands): the checks for all,
   * then each kind of row written for every sale at once. Answers the sales' ids in the order of `entries`.
   */
  async function insertSales(
    tx: Tx,
    user: Principal,
    entries: ReadonlyArray<{ input: SaleInput; alreadyPaid?: Minor }>,
    action: SaleHistoryAction,
  ): Promise<number[]> {
    if (entries.length === 0) return [];
    const unitIds = entries.map((e) => [...new Set(e.input.property_ids)]);
    const units = await unitsForSales(tx, user, unitIds);
    await checkParties(
      tx,
      entries.map((e) => e.input),
    );
    const bookedUnits = new Set<number>();
    for (const [n, { input }] of entries.entries()) {
      if (!input.pre_sale_booking_id) continue;
      const [booking] = await tx
        .select()
        .from(preSaleBookings)
        .innerJoin(properties, eq(properties.id, preSaleBookings.propertyId))
        .where(and(eq(preSaleBookings.id, input.pre_sale_booking_id), inBuildingScope(user, properties.buildingId)));
      const b = booking?.pre_sale_bookings;
      if (!b || b.status !== 'approved' || b.customerId !== input.customer_id || !unitIds[n].includes(b.propertyId)) {
        throw invalid({ pre_sale_booking_id: ['sale_rules.booking_not_convertible'] });
      }
      bookedUnits.add(b.propertyId);
    }
    await checkContractNos(
      tx,
      entries.map((e) => e.input.contract_no).filter((no): no is string => Boolean(no)),
    );
    const terms = entries.map(({ input }) => ({
      price: input.price,
      first_payment_date: input.first_payment_date ?? input.contract_start_date,
      period_months: input.period_months ?? 1,
      payments_count: input.payments_count ?? 1,
      formula: input.formula ?? null,
    }));
    const schedules = terms.map((t) => scheduleOf({ ...t, price: toMinor(t.price) }));

    const claimed = units.flat();
    await claimUnits(
      tx,
      claimed.filter((u) => !bookedUnits.has(u.id)).map((u) => u.id),
      'sold',
      'free',
    );
    await claimUnits(
      tx,
      claimed.filter((u) => bookedUnits.has(u.id)).map((u) => u.id),
      'sold',
      'pre_booked',
    );

    const values = entries.map(({ input }, n) => ({
      contractNo: input.contract_no || `pending-${randomUUID()}`,
      buildingId: units[n][0].buildingId,
      customerId: input.customer_id,
      agentId: input.agent_id ?? null,
      agentFeePercent: String(input.agent_fee_percent ?? 0),
      minimumIncomePercent: String(input.minimum_income_percent ?? 0),
      price: toDecimalString(toMinor(input.price)),
      currency: input.currency,
      currencyRate: null,
      contractType: input.contract_type,
      paymentType: input.payment_type,
      contractLanguage: input.contract_language,
      contractStartDate: input.contract_start_date,
      contractEndDate: input.contract_end_date ?? null,
      firstPaymentDate: terms[n].first_payment_date,
      periodMonths: terms[n].period_months,
      paymentsCount: terms[n].payments_count,
      formula: terms[n].formula,
      activityType: input.activity_type ?? null,
      note: input.note ?? null,
      renovationPrice: toDecimalString(toMinor(input.renovation_price ?? 0)),
      preSaleBookingId: input.pre_sale_booking_id ?? null,
      userId: input.user_id ?? user.id,
      createdBy: user.id,
    }));
    const written = await withUniqueContractNo(
      () =>
        inChunks<(typeof values)[number], { id: number; contractNo: string }>(values, (chunk) =>
          tx.insert(sales).values(chunk).returning({ id: sales.id, contractNo: sales.contractNo }),
        ),
      values.length === 1 ? values[0].contractNo : undefined,
    );
    const idByContract = new Map(written.map((w) => [w.contractNo, w.id]));
    const ids = values.map((v) => idByContract.get(v.contractNo)!);

    const rates = await contractRates(
      tx,
      entries.map((e) => ({ currency: e.input.currency, date: e.input.contract_start_date })),
    );
    const contractNos = await freeContractNos(
      tx,
      ids.map((id, n) => (entries[n].input.contract_no ? null : id)),
    );
    await tx.execute(sql`update sales set currency_rate = v.rate, contract_no = coalesce(v.contract_no, sales.contract_no)
      from unnest(${sql.param(ids)}::int[], ${sql.param(rates)}::numeric[], ${sql.param(contractNos)}::text[])
        as v(id, rate, contract_no)
      where sales.id = v.id`);
    const shares = units.flatMap((saleUnits, n) => {
      const parts = priceShares(
        toMinor(entries[n].input.price),
        saleUnits.map((u) => (u.price === null ? null : toMinor(u.price))),
      );
      return saleUnits.map((u, i) => ({ saleId: ids[n], propertyId: u.id, price: toDecimalString(parts[i]) }));
    });
    await inChunks(shares, (chunk) => tx.insert(saleProperties).values(chunk));
    await writeSchedules(
      tx,
      ids.map((saleId, n) => ({ saleId, rows: schedules[n] })),
    );
    const paid = entries.flatMap(({ input, alreadyPaid }, n) =>
      alreadyPaid
        ? [
            {
              saleId: ids[n],
              mode: 'sale' as const,
              amount: toDecimalString(alreadyPaid),
              currency: input.currency,
              rate: '1',
              credited: toDecimalString(alreadyPaid),
              paidOn: input.contract_start_date,
              source: 'import' as const,
              createdBy: user.id,
            },
          ]
        : [],
    );
    await inChunks(paid, (chunk) => tx.insert(payments).values(chunk));
    await settleMany(tx, ids);
    await writeHistories(
      tx,
      ids.map((saleId) => ({ saleId, userId: user.id, action })),
    );
    const converted = entries.map((e) => e.input.pre_sale_booking_id).filter((id): id is number => Boolean(id));
    if (converted.length)
      await tx
        .update(preSaleBookings)
        .set({ status: 'converted', updatedAt: new Date() })
        .where(inArray(preSaleBookings.id, converted));
    return ids;
  }

  /**
   * 'S-000042' from each sale's id (null where the sale has a typed number: answered null); a suffix when someone
   * typed that number already.
   */
  async function freeContractNos(tx: Tx, saleIds: ReadonlyArray<number | null>) {
    const generated = saleIds.map((id) => (id === null ? null : `S-${String(id).padStart(6, '0')}`));
    const wanted = generated.filter((no): no is string => no !== null);
    if (wanted.length === 0) return generated;
    const taken = new Set(
      (
        await tx
          .select({ no: sales.contractNo })
          .from(sales)
          .where(and(inArray(sales.contractNo, wanted), isNull(sales.deletedAt)))
      ).map((r) => r.no),
    );
    const answer: Array<string | null> = [];
    for (const no of generated) {
      if (no === null || !taken.has(no)) {
        answer.push(no);
        continue;
      }
      for (let n = 1; ; n += 1) {
        const candidate = `${no}-${n}`;
        if (!(await tx.$count(sales, and(eq(sales.contractNo, candidate), isNull(sales.deletedAt))))) {
          answer.push(candidate);
          break;
        }
      }
    }
    return answer;
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
      await checkParties(tx, [
        {
          customer_id: customerChanges ? input.customer_id : undefined,
          agent_id: input.agent_id,
          user_id: input.user_id,
        },
      ]);
      if (input.contract_no && input.contract_no !== current.contractNo)
        await checkContractNo(tx, input.contract_no, id);

      const percentText = (n: number | undefined) => (n === undefined ? undefined : Number(n).toFixed(2));
      const moneyText = (n: number | null | undefined) =>
        n === undefined ? undefined : toDecimalString(toMinor(n ?? 0));
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
        if (key === 'renovationPrice' && (await hasContainers(tx, id)))
          throw invalid({ renovation_price: ['containers.price_from_containers'] });
        set[key] = value;
        changes.push({ field: FIELD[key]!, from: numeric ? Number(from) : from, to: numeric ? Number(value) : value });
      }
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
        throw invalid({
          price: [['sale_rules.price_below_paid', { paid: `${formatMoney(paidBefore)} ${current.currency}` }]],
        });
      }
      const before = (
        await tx.select({ id: saleProperties.propertyId }).from(saleProperties).where(eq(saleProperties.saleId, id))
      ).map((r) => r.id);
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
      return get(user, id, locale, {}, tx);
    });
  }

  /** Cancels a live sale: status canceled, nothing overdue, in the trash, its units free again; one transaction. */
  async function cancel(user: Principal, id: number, input: { date: string; reason: string | null }) {
    await db.transaction(async (tx) => {
      const current = await visibleSale(tx, user, id);
      await lockSale(tx, id);
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
    });
  }

  /** Marks the agent's fee paid or takes the mark back; a fee that is not due yet cannot be paid. */
  async function setAgentFee(user: Principal, id: number, wanted: 'paid' | 'must_paid' | undefined, locale: Locale) {
    return db.transaction(async (tx) => {
      const current = await visibleSale(tx, user, id);
      await lockSale(tx, id);
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
      return get(user, id, locale, {}, tx);
    });
  }

  /** Whether the user may see this live sale (files, comments). */
  async function visible(user: Principal, id: number, options: { trashed?: boolean } = {}) {
    return (await db.$count(sales, and(eq(sales.id, id), saleVisible(user, options)))) > 0;
  }

  return { create, insertSale, insertSales, update, changeProperties, cancel, setAgentFee, visible };
}
