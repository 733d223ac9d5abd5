import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Principal } from '../../../domain/access';
import { priceShares } from '../../../domain/ledger';
import { toDecimalString, toMinor, type Minor } from '../../../domain/money';
import type { SaleHistoryAction } from '../../../domain/sales';
import { inChunks, type Tx } from '../../db/client';
import { payments, preSaleBookings, properties, saleProperties, sales } from '../../db/schema';
import { invalid } from '../../core/errors';
import { inBuildingScope } from '../../core/scope';
import { scheduleOf, settleMany, writeHistories, writeSchedules } from '../saleLedger';
import { claimUnits } from '../unitStatus';
import type { SaleInput } from './fields';
import { checkContractNos, checkParties, contractRates, unitsForSales, withUniqueContractNo } from './checks';

/**
 * Writes a sale inside `tx`: units free→sold (or pre_booked→sold for the customer's approved reservation, which
 * becomes converted), the sale, its units' shares, its schedule, an already-paid import payment if any, the
 * ledger's settle and the history entry. Everything that can be refused is checked before the first write.
 */
export async function insertSale(
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
export async function insertSales(
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
