import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { MissingRateError } from '../../../domain/currency';
import { CURRENCIES, toDecimalString, toMinor, type Minor } from '../../../domain/money';
import { isoDate, V } from '../../../domain/validation';
import type { Principal } from '../../../domain/access';
import { rows, type Tx } from '../../db/client';
import { customers, sales } from '../../db/schema';
import { AppError, invalid } from '../../core/errors';
import { currentUser } from '../../core/access';
import { needs } from '../../core/types';
import { rateHistory } from '../currency';
import { notifyUsers } from '../notifications';
import { runImport, sendTemplate, type ImportColumn } from '../../core/imports';
import { oneOf, optionalText, positiveMoney, requiredId } from '../../core/fields';
import { saleVisible, settleMany, writeHistories } from '../saleLedger';
import { credit, moneyText, payableSale } from './paymentRules';
import { createdAnswer } from '../../core/answers';
import { statementImportedSchema } from '../../../domain/contracts/payments';
import { recordWrite } from '../../core/activityLog';

/**
 * Bank-statement imports: rows of payments for one sale, or for many sales matched by contract number,
 * else by the customer's personal number (exactly one live sale the user can see). All or nothing, and fast:
 * the sales are matched with one query per kind of key, the rates loaded once, the payments inserted in chunks,
 * and each touched sale settled once — all in one transaction.
 */
const MAX_ROWS = 20_000;
const CHUNK = 1000;

/** The bank's own id of a transaction, where its export has one: the surest way to know a row seen before. */
const TRANSACTION_COLUMN: ImportColumn = {
  field: 'transaction_id',
  label: 'payment_rules.columns.transaction_id',
  aliases: ['transaction', 'reference', 'ტრანზაქცია', 'საბუთის ნომერი', 'номер документа', 'id транзакции'],
};
const SALE_COLUMNS: ImportColumn[] = [
  { field: 'paid_on', label: 'payment_rules.columns.paid_on', aliases: ['date', 'თარიღი', 'дата'] },
  { field: 'amount', label: 'payment_rules.columns.amount', aliases: ['თანხა', 'сумма'] },
  { field: 'currency', label: 'payment_rules.columns.currency', aliases: ['ვალუტა', 'валюта', 'ccy'] },
  { field: 'note', label: 'payment_rules.columns.note', aliases: ['comment', 'დანიშნულება', 'назначение'] },
];
const ONE_SALE_COLUMNS = [...SALE_COLUMNS, TRANSACTION_COLUMN];
const MULTIPLE_COLUMNS: ImportColumn[] = [
  ...SALE_COLUMNS.slice(0, 3),
  {
    field: 'contract_no',
    label: 'payment_rules.columns.contract_no',
    aliases: ['contract', 'ხელშეკრულება', 'договор'],
  },
  { field: 'personal_number', label: 'payment_rules.columns.personal_number', aliases: ['პ/ნ', 'pid'] },
  SALE_COLUMNS[3],
  TRANSACTION_COLUMN,
];

const date = () => z.string({ error: V.required }).trim().min(1, { error: V.required, abort: true }).pipe(isoDate());
const upper = (v: unknown) => (typeof v === 'string' ? v.trim().toUpperCase() : v);
const saleRow = z.object({
  paid_on: date(),
  amount: positiveMoney(),
  currency: z.preprocess(upper, oneOf(CURRENCIES)),
  note: optionalText(2000),
  transaction_id: optionalText(100),
});
const multipleRow = saleRow.extend({ contract_no: optionalText(100), personal_number: optionalText(20) });
type StatementRow = z.output<typeof saleRow> & Partial<z.output<typeof multipleRow>>;

type RowError = [string, Record<string, string | number>];

