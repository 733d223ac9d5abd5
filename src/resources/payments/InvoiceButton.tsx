import { useState } from 'react';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import PrintIcon from '@mui/icons-material/Print';
import {
  Button as MuiButton,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
} from '@mui/material';
import { useNavigate } from 'react-router-dom';
import { Button, useGetList, useNotify, useTranslate, type HttpError } from 'react-admin';
import { useCan } from '../../layout/useCan';
import { useAppData } from '../../providers/useAppData';
import { useDateFormat, useLocaleFormat } from '../../widgets';
import { formatIsoDate } from '../../../domain/dateFormats';
import type { PaymentMode } from '../../../domain/sales';

/** The address of an invoice's printable page inside the app. */
export const invoicePrintPath = (id: number) => `/invoices/${id}/print`;

/** Opens an invoice's printable page in a new tab (the app routes by hash); false when the browser blocked the tab. */
export const openInvoicePrint = (id: number): boolean =>
  window.open(`${window.location.pathname}#${invoicePrintPath(id)}`, '_blank') !== null;

interface EarlierInvoice {
  id: number;
  number: string;
  issued_on: string;
  amount: number;
  currency: string;
  mode?: PaymentMode;
  installment_id?: number | null;
  container_installment_id?: number | null;
}

/** What an invoice is for: a sale's or its renovation's balance, or one installment of either. */
export interface InvoiceSubject {
  saleId: number;
  installmentId?: number;
  /** The renovation's: its balance, or `containerInstallmentId`. */
  renovation?: boolean;
  containerInstallmentId?: number;
}

/** The invoices already issued for the same thing (this installment, or the balance), newest first. */
function useEarlierInvoices(subject: InvoiceSubject, enabled: boolean) {
  const can = useCan();
  const { data = [] } = useGetList<EarlierInvoice>(
    'invoices',
    {
      filter: { sale_id: subject.saleId },
      pagination: { page: 1, perPage: 50 },
      sort: { field: 'id', order: 'DESC' },
    },
    { enabled: enabled && can('invoices', 'list') },
  );
  return data.filter(
    (invoice) =>
      (invoice.mode ?? 'sale') === (subject.renovation ? 'renovation' : 'sale') &&
      (invoice.installment_id ?? undefined) === subject.installmentId &&
      (invoice.container_installment_id ?? undefined) === subject.containerInstallmentId,
  );
}

const confirmText = (subject: InvoiceSubject) =>
  subject.renovation
    ? subject.containerInstallmentId
      ? 'payments.invoice_ask.confirm_renovation_installment'
      : 'payments.invoice_ask.confirm_renovation_balance'
    : subject.installmentId
      ? 'payments.invoice_ask.confirm_installment'
      : 'payments.invoice_ask.confirm_balance';

/**
 * Issues an invoice for a sale's remaining balance (or one installment; or the same of its renovation) after asking,
 * and opens it for printing. The question lists the invoices already issued for the same thing, to print one again;
 * the server itself answers the unpaid invoice of the same amount instead of numbering a new one.
 */
export function InvoiceButton(subject: InvoiceSubject) {
  const { amount: screenAmount } = useLocaleFormat();
  const provider = useAppData();
  const can = useCan();
  const notify = useNotify();
  const navigate = useNavigate();
  const translate = useTranslate();
  const [dateFormat] = useDateFormat();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const earlier = useEarlierInvoices(subject, asking);
  if (!can('invoices', 'create')) return null;
  const show = (id: number) => {
    setAsking(false);
    if (!openInvoicePrint(id)) navigate(invoicePrintPath(id));
  };
  const issue = async () => {
    setBusy(true);
    try {
      const invoice = await provider.issueInvoice(subject);
      notify(invoice.reused ? 'payments.invoice_ask.reused' : 'payments.invoice_created', {
        type: invoice.reused ? 'info' : 'success',
        messageArgs: { number: invoice.number },
      });
      show(invoice.id);
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
    <>
      <Button label="payments.invoice" onClick={() => setAsking(true)} disabled={busy}>
        <ReceiptLongIcon />
      </Button>
      <Dialog
        open={asking}
        onClose={() => setAsking(false)}
        aria-labelledby="invoice-ask-title"
        maxWidth="xs"
        fullWidth
      >
        <DialogTitle id="invoice-ask-title">{translate('payments.invoice_ask.confirm_title')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{translate(confirmText(subject))}</DialogContentText>
          {earlier.length > 0 && (
            <>
              <DialogContentText sx={{ mt: 2 }}>{translate('payments.invoice_ask.earlier')}</DialogContentText>
              <Stack gap={0.5} sx={{ mt: 1 }}>
                {earlier.slice(0, 5).map((invoice) => (
                  <MuiButton
                    key={invoice.id}
                    startIcon={<PrintIcon />}
                    onClick={() => show(invoice.id)}
                    sx={{ justifyContent: 'flex-start', textTransform: 'none' }}
                  >
                    {translate('payments.invoice_ask.reprint', { number: invoice.number })} ·{' '}
                    {formatIsoDate(invoice.issued_on, dateFormat)} · {screenAmount(invoice.amount, invoice.currency)}
                  </MuiButton>
                ))}
              </Stack>
            </>
          )}
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={() => setAsking(false)}>{translate('ra.action.cancel')}</MuiButton>
          <MuiButton variant="contained" onClick={() => void issue()} disabled={busy}>
            {translate('payments.invoice_ask.issue')}
          </MuiButton>
        </DialogActions>
      </Dialog>
    </>
  );
}
