import type { ContainerPayment, RenovationTotals } from '../../../domain/contracts/containers';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The filtered renovation payments and their totals per currency as an .xlsx file (exceljs loads only on export). */
export async function exportRenovationPayments(
  rows: ContainerPayment[],
  totals: RenovationTotals,
  translate: Translate,
) {
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  const title = translate('resources.renovation-payments.name', { smart_count: 2 });
  const ws = book.addWorksheet(title.slice(0, 31).replace(/[\\/*?:[\]]/g, ' '));
  const field = (name: string) => translate(`resources.renovation-payments.fields.${name}`);
  const columns = [
    'paid_on',
    'contract_no',
    'customer_name',
    'building_name',
    'amount',
    'currency',
    'rate',
    'credited',
    'note',
  ];
  ws.addRow([title]).font = { bold: true, size: 14 };
  ws.addRow(columns.map(field)).font = { bold: true };
  for (const r of rows)
    ws.addRow([
      r.paid_on,
      r.contract_no,
      r.customer_name,
      r.building_name,
      r.amount,
      r.currency,
      Number(r.rate),
      r.credited,
      r.note ?? '',
    ]);
  ws.addRow([]);
  ws.addRow([translate('containers.totals')]).font = { bold: true };
  for (const t of totals) ws.addRow(['', '', '', '', t.amount, t.currency, '', '', `${t.count}`]);
  ws.getColumn(5).numFmt = '#,##0.00';
  ws.getColumn(8).numFmt = '#,##0.00';
  [12, 16, 28, 20, 14, 8, 12, 14, 30].forEach((width, i) => (ws.getColumn(i + 1).width = width));
  const buffer = await book.xlsx.writeBuffer();
  const url = URL.createObjectURL(
    new Blob([buffer], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }),
  );
  const a = document.createElement('a');
  a.href = url;
  a.download = 'service-payments.xlsx';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
