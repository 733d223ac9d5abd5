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

/**
 * SPEC's payments import: an .xlsx bank statement uploaded with progress; rows are matched to sales by contract number
 * or the customer's personal number, all or nothing, and every bad row is listed.
 */
export function PaymentsImportDialog({ saleId, open, onClose, onImported }: PaymentsImportDialogProps) {
  const translate = useTranslate();
  return (
    <ImportDialog
      resource="payments"
      url={saleId ? '/api/payments/importFromExcel' : '/api/payments/importForMultipleSalesFromExcel'}
      fields={saleId ? { sale_id: String(saleId) } : undefined}
      title={saleId ? 'payments.import_sale_title' : 'payments.import_title'}
      resultText={(data) => translate('payments.imported', { count: data.imported, sales: data.sales })}
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
