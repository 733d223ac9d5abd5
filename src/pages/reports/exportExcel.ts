import { downloadFile } from '../../widgets/download';
import { cellText, isSummed, type ReportRow } from './cells';
import type { ReportColumn } from './definitions';

type Translate = (key: string, options?: Record<string, unknown>) => string;

export interface ReportSheet {
  title: string;
  /** The filters as the screen shows them: label and value, written above the table. */
  filters: Array<[string, string]>;
  tables: Array<{ title?: string; columns: ReportColumn[]; rows: ReportRow[]; totals?: Record<string, unknown> }>;
}

/**
 * Writes exactly what the screen shows into an .xlsx file and downloads it: the title, the filters, then each table
 * with its header, rows and totals row. Numbers stay numbers (money with two decimals), so the file adds up.
 * exceljs is loaded only when a user exports.
 */
export async function exportReport(sheet: ReportSheet, filename: string, translate: Translate, locale: string) {
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  const ws = book.addWorksheet(sheet.title.slice(0, 31).replace(/[\\/*?:[\]]/g, ' '));
  ws.addRow([sheet.title]).font = { bold: true, size: 14 };
  for (const [label, value] of sheet.filters) ws.addRow([label, value]);
  for (const table of sheet.tables) {
    ws.addRow([]);
    if (table.title) ws.addRow([table.title]).font = { bold: true };
    ws.addRow(table.columns.map((c) => translate(`reports.columns.${c.key}`))).font = { bold: true };
    const numeric = (c: ReportColumn, value: unknown) =>
      ['money', 'area', 'count', 'percent'].includes(c.kind) && value != null ? Number(value) : undefined;
    for (const row of table.rows)
      ws.addRow(table.columns.map((c) => numeric(c, row[c.key]) ?? cellText(c, row, translate, locale)));
    if (table.totals) {
      const totals = table.totals;
      ws.addRow(
        table.columns.map((c, i) =>
          i === 0 ? translate('reports.total') : isSummed(c) && totals[c.key] != null ? Number(totals[c.key]) : '',
        ),
      ).font = { bold: true };
    }
    table.columns.forEach((c, i) => {
      const col = ws.getColumn(i + 1);
      if (c.kind === 'money' || c.kind === 'area') col.numFmt = '#,##0.00';
      if (c.kind === 'percent') col.numFmt = '0.0%';
    });
  }
  ws.columns.forEach((col) => (col.width = 20));
  ws.getColumn(1).width = 28;
  downloadFile(await book.xlsx.writeBuffer(), filename);
}