/** Matches each row to a sale: its contract number first, else the customer's personal number. */
async function matchSales(tx: Tx, user: Principal, rows: readonly StatementRow[]) {
  const contractNos = [...new Set(rows.map((r) => r.contract_no).filter((c): c is string => !!c))];
  const personalNumbers = [...new Set(rows.map((r) => r.personal_number).filter((p): p is string => !!p))];
  const byContract = new Map<string, number>();
  if (contractNos.length) {
    const found = await tx
      .select({ id: sales.id, contractNo: sales.contractNo })
      .from(sales)
      .where(and(inArray(sales.contractNo, contractNos), saleVisible(user)));
    for (const f of found) byContract.set(f.contractNo, f.id);
  }
  const byPerson = new Map<string, number[]>();
  if (personalNumbers.length) {
    const found = await tx
      .select({ id: sales.id, personalNumber: customers.personalNumber })
      .from(sales)
      .innerJoin(customers, eq(customers.id, sales.customerId))
      .where(and(inArray(customers.personalNumber, personalNumbers), saleVisible(user)));
    for (const f of found) byPerson.set(f.personalNumber!, [...(byPerson.get(f.personalNumber!) ?? []), f.id]);
  }
  return rows.map((r): number | RowError => {
    const byNo = r.contract_no ? byContract.get(r.contract_no) : undefined;
    if (byNo !== undefined) return byNo;
    const ids = r.personal_number ? (byPerson.get(r.personal_number) ?? []) : [];
    if (ids.length === 1) return ids[0];
    return [ids.length > 1 ? 'payment_rules.import_several_sales' : 'payment_rules.import_no_sale', {}];
  });
}

/** A statement row's reference: the bank's transaction id where the file has one, else its note, spaces collapsed. */
const referenceOf = (row: StatementRow) =>
  row.transaction_id ? `tx:${row.transaction_id}` : `note:${(row.note ?? '').replace(/\s+/g, ' ').trim()}`;

/**
 * Each matched row's identity (sale, day, amount, currency, reference) and which of the file's rows alike it is: two
 * equal payments of one day are two rows, while a transaction id names one transaction however often it is listed.
 */
function identitiesOf(rows: readonly StatementRow[], matched: ReadonlyArray<number | RowError>) {
  const seen = new Map<string, number>();
  return rows.map((row, index) => {
    const saleId = matched[index];
    if (typeof saleId !== 'number') return null;
    const reference = referenceOf(row);
    const amount = toMinor(row.amount);
    const key = `${saleId}|${row.paid_on}|${amount}|${row.currency}|${reference}`;
    const occurrence = row.transaction_id ? 1 : (seen.get(key) ?? 0) + 1;
    const repeated = row.transaction_id !== undefined && row.transaction_id !== null && seen.has(key);
    seen.set(key, occurrence);
    return { saleId, paidOn: row.paid_on, amount, currency: row.currency, reference, occurrence, repeated };
  });
}
type Identity = NonNullable<ReturnType<typeof identitiesOf>[number]>;
type AddedPayment = Identity & { note: string | null; credited: Minor; rate: string };

type Column<R> = [name: string, type: 'int' | 'date' | 'numeric' | 'text', pick: (row: R) => unknown];

/** `rows` as a table `k` of the named columns: one array parameter a column, however many rows. */
const unnested = <R>(rows: readonly R[], columns: ReadonlyArray<Column<R>>) =>
  sql`unnest(${sql.join(
    columns.map(([, type, pick]) => sql`${sql.param(rows.map(pick))}::${sql.raw(type)}[]`),
    sql`, `,
  )}) as k(${sql.raw(columns.map(([name]) => name).join(', '))})`;

/** A row's identity as the columns of `unnested`. */
const IDENTITY: ReadonlyArray<Column<Identity>> = [
  ['sale_id', 'int', (a) => a.saleId],
  ['paid_on', 'date', (a) => a.paidOn],
  ['amount', 'numeric', (a) => toDecimalString(a.amount)],
  ['currency', 'text', (a) => a.currency],
  ['reference', 'text', (a) => a.reference],
  ['occurrence', 'int', (a) => a.occurrence],
];

