import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, isNull, lte, ne } from 'drizzle-orm';
import type { Locale } from '../../../i18n';
import type { Principal } from '../../../domain/access';
import { agentFeeStatus, priceShares } from '../../../domain/ledger';
import { formatMoney, fromMinor, toDecimalString, toMinor, type Minor } from '../../../domain/money';
import type { AgentFeeStatus, SaleHistoryAction } from '../../../domain/sales';
import type { Db, Tx } from '../../db/client';
import {
  agents,
  currencyRates,
  customers,
  payments,
  preSaleBookings,
  properties,
  saleProperties,
  sales,
} from '../../db/schema';
import { AppError, invalid, isUniqueViolation } from '../../core/errors';
import { inBuildingScope } from '../../core/scope';
import {
  creditedTotal,
  lockSale,
  replaceTerms,
  saleVisible,
  scheduleOf,
  hasContainers,
  settle,
  visibleSale,
  writeHistory,
  writeSchedule,
  type SaleChange,
} from '../saleLedger';
import { claimUnit, releaseUnit } from '../unitStatus';
import type { PropertiesChangeInput, SaleChangeInput, SaleInput } from './fields';
import { isResponsibleManager } from '../users';
import { money, type SaleRow } from './present';
import type { SaleRecords } from './oneSale';

/** The changes of a sale: create (and the insert an import shares), update, new units, cancel, the agent fee. */
export function createSaleChanges(db: Db, records: SaleRecords) {
  const { get } = records;

  // ---- writes ----

  /** The units of a sale: each must exist, be live and in the user's buildings, and all in one complex (422 otherwise). */
  async function unitsForSale(tx: Tx, user: Principal, ids: number[], buildingId?: number) {
    const found = await tx
      .select({ id: properties.id, buildingId: properties.buildingId, price: properties.price })
      .from(properties)
      .where(
        and(inArray(properties.id, ids), isNull(properties.archivedAt), inBuildingScope(user, properties.buildingId)),
      );
    if (found.length !== ids.length) throw invalid({ property_ids: ['sale_rules.unknown_unit'] });
    const complexes = new Set([...found.map((u) => u.buildingId), ...(buildingId === undefined ? [] : [buildingId])]);
    if (complexes.size > 1) throw invalid({ property_ids: ['sale_rules.one_complex'] });
    const byId = new Map(found.map((u) => [u.id, u]));
    return ids.map((id) => byId.get(id)!);
  }

  /** The customer, agent and responsible manager named must exist (422 on the field otherwise). */
  async function checkParties(
    tx: Tx,
    input: { customer_id?: number; agent_id?: number | null; user_id?: number | null },
  ) {
    const errors: Record<string, string[]> = {};
    if (
      input.customer_id !== undefined &&
      !(await tx.$count(customers, and(eq(customers.id, input.customer_id), isNull(customers.deletedAt))))
    ) {
      errors.customer_id = ['sale_rules.unknown_customer'];
    }
    if (input.agent_id && !(await tx.$count(agents, and(eq(agents.id, input.agent_id), isNull(agents.deletedAt)))))
      errors.agent_id = ['sale_rules.unknown_agent'];
    if (input.user_id && !(await isResponsibleManager(tx, input.user_id)))
      errors.user_id = ['customers.not_sale_manager'];
    if (Object.keys(errors).length) throw invalid(errors);
  }

  /** A contract number is unique among live sales. */
  async function checkContractNo(tx: Tx, contractNo: string, exceptSaleId?: number) {
    const taken = await tx.$count(
      sales,
      and(
        eq(sales.contractNo, contractNo),
        isNull(sales.deletedAt),
        exceptSaleId ? ne(sales.id, exceptSaleId) : undefined,
      ),
    );
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
      if (isUniqueViolation(error, 'sales_contract_no_unique'))
        throw invalid({ contract_no: [['sale_rules.contract_no_taken', { contract_no: contractNo ?? '' }]] });
      throw error;
    }
  };

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
    const terms = {
      price: input.price,
      first_payment_date: firstPaymentDate,
      period_months: input.period_months ?? 1,
      payments_count: input.payments_count ?? 1,
      formula: input.formula ?? null,
    };
    const schedule = scheduleOf({ ...terms, price: toMinor(terms.price) });

    for (const unit of units)
      await claimUnit(tx, unit.id, 'sold', 'sale', unit.id === bookedUnit ? 'pre_booked' : 'free');

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
    const shares = priceShares(
      price,
      units.map((u) => (u.price === null ? null : toMinor(u.price))),
    );
    await tx
      .insert(saleProperties)
      .values(units.map((u, i) => ({ saleId: sale.id, propertyId: u.id, price: toDecimalString(shares[i]) })));
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
      await tx
        .update(preSaleBookings)
        .set({ status: 'converted', updatedAt: new Date() })
        .where(eq(preSaleBookings.id, input.pre_sale_booking_id));
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
      await checkParties(tx, {
        customer_id: customerChanges ? input.customer_id : undefined,
        agent_id: input.agent_id,
        user_id: input.user_id,
      });
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

  /** Cancels a live sale: status canceled, in the trash, its units free again; one transaction. */
  async function cancel(user: Principal, id: number, input: { date: string; reason: string | null }) {
    await db.transaction(async (tx) => {
      const current = await visibleSale(tx, user, id);
      await lockSale(tx, id);
      await tx
        .update(sales)
        .set({
          status: 'canceled',
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

  return { create, insertSale, update, changeProperties, cancel, setAgentFee, visible };
}
