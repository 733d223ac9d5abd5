import type { ActivityLog } from '../../../domain/contracts/logs';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** One field of an entry as text: `old → new` when the old value is known, else the value sent. */
export const changeText = (entry: ActivityLog, field: string) => {
  const show = (v: unknown) =>
    v === null || v === undefined ? '—' : typeof v === 'object' ? JSON.stringify(v) : String(v);
  const next = entry.changes?.[field];
  return entry.old_values && field in entry.old_values
    ? `${field}: ${show(entry.old_values[field])} → ${show(next)}`
    : `${field}: ${show(next)}`;
};

/** The filtered activity log as an .xlsx file (exceljs is loaded only when a user exports). */
export async function exportLogs(rows: ActivityLog[], translate: Translate, typeName: (id: string) => string) {
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  const ws = book.addWorksheet(translate('logs.title').slice(0, 31));
  const field = (name: string) => translate(`resources.logs.fields.${name}`);
  ws.addRow(['id', 'created_at', 'user_name', 'action', 'record_type', 'record_id', 'changes'].map(field)).font = {
    bold: true,
  };
  for (const r of rows)
    ws.addRow([
      r.id,
      new Date(r.created_at),
      r.user_name ?? '',
      translate(`logs.actions.${r.action}`, { _: r.action }),
      typeName(r.record_type),
      r.record_id ?? '',
      Object.keys(r.changes ?? {})
        .map((f) => changeText(r, f))
        .join('\n'),
    ]);
  ws.getColumn(2).numFmt = 'yyyy-mm-dd hh:mm:ss';
  [8, 20, 24, 14, 18, 12, 60].forEach((width, i) => (ws.getColumn(i + 1).width = width));
  const buffer = await book.xlsx.writeBuffer();
  const url = URL.createObjectURL(
    new Blob([buffer], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }),
  );
  const a = document.createElement('a');
  a.href = url;
  a.download = 'activity-logs.xlsx';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