/** The rows (by index) whose identity a payment already holds: imported before, from this file or another. */
async function alreadyKept(tx: Tx, identities: ReadonlyArray<Identity | null>): Promise<Set<number>> {
  const asked = identities.flatMap((id, index) => (id ? [{ ...id, index }] : []));
  if (!asked.length) return new Set();
  const found = await rows<{ index: number }>(
    tx,
    sql`select k.index from ${unnested(asked, [['index', 'int', (a) => a.index], ...IDENTITY])}
      where exists (select 1 from payments p where p.sale_id = k.sale_id and p.paid_on = k.paid_on
        and p.amount = k.amount and p.currency = k.currency and p.statement_reference = k.reference
        and p.statement_occurrence = k.occurrence)`,
  );
  return new Set(found.map((f) => Number(f.index)));
}

/**
 * Records the rows' payments (each already matched to a sale) in the caller's transaction, each statement row once:
 * rows whose identity a payment already holds are left out and named. Throws 422 with row errors.
 */
async function recordStatement(
  tx: Tx,
  request: FastifyRequest,
  rows: readonly StatementRow[],
  matched: ReadonlyArray<number | RowError>,
  rowNumbers: readonly number[],
) {
  const user = currentUser(request);
  const saleIds = [...new Set(matched.filter((m): m is number => typeof m === 'number'))].sort((a, b) => a - b);
  // locked before the rows kept are read: a second import of the same file waits, then finds this one's rows
  const locked = saleIds.length
    ? await tx
        .select()
        .from(sales)
        .where(and(inArray(sales.id, saleIds), isNull(sales.deletedAt)))
        .orderBy(sales.id)
        .for('update')
    : [];
  const saleById = new Map(locked.map((s) => [s.id, s]));
  const identities = identitiesOf(rows, matched);
  const kept = await alreadyKept(tx, identities);
  const dates = rows.map((r) => r.paid_on).sort();
  const ratesOn = await rateHistory(tx, ['USD', 'EUR'], dates[0], dates[dates.length - 1]);
  const remaining = new Map(locked.map((s) => [s.id, Math.max(0, toMinor(s.price) - toMinor(s.paidTotal))]));

  const errors: Array<{ index: number; error: RowError }> = [];
  const already: number[] = [];
  const added: AddedPayment[] = [];
  const perSale = new Map<number, { count: number; credited: Minor }>();
  rows.forEach((row, index) => {
    const match = matched[index];
    if (typeof match !== 'number') return void errors.push({ index, error: match });
    const sale = saleById.get(match);
    if (!sale) return void errors.push({ index, error: ['payment_rules.import_no_sale', {}] });
    const identity = identities[index]!;
    if (kept.has(index) || identity.repeated) return void already.push(rowNumbers[index] ?? index + 2);
    let converted: { credited: Minor; rate: string };
    try {
      converted = credit(identity.amount, row.currency, sale, ratesOn(row.paid_on).rates, row.paid_on);
    } catch (error) {
      const missing = error instanceof AppError ? (error.fieldErrors?.paid_on?.[0] as RowError | undefined) : undefined;
      if (!missing && !(error instanceof MissingRateError)) throw error;
      return void errors.push({
        index,
        error: missing ?? ['payment_rules.no_rate', { currency: row.currency, date: row.paid_on }],
      });
    }
    const left = remaining.get(sale.id)!;
    if (converted.credited > left)
      return void errors.push({
        index,
        error: ['payment_rules.exceeds_balance', { remaining: moneyText(left, sale.currency) }],
      });
    remaining.set(sale.id, left - converted.credited);
    const totals = perSale.get(sale.id) ?? { count: 0, credited: 0 };
    perSale.set(sale.id, { count: totals.count + 1, credited: totals.credited + converted.credited });
    added.push({ ...identity, note: row.note ?? null, ...converted });
  });
  if (errors.length)
    throw invalid({
      rows: errors
        .slice(0, 200)
        .map(({ index, error }) => [
          'imports.row',
          { row: rowNumbers[index] ?? index + 2, message: request.t(error[0], error[1]) },
        ]),
    });
  if (added.length) await insertPayments(tx, added, user.id);
  await settleMany(tx, [...perSale.keys()]);
  // each sale's responsible manager hears of the payments someone else imported onto it
  const notices = [...perSale].flatMap(([saleId, totals]) => {
    const sale = saleById.get(saleId)!;
    return sale.userId && sale.userId !== user.id
      ? [
          {
            userId: sale.userId,
            kind: 'payments_imported',
            params: {
              contract_no: sale.contractNo,
              count: totals.count,
              amount: moneyText(totals.credited, sale.currency),
            },
            link: `/sales/${saleId}/show`,
          },
        ]
      : [];
  });
  for (let i = 0; i < notices.length; i += CHUNK) await notifyUsers(tx, notices.slice(i, i + CHUNK));
  await writeHistories(
    tx,
    [...perSale].map(([saleId, totals]) => ({
      saleId,
      userId: user.id,
      action: 'payment_added' as const,
      reason: 'import',
      changes: [
        { field: 'payments', from: null, to: totals.count },
        { field: 'credited', from: null, to: moneyText(totals.credited, saleById.get(saleId)!.currency) },
      ],
    })),
  );
  return { imported: added.length, sales: perSale.size, already_imported: already };
}

