/**
 * What the ledger stores for the reports must never disagree with the ledger itself:
 * - installments.paid_on_time (the cash-flow forecast's on-time history): the sale's counted payments up to the due
 *   date cover the installment and every one before it;
 * - payments.in_gel, in_usd, in_eur (the receipts reports): the payment in each currency of presentation.
 * After each write of a series (payments early, late, moved, in another currency, removed, a bank statement, a new
 * schedule keeping or voiding what was paid, a rate changed), every stored value is compared with a direct SQL
 * computation from the payments, installments and rates.
 */
import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { and, asc, eq, sql } from 'drizzle-orm';
import { toMinor } from '../../domain/money';
import { installments, payments } from '../../server/db/schema';
import { rows } from '../../server/db/client';
import { multipart } from './harness';
import { payConv } from './reportsFixtures';
import { accountantToken, createSale, db, freeUnits, send, t, useSalesFixtures } from './salesFixtures';

useSalesFixtures();

/** Installments whose stored paid_on_time differs from what the payments say (the reference, written apart). */
const lateDisagreeing = () =>
  rows<{ id: number; sale_id: number; stored: boolean; expected: boolean }>(
    db(),
    sql`select i.id, i.sale_id, i.paid_on_time as stored, e.expected from installments i,
      lateral (select
        (select coalesce(sum(p.credited), 0) from payments p where p.sale_id = i.sale_id and p.mode = 'sale'
           and p.voided_at is null and p.paid_on <= i.due_date)
        >= (select sum(j.amount) from installments j where j.sale_id = i.sale_id
           and (j.due_date < i.due_date or (j.due_date = i.due_date and j.number <= i.number))) as expected) e
      where i.paid_on_time is distinct from e.expected`,
  );

/** Payments whose stored amount in GEL, USD or EUR differs from the conversion at the stored rates of their day. */
const convertedDisagreeing = () =>
  rows<{ id: number }>(
    db(),
    sql.raw(`select p.id from payments p join sales s on s.id = p.sale_id
      where p.in_gel is distinct from ${payConv('GEL')} or p.in_usd is distinct from ${payConv('USD')}
        or p.in_eur is distinct from ${payConv('EUR')}`),
  );

/** Nothing the ledger stored for the reports disagrees with it. */
const disagreeing = async () => [...(await lateDisagreeing()), ...(await convertedDisagreeing())];

const onTime = async (saleId: number) =>
  (
    await db()
      .select({ onTime: installments.paidOnTime })
      .from(installments)
      .where(eq(installments.saleId, saleId))
      .orderBy(asc(installments.number))
  ).map((i) => i.onTime);

const scheduleOf = (saleId: number) =>
  db().select().from(installments).where(eq(installments.saleId, saleId)).orderBy(asc(installments.number));

const statement = async (rowsIn: Array<[string, number, string]>) => {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('statement');
  sheet.addRow(['Payment date', 'Amount', 'Currency', 'Note']);
  for (const row of rowsIn) sheet.addRow([...row, '']);
  return Buffer.from(await book.xlsx.writeBuffer());
};

