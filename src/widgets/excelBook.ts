import ExcelJS from 'exceljs';
import type { ExportCell, SheetColumn } from './excelColumns';

export interface SheetSpec {
  name: string;
  columns: SheetColumn[];
  /** Excel's format for days ('dd/mm/yyyy'); times add hours and minutes. */
  dateFormat: string;
}

/** Characters Excel refuses in a sheet name, and its 31-character limit. */
const sheetName = (name: string) => name.replace(/[\\/*?:[\]]/g, ' ').slice(0, 31) || 'Sheet1';

/**
 * The workbook of a list: one header row of translated titles, then one row per record. Money and numbers stay numbers
 * (money with two decimals), dates stay dates in the user's format, so the file sorts, filters and adds up.
 */
export function buildWorkbook(spec: SheetSpec, rows: ExportCell[][]): ExcelJS.Workbook {
  const book = new ExcelJS.Workbook();
  const ws = book.addWorksheet(sheetName(spec.name), { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = spec.columns.map((c) => ({
    header: c.title,
    width: c.kind === 'text' ? 24 : c.kind === 'datetime' ? 18 : 14,
    style:
      c.kind === 'money'
        ? { numFmt: '#,##0.00' }
        : c.kind === 'date'
          ? { numFmt: spec.dateFormat }
          : c.kind === 'datetime'
            ? { numFmt: `${spec.dateFormat} hh:mm` }
            : {},
  }));
  ws.getRow(1).font = { bold: true };
  ws.addRows(rows);
  return book;
}

/**
 * The .xlsx file's bytes as a plain ArrayBuffer
 * (exceljs answers a Buffer or a typed array, which a worker cannot transfer).
 */
export async function workbookBytes(spec: SheetSpec, rows: ExportCell[][]): Promise<ArrayBuffer> {
  const written = await buildWorkbook(spec, rows).xlsx.writeBuffer();
  const bytes = new Uint8Array(written as ArrayBuffer);
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}
