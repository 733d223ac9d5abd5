import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { isCatalogueKey, translate, type Locale } from '../../i18n';
import { invalid } from './errors';
import type { Db } from '../db/client';
import { refreshStatistics, ROWS_WORTH_NEW_STATISTICS } from '../db/upkeep';
import { readWorkbook, type SheetLimits } from './sheetReader';
import { walkZip, type ChunkReader } from './zipParts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** One column of an import: the field it fills and its header in each language (plus other spellings people use). */
export interface ImportColumn {
  field: string;
  /** The catalogue key of its label (the template's header in the request's language). */
  label: string;
  aliases?: string[];
}

/** What an import's insert may answer besides `imported`. */
type Written = void | ({ imported?: number } & Record<string, unknown>);
/** The import's answer: `imported`, and what the insert answered. */
type Imported<W extends Written> = { imported: number } & ([W] extends [void] ? unknown : Exclude<W, void>);

export interface ImportDefinition<S extends z.ZodType, W extends Written = Written> {
  columns: ImportColumn[];
  /** Validates one row (field → cell text); its messages are catalogue keys. */
  schema: S;
  /**
   * Writes every valid row inside one transaction (`rowNumbers[i]` is row i's number in the sheet); what it answers
   * joins the import's answer (`imported` included, when not every row was written).
   */
  insert: (tx: Tx, rows: Array<z.output<S>>, request: FastifyRequest, rowNumbers: number[]) => Promise<W>;
  maxRows?: number;
  /** Records the import (its activity-log line, its answer) as the last step of its transaction. */
  record: (tx: Tx, answer: { data: Imported<W> }) => Promise<void>;
}

/** The most rows an import takes unless its definition says otherwise. */
const MAX_ROWS = 5000;

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const LOCALES: Locale[] = ['ka', 'en', 'ru'];
const normalise = (text: string) =>
  text
    .trim()
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/[.:*]$/g, '');

/**
 * A cell holding one value of a vocabulary, typed as its code ('installment') or as its word in any of the three
 * languages ('განვადება', 'Installments', 'Рассрочка'); an empty cell is left out (the field's default applies).
 */
export const vocabularyCell = <T extends readonly [string, ...string[]]>(
  values: T,
  labelKey: (value: string) => string,
) => {
  const byWord = new Map<string, string>();
  for (const value of values) {
    byWord.set(normalise(value), value);
    for (const locale of LOCALES) byWord.set(normalise(translate(locale, labelKey(value))), value);
  }
  return z.preprocess(
    (cell) =>
      typeof cell === 'string' ? (cell.trim() === '' ? undefined : (byWord.get(normalise(cell)) ?? cell)) : cell,
    z.enum(values, { error: 'validation.invalid_value' }).optional(),
  );
};

/** Every header a column answers to: its label in the three languages, its field name and its aliases. */
const headerNames = (column: ImportColumn) =>
  new Set([column.field, ...LOCALES.map((l) => translate(l, column.label)), ...(column.aliases ?? [])].map(normalise));

/** Reads the first sheet: the header row names the columns, each later non-empty row becomes field → text. */
/** exceljs takes about a second to load: it is loaded on the first import or template, not at start. */
const excel = async () => (await import('exceljs')).default;

/** A sheet's row element (`<row r="2">`, `<x:row>`), not `<rowBreaks>`. */
const ROW_ELEMENT = /<(?:\w+:)?row[\s>]/g;

/**
 * Whether a sheet of the workbook holds more than `limit` row elements, counted while its XML is inflated and given up
 * at the limit: exceljs reads every sheet whole before a row can be counted (a 17 MB upload of a million rows took a
 * minute of the API's one thread and 2.4 GB). A file that is no zip is left to exceljs to refuse.
 */
export async function holdsMoreRows(buffer: Buffer, limit: number): Promise<boolean> {
  const countRows = (): ChunkReader => {
    let rows = 0;
    let carried = '';
    return (chunk) => {
      // a row element holds one '<': the text before the last one is whole, the rest waits for the next chunk
      const text = carried + chunk.toString('latin1');
      const cut = text.lastIndexOf('<');
      rows += text.slice(0, Math.max(cut, 0)).match(ROW_ELEMENT)?.length ?? 0;
      carried = cut < 0 ? '' : text.slice(cut);
      return rows > limit;
    };
  };
  const walk = await walkZip(buffer, {
    read: (path) => (/^xl\/worksheets\/[^/]+\.xml$/.test(path) ? countRows() : undefined),
  });
  return walk === 'stopped';
}

/**
 * The first sheet's rows after its header, as field → cell text, its columns found by their headers in any language.
 * The workbook is read on a worker thread within the configured memory and time (`sheetReader.ts`).
 */
