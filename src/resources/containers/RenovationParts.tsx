import { useState } from 'react';
import {
  Button as MuiButton,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import PaymentsIcon from '@mui/icons-material/Payments';
import DeleteIcon from '@mui/icons-material/Delete';
import EventRepeatIcon from '@mui/icons-material/EventRepeat';
import {
  Form,
  NumberInput,
  SaveButton,
  TextInput,
  required,
  useNotify,
  useTranslate,
  type HttpError,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import type { Container, ContainerDetail, ContainerPayment } from '../../../domain/contracts/containers';
import { useCan } from '../../layout/useCan';
import { useAppData } from '../../providers/useAppData';
import { DateField, DateInput, RATE_DECIMALS, toIsoDay, useConfirm, useLocaleFormat, KEEP_TYPED } from '../../widgets';
import { InvoiceButton, PayDialog } from '../payments';
import { SchedulePreviewTable } from '../sales/SchedulePreview';
import { SaleStatusChip } from '../sales/SaleStatusChip';

const requiredField = required('validation.required');

function Head({ cells }: { cells: Array<string | [string, 'right']> }) {
  return (
    <TableHead>
      <TableRow>
        {cells.map((c, i) => (
          <TableCell key={i} align={Array.isArray(c) ? 'right' : undefined}>
            {Array.isArray(c) ? c[0] : c}
          </TableCell>
        ))}
      </TableRow>
    </TableHead>
  );
}

/** The container's status chip in the user's language. */
export function ContainerStatus({ status }: { status: Container['status'] }) {
  const translate = useTranslate();
  const color = status === 'overdue' ? 'error' : status === 'completed' ? 'success' : 'info';
  return (
    <Typography component="span" variant="body2" color={`${color}.main`} fontWeight={600} data-status={status}>
      {translate(`containers.statuses.${status}`)}
    </Typography>
  );
}

/** Pay (mode renovation) one container: the sale's pay dialog with the container's debt, currency and rate preview. */
export function RenovationPayButton({ container, onPaid }: { container: Container; onPaid?: () => void }) {
  const can = useCan();
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  if (!can('payments', 'create') || container.debt <= 0) return null;
  return (
    <>
      <MuiButton size="small" startIcon={<PaymentsIcon />} onClick={() => setOpen(true)}>
        {translate('containers.pay')}
      </MuiButton>
      <PayDialog
        sale={{
          id: container.sale_id,
          currency: container.currency,
          remaining: container.debt,
          status: container.status,
          contract_no: container.contract_no,
        }}
        container={{ id: container.id }}
        open={open}
        onClose={() => setOpen(false)}
        onPaid={onPaid}
      />
    </>
  );
}

/** The container's services: service, unit, quantity, unit price, amount. */
export function ServicesTable({ container }: { container: ContainerDetail }) {
  const { amount: screenAmount } = useLocaleFormat();
  const translate = useTranslate();
  const c = (k: string) => translate(`containers.${k}`);
  return (
    <Table size="small">
      <Head
        cells={[c('services'), c('unit'), [c('quantity'), 'right'], [c('unit_price'), 'right'], [c('amount'), 'right']]}
      />
      <TableBody>
        {container.items.map((item) => (
          <TableRow key={item.id}>
            <TableCell>
              {item.service_name} · {translate(`services.units.${item.unit}`)}
            </TableCell>
            <TableCell>{item.property_number ?? c('whole_sale')}</TableCell>
            <TableCell align="right">{item.quantity}</TableCell>
            <TableCell align="right">{screenAmount(item.unit_price, container.currency)}</TableCell>
            <TableCell align="right">{screenAmount(item.amount, container.currency)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** The renovation's own schedule, as the ledger filled it. */
export function RenovationScheduleTable({ container }: { container: ContainerDetail }) {
  const { amount: screenAmount } = useLocaleFormat();
  const translate = useTranslate();
  const c = (k: string) => translate(`containers.${k}`);
  return (
    <Table size="small">
      <Head
        cells={[c('number'), c('due_date'), [c('amount'), 'right'], [c('paid'), 'right'], c('installment_status'), '']}
      />
      <TableBody>
        {container.installments.map((row) => (
          <TableRow key={row.id} data-status={row.status}>
            <TableCell>{row.number}</TableCell>
            <TableCell>
              <DateField source="due_date" record={row} />
            </TableCell>
            <TableCell align="right">{screenAmount(row.amount, container.currency)}</TableCell>
            <TableCell align="right">{screenAmount(row.paid, container.currency)}</TableCell>
            <TableCell>
              <SaleStatusChip status={row.status} vocabulary="installment_status" />
            </TableCell>
            <TableCell>
              {row.paid < row.amount && (
                <InvoiceButton saleId={container.sale_id} renovation containerInstallmentId={row.id} />
              )}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** The container's payments, each deletable (delete_payments) after a question. */
export function RenovationPaymentsTable({
  payments,
  onChanged,
}: {
  payments: ContainerPayment[];
  onChanged?: () => void;
}) {
  const { amount: screenAmount, decimal } = useLocaleFormat();
  const translate = useTranslate();
  const provider = useAppData();
  const notify = useNotify();
  const confirm = useConfirm();
  const can = useCan();
  const p = (k: string) => translate(`resources.renovation-payments.fields.${k}`);
  if (payments.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        {translate('containers.no_payments')}
      </Typography>
    );
  const remove = async (payment: ContainerPayment) => {
    const question = translate('payments.delete_confirm', {
      amount: screenAmount(payment.amount, payment.currency),
      date: payment.paid_on,
    });
    if (!(await confirm(question))) return;
    try {
      await provider.deleteRenovationPayment(payment.id);
      notify('app.deleted', { type: 'success' });
      onChanged?.();
    } catch (failure) {
      notify((failure as HttpError).message || 'app.delete_failed', { type: 'error' });
    }
  };
  return (
    <Table size="small">
      <Head cells={[p('paid_on'), [p('amount'), 'right'], p('rate'), [p('credited'), 'right'], p('note'), '']} />
      <TableBody>
        {payments.map((payment) => (
          <TableRow key={payment.id}>
            <TableCell>
              <DateField source="paid_on" record={payment} />
            </TableCell>
            <TableCell align="right">{screenAmount(payment.amount, payment.currency)}</TableCell>
            <TableCell align="right">{decimal(payment.rate, RATE_DECIMALS)}</TableCell>
            <TableCell align="right">{screenAmount(payment.credited, payment.sale_currency)}</TableCell>
            <TableCell>{payment.note}</TableCell>
            <TableCell align="right">
              {can('payments', 'delete') && (
                <IconButton
                  size="small"
                  color="error"
                  aria-label={translate('containers.delete_payment')}
                  onClick={() => void remove(payment)}
                >
                  <DeleteIcon fontSize="small" />
                </IconButton>
              )}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function SchedulePreview({ currency }: { currency: string }) {
  const [price, first, period, count, formula] = useWatch({
    name: ['price', 'first_payment_date', 'period_months', 'payments_count', 'formula'],
  });
  return (
    <SchedulePreviewTable
      input={{ price, currency, first_payment_date: first, period_months: period, payments_count: count, formula }}
    />
  );
}

/**
 * POST /sales/{sale_id}/renovation/payment-schedule: new terms for the container's schedule (the formula rule of the
 * sale's schedule), with the live preview; the toast says 'Success' or 'Error'.
 */
export function RenovationScheduleButton({ container, onDone }: { container: Container; onDone?: () => void }) {
  const provider = useAppData();
  const translate = useTranslate();
  const notify = useNotify();
  const can = useCan();
  const [open, setOpen] = useState(false);
  if (!can('service-containers', 'edit')) return null;
  const submit = async (values: Record<string, unknown>) => {
    try {
      await provider.replaceRenovationSchedule(container.sale_id, {
        container_id: container.id,
        price: values.price,
        currency: container.currency,
        first_payment_date: toIsoDay(values.first_payment_date),
        period_months: values.period_months,
        payments_count: values.payments_count,
        formula: values.formula || null,
      });
      notify('containers.saved_schedule', { type: 'success' });
      setOpen(false);
      onDone?.();
    } catch (failure) {
      notify('containers.schedule_error', { type: 'error' });
      const errors = ((failure as HttpError).body as { errors?: Record<string, string> } | undefined)?.errors;
      if (errors) return errors;
    }
    return undefined;
  };
  return (
    <>
      <MuiButton size="small" startIcon={<EventRepeatIcon />} onClick={() => setOpen(true)}>
        {translate('containers.edit_schedule')}
      </MuiButton>
      <Dialog open={open} onClose={() => setOpen(false)} maxWidth="md" fullWidth>
        <DialogTitle>{translate('containers.edit_schedule')}</DialogTitle>
        {open && (
          <Form
            resetOptions={KEEP_TYPED}
            onSubmit={submit}
            resource="service-containers"
            record={{
              price: container.price,
              first_payment_date: container.first_payment_date,
              period_months: container.period_months,
              payments_count: container.payments_count,
              formula: container.formula,
            }}
          >
            <DialogContent>
              <Stack direction="row" gap={2} flexWrap="wrap">
                <NumberInput source="price" validate={requiredField} min={0} step={0.01} fullWidth={false} />
                <DateInput source="first_payment_date" validate={requiredField} fullWidth={false} />
                <NumberInput source="period_months" min={1} validate={requiredField} fullWidth={false} />
                <NumberInput source="payments_count" min={1} validate={requiredField} fullWidth={false} />
                <TextInput source="formula" fullWidth={false} />
              </Stack>
              <SchedulePreview currency={container.currency} />
            </DialogContent>
            <DialogActions>
              <MuiButton onClick={() => setOpen(false)}>{translate('ra.action.cancel')}</MuiButton>
              <SaveButton alwaysEnable />
            </DialogActions>
          </Form>
        )}
      </Dialog>
    </>
  );
}
