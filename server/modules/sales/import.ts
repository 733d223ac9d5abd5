import type { RecordWrite } from '../../core/activityLog';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, inArray, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { CURRENCIES, toMinor } from '../../../domain/money';
import { CONTRACT_TYPES } from '../../../domain/inventory';
import { CONTRACT_LANGUAGES, PAYMENT_TYPES } from '../../../domain/sales';
import { MAX_PAYMENTS, MAX_PERIOD_MONTHS, buildSchedule } from '../../../domain/paymentSchedule';
import { personalNumber, requiredText } from '../../../domain/validation';
import type { Principal } from '../../../domain/access';
import type { Db } from '../../db/client';
import { blocks, buildings, customers, properties, sales } from '../../db/schema';
import { inBuildingScope } from '../../core/scope';
import { readSheet, runImport, vocabularyCell, type ImportColumn } from '../../core/imports';
import {
  oneOf,
  optionalDate,
  optionalMoney,
  optionalText,
  optionalWhole,
  positiveMoney,
  requiredDate,
} from '../../core/fields';
import type { SaleInput } from './fields';
import type { SalesRepository } from './repository';

const label = (field: string) => `sale_rules.columns.${field}`;

/** The columns of the sales import and its template (contract: POST /sales/importFromExcel). */
export const SALE_COLUMNS: ImportColumn[] = [
  { field: 'contract_no', label: label('contract_no'), aliases: ['contract', 'ხელშეკრულება', 'договор'] },
  { field: 'complex', label: label('complex'), aliases: ['building', 'project', 'პროექტი', 'проект'] },
  { field: 'block', label: label('block') },
  { field: 'unit_no', label: label('unit_no'), aliases: ['unit', 'property', 'ფართი', 'помещение'] },
  { field: 'personal_number', label: label('personal_number'), aliases: ['პ/ნ', 'pid', 'customer'] },
  { field: 'price', label: label('price') },
  { field: 'currency', label: label('currency') },
  { field: 'contract_start_date', label: label('contract_start_date'), aliases: ['contract date'] },
  { field: 'first_payment_date', label: label('first_payment_date') },
  { field: 'period_months', label: label('period_months'), aliases: ['period'] },
  { field: 'payments_count', label: label('payments_count'), aliases: ['payments'] },
  { field: 'formula', label: label('formula') },
  { field: 'paid_total', label: label('paid_total'), aliases: ['paid'] },
  { field: 'contract_type', label: label('contract_type'), aliases: ['ხელშეკრულების ტიპი', 'тип договора'] },
  { field: 'payment_type', label: label('payment_type'), aliases: ['გადახდის ტიპი', 'тип оплаты'] },
  { field: 'contract_language', label: label('contract_language'), aliases: ['ენა', 'язык', 'language'] },
];

const key = (...parts: Array<string | number>) => parts.map((p) => String(p).trim().toLowerCase()).join('|');

/**
 * What the rows name, looked up once:
 * complexes in the user's scope, their blocks and units, customers, used contract numbers.
 */
async function loadLookups(db: Db, user: Principal, rows: Array<{ values: Record<string, string> }>) {
  const complexes = new Map<string, number>();
  for (const b of await db
    .select({ id: buildings.id, name: buildings.name })
    .from(buildings)
    .where(inBuildingScope(user, buildings.id)))
    complexes.set(key(b.name), b.id);
  const buildingIds = [
    ...new Set(
      rows.map((r) => complexes.get(key(r.values.complex ?? ''))).filter((id): id is number => id !== undefined),
    ),
  ];
  const unitNos = [...new Set(rows.map((r) => (r.values.unit_no ?? '').trim()).filter(Boolean))];
  const numbers = [...new Set(rows.map((r) => (r.values.personal_number ?? '').trim()).filter(Boolean))];
  const contracts = [...new Set(rows.map((r) => (r.values.contract_no ?? '').trim()).filter(Boolean))];

  const blockIds = new Map<string, number>();
  const units = new Map<string, Array<{ id: number; status: string }>>();
  if (buildingIds.length) {
    for (const b of await db.select().from(blocks).where(inArray(blocks.buildingId, buildingIds)))
      blockIds.set(key(b.buildingId, b.name), b.id);
    if (unitNos.length) {
      const found = await db
        .select({
          id: properties.id,
          buildingId: properties.buildingId,
          blockId: properties.blockId,
          no: properties.no,
          status: properties.status,
        })
        .from(properties)
        .where(
          and(
            inArray(properties.buildingId, buildingIds),
            inArray(properties.no, unitNos),
            isNull(properties.archivedAt),
          ),
        );
      for (const u of found) {
        for (const k of [key(u.buildingId, u.blockId ?? 0, u.no), key(u.buildingId, '*', u.no)])
          units.set(k, [...(units.get(k) ?? []), { id: u.id, status: u.status }]);
      }
    }
  }
  const customerIds = new Map<string, number>();
  if (numbers.length) {
    const found = await db
      .select({ id: customers.id, personalNumber: customers.personalNumber })
      .from(customers)
      .where(and(inArray(customers.personalNumber, numbers), isNull(customers.deletedAt)));
    for (const c of found) customerIds.set(c.personalNumber!, c.id);
  }
  const takenContracts = new Set(
    contracts.length
      ? (
          await db
            .select({ no: sales.contractNo })
            .from(sales)
            .where(and(inArray(sales.contractNo, contracts), isNull(sales.deletedAt)))
        ).map((r) => r.no)
      : [],
  );
  return { complexes, blockIds, units, customerIds, takenContracts };
}
type Lookups = Awaited<ReturnType<typeof loadLookups>>;