/** The statement's new payments in one statement, whatever their number (arrays, not a row of values each). */
async function insertPayments(tx: Tx, added: readonly AddedPayment[], userId: number) {
  const table = unnested(added, [
    ...IDENTITY,
    ['rate', 'numeric', (a) => a.rate],
    ['credited', 'numeric', (a) => toDecimalString(a.credited)],
    ['note', 'text', (a) => a.note],
  ]);
  await tx.execute(sql`insert into payments (sale_id, mode, amount, currency, rate, credited, paid_on, note, source,
      created_by, statement_reference, statement_occurrence)
    select k.sale_id, 'sale', k.amount, k.currency, k.rate, k.credited, k.paid_on, k.note, 'bank_statement', ${userId},
      k.reference, k.occurrence
    from ${table}`);
}

/** POST /payments/importFromExcel (one sale) and /payments/importForMultipleSalesFromExcel, with their templates. */
export async function registerPaymentImports(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['payments'];
  const access = needs('add_payments');
  const statementAnswer = createdAnswer(statementImportedSchema);

  app.get('/payments/importFromExcel/template', { config: { access }, schema: { tags } }, async (request, reply) =>
    sendTemplate(request, reply, ONE_SALE_COLUMNS, 'payments'),
  );
  app.get(
    '/payments/importForMultipleSalesFromExcel/template',
    { config: { access, logAction: 'imported' }, schema: { tags } },
    async (request, reply) => sendTemplate(request, reply, MULTIPLE_COLUMNS, 'payments'),
  );

  app.post(
    '/payments/importFromExcel',
    {
      config: { access, logAction: 'imported', recordsItself: true },
      schema: { tags, body: z.object({ sale_id: requiredId() }), response: statementAnswer },
    },
    async (request, reply) => {
      const sale = await payableSale(app.db, currentUser(request), request.body.sale_id);
      const record = recordWrite(request, 201);
      const result = await runImport(app, request, {
        columns: ONE_SALE_COLUMNS,
        schema: saleRow,
        maxRows: MAX_ROWS,
        insert: (tx, rows, _request, rowNumbers) =>
          recordStatement(
            tx,
            request,
            rows,
            rows.map(() => sale.id),
            rowNumbers,
          ),
        // the line names the sale the statement paid, in its complex; a repeated key replays the answer
        record: (tx, answer) => record(tx, { recordId: sale.id, buildingId: sale.buildingId, answer }),
      });
      return reply.status(201).send(result);
    },
  );

  app.post(
    '/payments/importForMultipleSalesFromExcel',
    { config: { access, logAction: 'imported', recordsItself: true }, schema: { tags, response: statementAnswer } },
    async (request, reply) => {
      const user = currentUser(request);
      const record = recordWrite(request, 201);
      const result = await runImport(app, request, {
        columns: MULTIPLE_COLUMNS,
        schema: multipleRow,
        maxRows: MAX_ROWS,
        insert: async (tx, rows, _request, rowNumbers) =>
          recordStatement(tx, request, rows, await matchSales(tx, user, rows), rowNumbers),
        // a statement pays sales of any complex: the line names none; a repeated key replays the answer
        record: (tx, answer) => record(tx, { recordId: null, buildingId: null, answer }),
      });
      return reply.status(201).send(result);
    },
  );
}
