import { downloadFile } from '../../widgets/download';
import type { BonusMonth } from '../../../domain/contracts/bonuses';
import { tierText } from './shared';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * The month's bonuses as the page shows them, in an .xlsx file: per schema its header, the group line, a row per
 * manager (a group member's share of what was achieved) and the totals. Amounts stay numbers with two decimals, so
 * the file adds up. exceljs loads on demand.
 */
export async function exportBonuses(month: BonusMonth, translate: Translate) {
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  const ws = book.addWorksheet(translate('bonuses.title').slice(0, 31));
  ws.addRow([`${translate('bonuses.title')} — ${month.month}`]).font = { bold: true, size: 14 };
  const header = ['manager', 'target', 'achieved', 'share', 'percent', 'tier', 'bonus'].map((k) =>
    translate(`bonuses.${k}`),
  );
  for (const schema of month.schemas) {
    ws.addRow([]);
    ws.addRow([
      `${schema.name} (${translate(`bonuses.kinds.${schema.kind}`)}, ${translate(`bonuses.bases.${schema.base}`)}, ${schema.currency})`,
    ]).font = { bold: true };
    ws.addRow(header).font = { bold: true };
    const ratio = (percent: number | null) => (percent === null ? null : percent / 100);
    const line = (name: string, r: (typeof schema.rows)[number] | NonNullable<typeof schema.group>) => [
      name,
      r.target,
      r.achieved,
      'share_percent' in r ? ratio(r.share_percent) : ratio(r.achieved > 0 ? 100 : null),
      ratio(r.achievement_percent),
      r.tier ? tierText(r.tier, schema.currency) : '',
      r.bonus,
    ];
    if (schema.group) ws.addRow(line(translate('bonuses.group_line'), schema.group)).font = { italic: true };
    for (const row of schema.rows) ws.addRow(line(row.user_name ?? String(row.user_id), row));
    ws.addRow([
      translate('bonuses.total'),
      schema.totals.target,
      schema.totals.achieved,
      null,
      null,
      '',
      schema.totals.bonus,
    ]).font = { bold: true };
  }
  for (const c of [2, 3, 7]) ws.getColumn(c).numFmt = '#,##0.00';
  for (const c of [4, 5]) ws.getColumn(c).numFmt = '0.00%';
  ws.columns.forEach((col) => (col.width = 18));
  ws.getColumn(1).width = 32;
  downloadFile(await book.xlsx.writeBuffer(), `bonuses-${month.month}.xlsx`);
}
