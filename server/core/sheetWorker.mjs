import { parentPort } from 'node:worker_threads';
import ExcelJS from 'exceljs';

/**
 * The worker thread that reads an uploaded workbook (`sheetReader.ts` starts it; plain JavaScript, so the thread needs
 * no TypeScript loader): exceljs reads the whole file in memory, seconds of CPU for a large sheet, which on the API's
 * thread would stall every other request. Answers a `SheetAnswer` of sheetReader.ts.
 */

/**
 * The text of a cell as a person typed it: numbers without exponent, dates as YYYY-MM-DD, formulas by result.
 * @param {import('exceljs').Cell} cell
 * @returns {string}
 */
const cellText = (cell) => {
  const v = cell.value;
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'number') return Number.isInteger(v) ? BigInt(Math.round(v)).toString() : String(v);
  if (typeof v === 'object') {
    const o = /** @type {{ result?: unknown, text?: unknown, richText?: Array<{ text: string }> }} */ (v);
    if (o.richText)
      return o.richText
        .map((r) => r.text)
        .join('')
        .trim();
    if (o.text !== undefined) return String(o.text).trim();
    if (o.result !== undefined)
      return o.result instanceof Date ? o.result.toISOString().slice(0, 10) : String(o.result).trim();
    return '';
  }
  return String(v).trim();
};

/** @param {ArrayBuffer} buffer */
async function read(buffer) {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(buffer);
  } catch {
    return { failed: 'unreadable' };
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return { failed: 'empty' };
  const rows = [];
  sheet.eachRow({ includeEmpty: false }, (row, number) => {
    /** @type {Record<number, string>} */
    const cells = {};
    row.eachCell({ includeEmpty: false }, (cell, column) => {
      const text = cellText(cell);
      if (text !== '') cells[column] = text;
    });
    rows.push({ row: number, cells });
  });
  return { rows };
}

parentPort?.on('message', async ({ job, buffer }) => {
  parentPort?.postMessage({ job, answer: await read(buffer) });
});