describe('what the ledger stores for the reports never disagrees with it', () => {
  it('holds for the seeded demo data, and after each kind of money write on a sale', async () => {
    expect(await disagreeing()).toEqual([]);

    const { sale, units } = await createSale(undefined, { currency: 'USD' });
    const schedule = await scheduleOf(sale.id);
    expect(schedule.length).toBeGreaterThan(3);
    expect(await onTime(sale.id)).toEqual(schedule.map(() => false));
    const [first, second, third] = schedule;
    const dayBefore = (iso: string) => new Date(Date.parse(iso) - 86_400_000).toISOString().slice(0, 10);
    const dayAfter = (iso: string) => new Date(Date.parse(iso) + 86_400_000).toISOString().slice(0, 10);

    // the first installment paid the day before it falls due: on time
    const early = await send('POST', '/api/payments/pay', {
      sale_id: sale.id,
      amount: Number(first.amount),
      currency: 'USD',
      paid_on: dayBefore(first.dueDate),
    });
    expect(early.statusCode, early.body).toBe(201);
    expect((await onTime(sale.id)).slice(0, 2)).toEqual([true, false]);
    expect(await disagreeing()).toEqual([]);

    // the second paid a day late: not on time; moved to its due day, it is
    const late = await send('POST', '/api/payments/pay', {
      sale_id: sale.id,
      amount: Number(second.amount),
      currency: 'USD',
      paid_on: dayAfter(second.dueDate),
    });
    expect(late.statusCode, late.body).toBe(201);
    expect((await onTime(sale.id)).slice(0, 2)).toEqual([true, false]);
    expect(await disagreeing()).toEqual([]);
    const moved = await send('PUT', `/api/payments/${late.json().data.id}`, { paid_on: second.dueDate });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await onTime(sale.id)).slice(0, 3)).toEqual([true, true, false]);
    expect(await disagreeing()).toEqual([]);

    // the third paid in GEL in time (credited at the day's rate) and again removed
    const inGel = await send('POST', '/api/payments/pay', {
      sale_id: sale.id,
      amount: Number(third.amount) * 4,
      currency: 'GEL',
      paid_on: dayBefore(third.dueDate),
    });
    expect(inGel.statusCode, inGel.body).toBe(201);
    expect((await onTime(sale.id))[2]).toBe(true);
    expect(await disagreeing()).toEqual([]);
    const removed = await send('DELETE', `/api/payments/sale/${inGel.json().data.id}/${sale.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await onTime(sale.id))[2]).toBe(false);
    expect(await disagreeing()).toEqual([]);

    // the first payment removed: the second's payment, on the second's due day, covers the first only by then
    const removedFirst = await send('DELETE', `/api/payments/sale/${early.json().data.id}/${sale.id}`);
    expect(removedFirst.statusCode, removedFirst.body).toBe(200);
    expect((await onTime(sale.id)).slice(0, 2)).toEqual([false, false]);
    expect(await disagreeing()).toEqual([]);

    // a bank statement of one sale pays the first two before their days
    const body = multipart(
      { sale_id: String(sale.id) },
      {
        file: {
          filename: 'statement.xlsx',
          type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          data: await statement([[dayBefore(first.dueDate), Number(first.amount) + Number(second.amount), 'USD']]),
        },
      },
    );
    const imported = await t.app.inject({
      method: 'POST',
      url: '/api/payments/importFromExcel',
      payload: body.payload,
      headers: { ...t.as(accountantToken), ...body.headers },
    });
    expect(imported.statusCode, imported.body).toBe(201);
    expect((await onTime(sale.id)).slice(0, 2)).toEqual([true, true]);
    expect(await disagreeing()).toEqual([]);

    // a USD rate of the statement's day changed: the payment in GEL follows it, and so does the receipts report
    const statementDay = dayBefore(first.dueDate);
    const rate = await send('POST', '/api/currency-rates', { currency: 'USD', date: statementDay, rate: '3.1234' });
    expect(rate.statusCode, rate.body).toBe(201);
    const [received] = await db()
      .select()
      .from(payments)
      .where(and(eq(payments.saleId, sale.id), eq(payments.paidOn, statementDay)));
    expect(received.currency).toBe('USD');
    expect(toMinor(received.inGel!)).toBe(Math.round(toMinor(received.amount) * 3.1234));
    expect(await disagreeing()).toEqual([]);
    const year = statementDay.slice(0, 4);
    const monthly = await send('POST', '/api/reporting/monthlyReporting', { year, currency: 'GEL' });
    expect(monthly.statusCode, monthly.body).toBe(200);
    const [reference] = await rows<{ v: string }>(
      db(),
      sql.raw(`select sum(${payConv('GEL')}) as v from payments p join sales s on s.id = p.sale_id
        where p.voided_at is null and s.deleted_at is null and p.paid_on between '${year}-01-01' and '${year}-12-31'`),
    );
    expect(toMinor(monthly.json().data.totals.total)).toBe(toMinor(reference.v));

    // a new schedule keeping what was paid is judged again; one voiding it leaves nothing on time
    const [added] = await freeUnits(sale.building_id, 1);
    const terms = { first_payment_date: first.dueDate, period_months: 1, payments_count: 3, formula: null };
    const kept = await send('PATCH', `/api/sales/${sale.id}/update-properties`, {
      ...terms,
      property_ids: [units[0].id, added.id],
      price: 30000,
      keep_paid: true,
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(await disagreeing()).toEqual([]);
    const reset = await send('PATCH', `/api/sales/${sale.id}/update-properties`, {
      ...terms,
      property_ids: [units[0].id],
      price: 9000,
      keep_paid: false,
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(await onTime(sale.id)).toEqual([false, false, false]);
    expect(await disagreeing()).toEqual([]);
  });
});