export async function readSheet(
  buffer: Buffer,
  columns: ImportColumn[],
  locale: Locale,
  limits: SheetLimits,
  maxRows = MAX_ROWS,
) {
  // row elements may also hold only formatting: the exact count of rows with values comes after reading
  if (await holdsMoreRows(buffer, 2 * maxRows)) throw invalid({ file: [['imports.too_many_rows', { max: maxRows }]] });
  const sheet = await readWorkbook(buffer, limits);
  if ('failed' in sheet)
    throw invalid({ file: [sheet.failed === 'too_large' ? 'imports.too_large_to_read' : `imports.${sheet.failed}`] });
  const byColumn = new Map<number, string>();
  const names = columns.map((c) => ({ field: c.field, names: headerNames(c) }));
  const header = sheet.rows.find((r) => r.row === 1)?.cells ?? {};
  for (const [column, text] of Object.entries(header)) {
    const found = names.find((n) => n.names.has(normalise(text)));
    if (found) byColumn.set(Number(column), found.field);
  }
  if (!byColumn.size) {
    throw invalid({
      file: [['imports.no_header', { expected: columns.map((c) => translate(locale, c.label)).join(', ') }]],
    });
  }
  const rows: Array<{ row: number; values: Record<string, string> }> = [];
  for (const { row, cells } of sheet.rows) {
    if (row === 1) continue;
    const values: Record<string, string> = {};
    for (const [column, field] of byColumn) values[field] = cells[column] ?? '';
    if (Object.values(values).some((v) => v !== '')) rows.push({ row, values });
  }
  return rows;
}

/**
 * An Excel import (/agents/import, later customers, payments and sales): every row is validated first;
 * if any fails the answer is 422 with `errors.rows` ("Row 3, Personal number: …", rows numbered as in the sheet)
 * and nothing is written; otherwise all rows go in one transaction and the answer is {data: {imported: n}}.
 */
export async function runImport<S extends z.ZodType, W extends Written = void>(
  app: FastifyInstance,
  request: FastifyRequest,
  definition: ImportDefinition<S, W>,
): Promise<{ data: Imported<W> }> {
  const file = request.uploads.file?.[0];
  if (!file) throw invalid({ file: ['validation.required'] });
  const zip = file.buffer.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
  if (path.extname(file.filename).toLowerCase() !== '.xlsx' || !zip) throw invalid({ file: ['imports.not_xlsx'] });
  const maxRows = definition.maxRows ?? MAX_ROWS;
  const rows = await readSheet(file.buffer, definition.columns, request.locale, app.config.sheetReading, maxRows);
  if (!rows.length) throw invalid({ file: ['imports.empty'] });
  if (rows.length > maxRows) throw invalid({ file: [['imports.too_many_rows', { max: maxRows }]] });

  const labels = new Map(definition.columns.map((c) => [c.field, request.t(c.label)]));
  const errors: Array<[string, Record<string, string | number>]> = [];
  const valid: Array<z.output<S>> = [];
  const rowNumbers: number[] = [];
  for (const { row, values } of rows) {
    const parsed = definition.schema.safeParse(values);
    if (parsed.success) {
      valid.push(parsed.data);
      rowNumbers.push(row);
      continue;
    }
    for (const issue of parsed.error.issues) {
      const message = isCatalogueKey(issue.message) ? request.t(issue.message) : request.t('validation.invalid_value');
      const field = String(issue.path[0] ?? '');
      errors.push(
        labels.has(field)
          ? ['imports.row_field', { row, field: labels.get(field)!, message }]
          : ['imports.row', { row, message }],
      );
    }
  }
  if (errors.length) throw invalid({ rows: errors });
  const answer = await app.db.transaction(async (tx) => {
    // inside the transaction: an operator (and the crash test) can tell a write under way from a file still being read
    request.log.info({ rows: valid.length }, 'import: writing');
    const written = await definition.insert(tx, valid, request, rowNumbers);
    const imported = { data: { imported: valid.length, ...written } as Imported<W> };
    await definition.record(tx, imported);
    return imported;
  });
  // PGlite never gathers statistics by itself: a large import would leave the planner guessing until the night's upkeep
  if (!app.config.databaseUrl && valid.length >= ROWS_WORTH_NEW_STATISTICS) await refreshStatistics(app);
  return answer;
}

/** Sends the template: one sheet whose first row holds the column headers in the request's language. */
export async function sendTemplate(
  request: FastifyRequest,
  reply: FastifyReply,
  columns: ImportColumn[],
  name: string,
) {
  const workbook = new (await excel()).Workbook();
  const sheet = workbook.addWorksheet(name);
  sheet.columns = columns.map((c) => ({
    header: request.t(c.label),
    key: c.field,
    width: Math.max(14, request.t(c.label).length + 4),
  }));
  sheet.getRow(1).font = { bold: true };
  const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
  return reply
    .header('content-type', XLSX_TYPE)
    .header('content-disposition', `attachment; filename="${name}-template.xlsx"`)
    .send(buffer);
}
