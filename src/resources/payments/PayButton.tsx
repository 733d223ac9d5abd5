import { businessToday } from '../../../domain/businessDay';
import { useEffect, useState } from 'react';
import {
  Alert,
  Box,
  Button as MuiButton,
  Dialog,
  IconButton,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import PaymentsIcon from '@mui/icons-material/Payments';
import EditIcon from '@mui/icons-material/Edit';
import DeleteIcon from '@mui/icons-material/Delete';
import {
  Button,
  Form,
  minValue,
  NumberInput,
  RadioButtonGroupInput,
  required,
  SaveButton,
  SelectInput,
  TextInput,
  useNotify,
  useTranslate,
  type HttpError,
} from 'react-admin';
import { useWatch, type FieldValues } from 'react-hook-form';
import { PAYMENT_MODES } from '../../../domain/sales';
import { useCan } from '../../layout/useCan';
import { DateField, DateInput, toIsoDay, useConfirm, useDateFormat, useLocaleFormat, KEEP_TYPED } from '../../widgets';
import { formatIsoDate } from '../../../domain/dateFormats';
import { CURRENCY_CHOICES } from '../../widgets/choices';
import { newIdempotencyKey } from './http';
import { useAppData } from '../../providers/useAppData';
import type { PaymentCalculation } from '../../../domain/contracts/payments';
export type { PaymentCalculation } from '../../../domain/contracts/payments';

export interface PayableSale {
  id: number;
  currency: string;
  remaining: number;
  status: string;
  contract_no?: string;
}

interface PayValues {
  amount?: number | null;
  currency: string;
  paid_on: string | null;
  mode: string;
  note?: string | null;
}

const requiredField = required('validation.required');
const positive = minValue(0.01, 'validation.positive');
const CALCULATE_DELAY_MS = 400;

/** Whether a sale still takes payments: neither canceled nor paid in full. */
export const takesPayments = (status: string) => status !== 'canceled' && status !== 'completed';

const today = () => businessToday();

/** The server's calculation of what a payment would do, asked again whenever the user pauses typing. */
function useCalculation(saleId: number, containerId?: number) {
  const provider = useAppData();
  const [amount, currency, paidOn, mode] = useWatch({ name: ['amount', 'currency', 'paid_on', 'mode'] }) as [
    unknown,
    string,
    unknown,
    string,
  ];
  const [result, setResult] = useState<PaymentCalculation | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    const day = toIsoDay(paidOn);
    const value = typeof amount === 'number' ? amount : Number(amount);
    if (!day || !currency || !Number.isFinite(value) || value <= 0) {
      setResult(null);
      setError(null);
      return;
    }
    let current = true;
    const timer = setTimeout(() => {
      setLoading(true);
      (containerId
        ? provider.previewRenovationPayment({ container_id: containerId, amount: value, currency, paid_on: day })
        : provider.previewPayment({ sale_id: saleId, amount: value, currency, paid_on: day, mode })
      )
        .then((calculation) => {
          if (!current) return;
          setResult(calculation);
          setError(null);
        })
        .catch((failure: HttpError) => {
          if (!current) return;
          setResult(null);
          const fields = (failure.body as { errors?: Record<string, unknown> } | undefined)?.errors ?? {};
          const messages = Object.entries(fields)
            .filter(([key, value]) => key !== 'root' && typeof value === 'string')
            .map(([, value]) => value as string);
          setError(messages.length ? messages.join('; ') : failure.message);
        })
        .finally(() => current && setLoading(false));
    }, CALCULATE_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [provider, saleId, containerId, amount, currency, paidOn, mode]);
  return { result, error, loading };
}

/**
 * What the payment would do: the rate used, the amount credited in the sale's currency and the installments it covers.
 */
function CalculationPreview({
  saleId,
  containerId,
  onOverpaid,
}: {
  saleId: number;
  containerId?: number;
  /** Told whether the previewed payment is more than what is left (the server would refuse it). */
  onOverpaid?: (overpaid: boolean) => void;
}) {
  const { amount: screenAmount } = useLocaleFormat();
  const translate = useTranslate();
  const { result, error, loading } = useCalculation(saleId, containerId);
  const overpaid = Boolean(result && result.overpaid > 0);
  useEffect(() => onOverpaid?.(overpaid), [onOverpaid, overpaid]);
  const [dateFormat] = useDateFormat();
  return (
    <Box sx={{ minHeight: 48, mt: 1 }} aria-live="polite">
      {loading && <LinearProgress aria-label={translate('payments.calculating')} />}
      {error && <Alert severity="warning">{error}</Alert>}
      {result && (
        <Stack gap={0.5}>
          {result.currency !== result.sale_currency && (
            <Typography variant="body2" data-testid="pay-rate">
              {translate(result.rate_date ? 'payments.rate_used' : 'payments.rate_used_undated', {
                from: result.currency,
                rate: result.rate,
                to: result.sale_currency,
                date: result.rate_date ? formatIsoDate(result.rate_date, dateFormat) : '',
              })}
            </Typography>
          )}
          <Typography variant="body2" fontWeight={600} data-testid="pay-credited">
            {translate('payments.credited', { amount: screenAmount(result.credited, result.sale_currency) })}
          </Typography>
          <Typography variant="body2" data-testid="pay-remaining-after">
            {translate('payments.remaining_after', {
              amount: screenAmount(result.remaining_after, result.sale_currency),
            })}
          </Typography>
          {result.overpaid > 0 && (
            <Typography variant="body2" color="error">
              {translate('payments.overpaid', { amount: screenAmount(result.overpaid, result.sale_currency) })}
            </Typography>
          )}
          {result.covers.length > 0 ? (
            <Box sx={{ maxHeight: 260, overflowY: 'auto' }}>
              <Table size="small" stickyHeader aria-label={translate('payments.covers_title')} data-testid="pay-covers">
                <TableHead>
                  <TableRow>
                    <TableCell>{translate('payments.installment_no')}</TableCell>
                    <TableCell>{translate('payments.due_date')}</TableCell>
                    <TableCell align="right">{translate('payments.covers')}</TableCell>
                    <TableCell align="right">{translate('payments.left')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {result.covers.map((row) => (
                    <TableRow key={row.installment_id}>
                      <TableCell>№{row.number}</TableCell>
                      <TableCell>
                        <DateField record={row} source="due_date" />
                      </TableCell>
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        {screenAmount(row.covers, result.sale_currency)}
                      </TableCell>
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        {screenAmount(row.remaining_after, result.sale_currency)}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
          ) : (
            <Typography variant="body2" color="text.secondary">
              {translate('payments.covers_none')}
            </Typography>
          )}
        </Stack>
      )}
    </Box>
  );
}

/** A recorded payment, as the sale page lists it. */
export interface RecordedPayment {
  id: number;
  mode: string;
  amount: number;
  currency: string;
  paid_on: string;
  note: string | null;
}

export interface PayDialogProps {
  sale: PayableSale;
  /** Given: the dialog changes this payment (PUT /payments/{id}) instead of recording a new one. */
  payment?: RecordedPayment;
  /** Given: a renovation payment for this container (mode renovation, POST /containers/pay and its preview). */
  container?: { id: number };
  open: boolean;
  onClose: () => void;
  onPaid?: () => void;
}

/**
 * The pay dialog: amount, currency, date, what it is for and a note; the server's calculation shows as the user
 * types. With `payment` it edits that payment: the server converts it again at the rate of its (new) date.
 */
export function PayDialog({ sale, payment, container, open, onClose, onPaid }: PayDialogProps) {
  const { amount: screenAmount } = useLocaleFormat();
  const provider = useAppData();
  const translate = useTranslate();
  const notify = useNotify();
  const [key, setKey] = useState(newIdempotencyKey);
  const [overpaid, setOverpaid] = useState(false);
  useEffect(() => {
    if (open) setKey(newIdempotencyKey());
  }, [open]);
  const modes = PAYMENT_MODES.map((id) => ({ id, name: `payments.mode_${id}` }));

  const submit = async (values: PayValues) => {
    try {
      if (payment) {
        await provider.correctPayment(payment.id, {
          amount: values.amount,
          currency: values.currency,
          paid_on: values.paid_on,
          note: values.note || null,
        });
      } else if (container) {
        await provider.payRenovation(
          {
            container_id: container.id,
            sale_id: sale.id,
            amount: values.amount,
            currency: values.currency,
            paid_on: values.paid_on,
            note: values.note || undefined,
          },
          key,
        );
      } else {
        await provider.recordPayment(
          {
            sale_id: sale.id,
            amount: values.amount,
            currency: values.currency,
            paid_on: values.paid_on,
            mode: values.mode,
            note: values.note || undefined,
          },
          key,
        );
      }
    } catch (failure) {
      const error = failure as HttpError;
      // A refusal wrote nothing, and the server replays the refusal to the same key:
      // the corrected payment needs a new one.
      if (error.status >= 400 && error.status < 500) setKey(newIdempotencyKey());
      const errors = (error.body as { errors?: Record<string, string> } | undefined)?.errors;
      if (errors && Object.keys(errors).length) return errors;
      notify(error.message || 'ra.notification.http_error', { type: 'error' });
      return undefined;
    }
    notify(payment ? 'payments.payment_changed' : 'payments.paid', { type: 'success' });
    onClose();
    onPaid?.();
    return undefined;
  };

  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="pay-dialog-title">
      <DialogTitle id="pay-dialog-title">
        {payment
          ? translate('payments.edit_title')
          : sale.contract_no
            ? translate('payments.pay_title', { contract: sale.contract_no })
            : translate('payments.pay_title_plain')}
      </DialogTitle>
      {open && (
        // The record is given so that the sale page's record (the sale: its currency, its note) does not fill the form.
        <Form<PayValues>
          resetOptions={KEEP_TYPED}
          record={
            payment
              ? {
                  currency: payment.currency,
                  paid_on: payment.paid_on,
                  mode: payment.mode,
                  amount: payment.amount,
                  note: payment.note,
                }
              : {
                  currency: sale.currency,
                  paid_on: today(),
                  mode: container ? 'renovation' : 'sale',
                  amount: null,
                  note: null,
                }
          }
          onSubmit={(values: FieldValues) => submit(values as PayValues)}
          resource="payments"
        >
          <DialogContent sx={{ pt: 1 }}>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {translate('payments.remaining_now', { amount: screenAmount(sale.remaining, sale.currency) })}
            </Typography>
            <Stack direction="row" gap={2}>
              <NumberInput
                source="amount"
                validate={[requiredField, positive]}
                min={0}
                step={0.01}
                fullWidth
                autoFocus
              />
              <SelectInput
                source="currency"
                choices={CURRENCY_CHOICES}
                validate={requiredField}
                sx={{ minWidth: 110 }}
              />
            </Stack>
            <Stack direction="row" gap={2} alignItems="center">
              <DateInput source="paid_on" validate={requiredField} />
              {!container && <RadioButtonGroupInput source="mode" choices={modes} row disabled={Boolean(payment)} />}
            </Stack>
            <TextInput source="note" multiline fullWidth />
            {!payment && <CalculationPreview saleId={sale.id} containerId={container?.id} onOverpaid={setOverpaid} />}
          </DialogContent>
          <DialogActions>
            <MuiButton onClick={onClose}>{translate('ra.action.cancel')}</MuiButton>
            {overpaid && !payment && (
              <Typography variant="body2" color="error" sx={{ mr: 1 }} data-testid="pay-blocked">
                {translate('payments.pay_blocked')}
              </Typography>
            )}
            <SaveButton
              label={payment ? 'ra.action.save' : 'payments.pay'}
              icon={<PaymentsIcon />}
              disabled={overpaid && !payment}
              data-testid="pay-submit"
            />
          </DialogActions>
        </Form>
      )}
    </Dialog>
  );
}

/** Opens the pay dialog of a sale; only for users who record payments, and not on canceled or completed sales. */
export function PayButton({ sale, onPaid }: { sale: PayableSale; onPaid?: () => void }) {
  const can = useCan();
  const [open, setOpen] = useState(false);
  if (!can('payments', 'create') || !takesPayments(sale.status)) return null;
  return (
    <>
      <Button label="payments.pay" onClick={() => setOpen(true)}>
        <PaymentsIcon />
      </Button>
      <PayDialog sale={sale} open={open} onClose={() => setOpen(false)} onPaid={onPaid} />
    </>
  );
}

/**
 * Change or delete one recorded payment (edit_payments, delete_payments), asking before deleting; the sale is
 * settled again on the server. Voided payments and cancelled sales offer nothing.
 */
export function PaymentActions({
  sale,
  payment,
  voided,
  onChanged,
}: {
  sale: PayableSale;
  payment: RecordedPayment;
  voided: boolean;
  onChanged?: () => void;
}) {
  const { amount: screenAmount } = useLocaleFormat();
  const provider = useAppData();
  const can = useCan();
  const translate = useTranslate();
  const notify = useNotify();
  const confirm = useConfirm();
  const [editing, setEditing] = useState(false);
  if (voided || sale.status === 'canceled') return null;
  const mayEdit = can('payments', 'edit');
  const mayDelete = can('payments', 'delete');
  const remove = async () => {
    const question = translate('payments.delete_confirm', {
      amount: screenAmount(payment.amount, payment.currency),
      date: payment.paid_on,
    });
    if (!(await confirm(question))) return;
    try {
      await provider.deletePayment(payment, sale.id);
      notify('app.deleted', { type: 'success' });
      onChanged?.();
    } catch (failure) {
      notify((failure as HttpError).message || 'app.delete_failed', { type: 'error' });
    }
  };
  return (
    <Stack direction="row" gap={0.5} justifyContent="flex-end">
      {mayEdit && (
        <IconButton size="small" aria-label={translate('payments.edit_title')} onClick={() => setEditing(true)}>
          <EditIcon fontSize="small" />
        </IconButton>
      )}
      {mayDelete && (
        <IconButton size="small" color="error" aria-label={translate('ra.action.delete')} onClick={() => void remove()}>
          <DeleteIcon fontSize="small" />
        </IconButton>
      )}
      {mayEdit && (
        <PayDialog sale={sale} payment={payment} open={editing} onClose={() => setEditing(false)} onPaid={onChanged} />
      )}
    </Stack>
  );
}
