import { useState } from 'react';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { useNavigate } from 'react-router-dom';
import { Button, useNotify, type HttpError } from 'react-admin';
import { useCan } from '../../layout/useCan';
import { useAppData } from '../../providers/useAppData';

/** The address of an invoice's printable page inside the app. */
export const invoicePrintPath = (id: number) => `/invoices/${id}/print`;

/** Opens an invoice's printable page in a new tab (the app routes by hash); false when the browser blocked the tab. */
export const openInvoicePrint = (id: number): boolean =>
  window.open(`${window.location.pathname}#${invoicePrintPath(id)}`, '_blank') !== null;

/** Issues an invoice for a sale's remaining balance (or one installment) and opens it for printing. */
export function InvoiceButton({ saleId, installmentId }: { saleId: number; installmentId?: number }) {
  const provider = useAppData();
  const can = useCan();
  const notify = useNotify();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  if (!can('invoices', 'create')) return null;
  const issue = async () => {
    setBusy(true);
    try {
      const invoice = await provider.issueInvoice(saleId, installmentId);
      notify('payments.invoice_created', { type: 'success', messageArgs: { number: invoice.number } });
      if (!openInvoicePrint(invoice.id)) navigate(invoicePrintPath(invoice.id));
    } catch (failure) {
      const error = failure as HttpError;
      const fields = (error.body as { errors?: Record<string, unknown> } | undefined)?.errors ?? {};
      const first = Object.entries(fields).find(([key, value]) => key !== 'root' && typeof value === 'string')?.[1] as
        string | undefined;
      notify(first ?? (error.message || 'ra.notification.http_error'), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button label="payments.invoice" onClick={() => void issue()} disabled={busy} data-testid="invoice-button">
      <ReceiptLongIcon />
    </Button>
  );
}
