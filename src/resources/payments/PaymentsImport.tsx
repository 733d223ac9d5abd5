import { useState } from 'react';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Button, useTranslate } from 'react-admin';
import { useCan } from '../../layout/useCan';
import { ImportDialog } from '../../widgets/ImportDialog';

export interface PaymentsImportDialogProps {
  /** One sale's payments (POST /payments/importFromExcel); without it the bank statement of many sales. */
  saleId?: number;
  open: boolean;
  onClose: () => void;
  onImported?: () => void;
}

/** Sheet row numbers as people read them: 2–4, 7, 9–10. */
export const rowRanges = (rows: readonly number[]) => {
  const ranges: string[] = [];
  for (let i = 0; i < rows.length; i++) {
    let j = i;
    while (j + 1 < rows.length && rows[j + 1] === rows[j] + 1) j++;
    ranges.push(j > i ? `${rows[i]}–${rows[j]}` : String(rows[i]));
    i = j;
  }
  return ranges.join(', ');
};

/**
 * The payments import: an .xlsx bank statement uploaded with progress; rows are matched to sales by contract number
 * or the customer's personal number, all or nothing, and every bad row is listed; rows imported before are left out
 * and named.
 */
export function PaymentsImportDialog({ saleId, open, onClose, onImported }: PaymentsImportDialogProps) {
  const translate = useTranslate();
  return (
    <ImportDialog
      resource="payments"
      url={saleId ? '/api/payments/importFromExcel' : '/api/payments/importForMultipleSalesFromExcel'}
      fields={saleId ? { sale_id: String(saleId) } : undefined}
      title={saleId ? 'payments.import_sale_title' : 'payments.import_title'}
      resultText={(data) => {
        const imported = translate('payments.imported', { count: data.imported, sales: data.sales });
        const already = (data.already_imported as number[] | undefined) ?? [];
        if (!already.length) return imported;
        const rows = rowRanges(already);
        return `${imported}. ${translate('payments.already_imported', { count: already.length, rows })}`;
      }}
      open={open}
      onClose={onClose}
      onImported={() => onImported?.()}
    />
  );
}

/** The payments import button: one sale's payments when saleId is given, else the bank statement of many sales. */
export function PaymentsImportButton({ saleId, onImported }: { saleId?: number; onImported?: () => void }) {
  const can = useCan();
  const [open, setOpen] = useState(false);
  if (!can('payments', 'create')) return null;
  return (
    <>
      <Button
        label="payments.import"
        onClick={() => setOpen(true)}
        data-testid={saleId ? 'sale-payments-import' : 'payments-import'}
      >
        <UploadFileIcon />
      </Button>
      <PaymentsImportDialog saleId={saleId} open={open} onClose={() => setOpen(false)} onImported={onImported} />
    </>
  );
}

/** The global payments import (a bank statement of many sales), for list toolbars. */
export const GlobalPaymentsImportButton = ({ onImported }: { onImported?: () => void }) => (
  <PaymentsImportButton onImported={onImported} />
);