const cells = {
  contract_no: optionalText(100),
  complex: requiredText(255),
  block: optionalText(255),
  unit_no: requiredText(50),
  personal_number: personalNumber(),
  price: positiveMoney(),
  currency: z.preprocess((v) => (typeof v === 'string' ? v.trim().toUpperCase() : v), oneOf(CURRENCIES)),
  contract_start_date: requiredDate(),
  first_payment_date: optionalDate(),
  period_months: optionalWhole(1, MAX_PERIOD_MONTHS),
  payments_count: optionalWhole(1, MAX_PAYMENTS),
  formula: optionalText(500),
  paid_total: optionalMoney(),
  contract_type: vocabularyCell(CONTRACT_TYPES, (v) => `enums.contract_type.${v}`),
  payment_type: vocabularyCell(PAYMENT_TYPES, (v) => `sale_rules.payment_type.${v}`),
  contract_language: vocabularyCell(CONTRACT_LANGUAGES, (v) => `sale_rules.contract_language.${v}`),
};

/** One row: its cells, then what they name must exist (and the unit be free), then the schedule must build. */
function rowSchema(lookups: Lookups) {
  const seenContracts = new Set<string>();
  const seenUnits = new Set<number>();
  return z
    .object(cells)
    .superRefine((row, ctx) => {
      const issue = (field: string, message: string) => ctx.addIssue({ code: 'custom', path: [field], message });
      if (row.contract_no) {
        if (lookups.takenContracts.has(row.contract_no)) issue('contract_no', 'sale_rules.import.contract_no_taken');
        else if (seenContracts.has(row.contract_no)) issue('contract_no', 'sale_rules.import.contract_no_twice');
        seenContracts.add(row.contract_no);
      }
      const buildingId = lookups.complexes.get(key(row.complex));
      if (buildingId === undefined) issue('complex', 'sale_rules.import.unknown_complex');
      else {
        const blockId = row.block ? lookups.blockIds.get(key(buildingId, row.block)) : undefined;
        if (row.block && blockId === undefined) issue('block', 'sale_rules.import.unknown_block');
        else {
          const matches =
            lookups.units.get(row.block ? key(buildingId, blockId!, row.unit_no) : key(buildingId, '*', row.unit_no)) ??
            [];
          if (matches.length !== 1) issue('unit_no', 'sale_rules.import.unknown_unit');
          else if (matches[0].status !== 'free') issue('unit_no', 'sale_rules.import.unit_not_free');
          else if (seenUnits.has(matches[0].id)) issue('unit_no', 'sale_rules.import.unit_twice');
          else seenUnits.add(matches[0].id);
        }
      }
      if (!lookups.customerIds.has(row.personal_number)) issue('personal_number', 'sale_rules.import.unknown_customer');
      const schedule = buildSchedule({
        price: toMinor(row.price),
        first_payment_date: row.first_payment_date ?? row.contract_start_date,
        period_months: row.period_months ?? 1,
        payments_count: row.payments_count ?? 1,
        formula: row.formula,
      });
      if (!schedule.ok)
        for (const [field, messages] of Object.entries(schedule.errors))
          for (const m of messages ?? []) issue(field, m);
      if (row.paid_total && toMinor(row.paid_total) > toMinor(row.price))
        issue('paid_total', 'sale_rules.import.paid_exceeds_price');
    })
    .transform((row) => {
      const buildingId = lookups.complexes.get(key(row.complex))!;
      const blockId = row.block ? lookups.blockIds.get(key(buildingId, row.block))! : undefined;
      const unit = lookups.units.get(
        row.block ? key(buildingId, blockId!, row.unit_no) : key(buildingId, '*', row.unit_no),
      )![0];
      const input: SaleInput = {
        property_ids: [unit.id],
        customer_id: lookups.customerIds.get(row.personal_number)!,
        price: row.price,
        currency: row.currency,
        contract_no: row.contract_no ?? null,
        contract_type: row.contract_type ?? 'installment',
        payment_type: row.payment_type ?? 'bank_transfer',
        contract_language: row.contract_language ?? 'ka',
        contract_start_date: row.contract_start_date,
        first_payment_date: row.first_payment_date ?? null,
        period_months: row.period_months ?? 1,
        payments_count: row.payments_count ?? 1,
        formula: row.formula ?? null,
      };
      return { input, alreadyPaid: row.paid_total ? toMinor(row.paid_total) : 0 };
    });
}

/**
 * POST /sales/importFromExcel: every row is checked first (row-numbered errors, nothing written); then every sale is
 * written as POST /sales writes one (all of them at once: `insertSales`), in one transaction, with what was already
 * paid as one import payment.
 */
export async function importSales(
  app: FastifyInstance,
  request: FastifyRequest,
  repo: SalesRepository,
  user: Principal,
  record: RecordWrite,
) {
  const file = request.uploads.file?.[0];
  let rows: Array<{ values: Record<string, string> }> = [];
  if (file) rows = await readSheet(file.buffer, SALE_COLUMNS, request.locale, app.config.sheetReading).catch(() => []);
  const lookups = await loadLookups(app.db, user, rows);
  return runImport(app, request, {
    columns: SALE_COLUMNS,
    schema: rowSchema(lookups),
    insert: async (tx, valid) => {
      await repo.insertSales(tx, user, valid, 'imported');
    },
    // sales of several complexes: the line names none; a repeated key replays the answer
    record: (tx, answer) => record(tx, { recordId: null, buildingId: null, answer }),
  });
}
