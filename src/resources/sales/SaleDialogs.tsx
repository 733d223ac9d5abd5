import { businessToday } from '../../../domain/businessDay';
import { useMemo, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Radio,
  RadioGroup,
  Stack,
  Typography,
} from '@mui/material';
import {
  AutocompleteArrayInput,
  Form,
  NumberInput,
  required,
  SaveButton,
  TextInput,
  useGetList,
  useNotify,
  useTranslate,
} from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { CURRENCIES, fromMinor, toMinor } from '../../../domain/money';
import { DateInput, useConfirm, useLocaleFormat, KEEP_TYPED } from '../../widgets';
import { ScheduleInputs } from './SaleEdit';
import { unitName, type SaleRecord } from './types';
import { useAppData } from '../../providers/useAppData';

const requiredField = required('validation.required');
/** The dialogs' forms start from their own values, not from the sale page's record around them. */
const NO_RECORD = {};
const today = () => businessToday();

/** A failed call's per-field errors, as react-admin's Form sets them on the inputs (the message shows when none). */
const fieldErrors = (error: unknown, notify: ReturnType<typeof useNotify>) => {
  const e = error as { body?: { errors?: Record<string, unknown> }; message?: string };
  if (e.body?.errors) return e.body.errors;
  notify(e.message ?? 'ra.notification.http_error', { type: 'error' });
  return undefined;
};

/** The schedule terms a dialog starts from: the sale's own. */
const currentTerms = (sale: SaleRecord) => ({
  price: sale.price,
  currency: sale.currency,
  first_payment_date: sale.first_payment_date,
  period_months: sale.period_months,
  payments_count: sale.payments_count,
  formula: sale.formula ?? '',
});

/** The schedule terms as the server takes them (a blank formula is none). */
const termsSent = (values: Record<string, unknown>) => ({
  price: values.price,
  first_payment_date: values.first_payment_date,
  period_months: values.period_months,
  payments_count: values.payments_count,
  formula: values.formula || undefined,
});

interface DialogProps {
  sale: SaleRecord;
  open: boolean;
  onClose: () => void;
  onDone: () => void;
}

/** POST /sales/addPaymentSchedule: a new schedule (and price) with the live preview. */
export function NewScheduleDialog({ sale, open, onClose, onDone }: DialogProps) {
  const provider = useAppData();
  const translate = useTranslate();
  const notify = useNotify();
  const submit = async (values: Record<string, unknown>) => {
    try {
      await provider.replaceSaleSchedule(sale.id, termsSent(values));
      notify('sales.schedule_saved', { type: 'success' });
      onDone();
      onClose();
    } catch (error) {
      return fieldErrors(error, notify);
    }
  };
  return (
    <Dialog open={open} onClose={onClose} maxWidth="lg" fullWidth>
      <Form
        resetOptions={KEEP_TYPED}
        onSubmit={submit}
        record={NO_RECORD}
        resource="sales"
        defaultValues={currentTerms(sale)}
      >
        <DialogTitle>{translate('sales.new_schedule')}</DialogTitle>
        <DialogContent>
          <NumberInput source="price" validate={requiredField} />
          <ScheduleInputs />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('sales.cancel')}</Button>
          <SaveButton label="sales.save" alwaysEnable />
        </DialogActions>
      </Form>
    </Dialog>
  );
}

interface FreeUnit {
  id: number;
  no: string;
  block_name: string | null;
}

/**
 * PATCH /sales/{id}/update-properties:
 * other units of the same complex, a new price and schedule, keep or reset what was paid.
 */
export function UpdatePropertiesDialog({ sale, open, onClose, onDone }: DialogProps) {
  const provider = useAppData();
  const translate = useTranslate();
  const notify = useNotify();
  const [keepPaid, setKeepPaid] = useState(true);
  const { data: free = [] } = useGetList<FreeUnit>(
    'properties',
    {
      filter: { status: 'free', building_id: sale.building_id },
      pagination: { page: 1, perPage: 1000 },
      sort: { field: 'no', order: 'ASC' },
    },
    { enabled: open },
  );
  const choices = useMemo(
    () =>
      [...sale.properties, ...free.filter((u) => !sale.properties.some((p) => p.id === u.id))].map((u) => ({
        id: u.id,
        name: unitName(u),
      })),
    [free, sale.properties],
  );
  const submit = async (values: Record<string, unknown>) => {
    try {
      await provider.changeSaleUnits(sale.id, {
        property_ids: values.property_ids,
        keep_paid: keepPaid,
        ...termsSent(values),
      });
      notify('sales.units_saved', { type: 'success' });
      onDone();
      onClose();
    } catch (error) {
      return fieldErrors(error, notify);
    }
  };
  return (
    <Dialog open={open} onClose={onClose} maxWidth="lg" fullWidth>
      <Form
        resetOptions={KEEP_TYPED}
        onSubmit={submit}
        record={NO_RECORD}
        resource="sales"
        defaultValues={{ property_ids: sale.properties.map((p) => p.id), ...currentTerms(sale) }}
      >
        <DialogTitle>{translate('sales.change_units')}</DialogTitle>
        <DialogContent>
          <AutocompleteArrayInput source="property_ids" choices={choices} validate={requiredField} fullWidth />
          <NumberInput source="price" validate={requiredField} />
          <RadioGroup value={keepPaid ? 'keep' : 'reset'} onChange={(e) => setKeepPaid(e.target.value === 'keep')}>
            <FormControlLabel value="keep" control={<Radio />} label={translate('sales.keep_paid')} />
            <FormControlLabel value="reset" control={<Radio />} label={translate('sales.reset_paid')} />
          </RadioGroup>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {translate('sales.keep_paid_hint')}
          </Typography>
          <ScheduleInputs />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('sales.cancel')}</Button>
          <SaveButton label="sales.save" alwaysEnable />
        </DialogActions>
      </Form>
    </Dialog>
  );
}

/** What the sale's payments brought in, per currency as received (voided ones no longer count), GEL, USD, EUR. */
const receivedByCurrency = (payments: NonNullable<SaleRecord['payments']>) =>
  CURRENCIES.map((currency) => ({
    currency,
    amount: payments.filter((p) => !p.voided && p.currency === currency).reduce((sum, p) => sum + toMinor(p.amount), 0),
  }))
    .filter((r) => r.amount > 0)
    .map((r) => ({ currency: r.currency, amount: fromMinor(r.amount) }));

/** The question before cancelling: the units freed, and the money received on the sale and what becomes of it. */
function useCancelQuestion(sale: SaleRecord) {
  const translate = useTranslate();
  const { amount, locale } = useLocaleFormat();
  const received = receivedByCurrency(sale.payments ?? []);
  const amounts = new Intl.ListFormat(locale, { type: 'conjunction' }).format(
    received.map((r) => amount(r.amount, r.currency)),
  );
  return (
    <>
      <p>{translate('sales.cancel_confirm', { contract_no: sale.contract_no })}</p>
      <p data-testid="cancel-sale-received">
        {received.length ? translate('sales.cancel_received', { amounts }) : translate('sales.cancel_nothing_received')}
      </p>
    </>
  );
}

/** POST /sales/{id}/delete-with-comment after a confirmation: the sale is cancelled and its units are freed. */
export function CancelSaleDialog({ sale, open, onClose }: Omit<DialogProps, 'onDone'>) {
  const provider = useAppData();
  const translate = useTranslate();
  const notify = useNotify();
  const confirm = useConfirm();
  const navigate = useNavigate();
  const question = useCancelQuestion(sale);
  const [failure, setFailure] = useState<string | null>(null);
  const submit = async (values: Record<string, unknown>) => {
    if (!(await confirm(question))) return;
    try {
      await provider.cancelSale(sale.id, { date: values.date, reason: values.reason });
      notify('sales.canceled', { type: 'success' });
      onClose();
      navigate('/sales');
    } catch (error) {
      const errors = fieldErrors(error, notify);
      if (!errors) setFailure((error as Error).message);
      return errors;
    }
  };
  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth data-testid="cancel-sale-dialog">
      <Form onSubmit={submit} record={NO_RECORD} resource="sales" defaultValues={{ date: today(), reason: '' }}>
        <DialogTitle>{translate('sales.cancel_sale')}</DialogTitle>
        <DialogContent>
          {failure && <Alert severity="error">{failure}</Alert>}
          <Stack>
            <DateInput source="date" label="resources.sales.fields.cancellation_date" validate={requiredField} />
            <TextInput
              source="reason"
              label="resources.sales.fields.cancellation_reason"
              validate={requiredField}
              multiline
              minRows={2}
              fullWidth
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Box sx={{ flex: 1 }} />
          <Button onClick={onClose}>{translate('sales.cancel')}</Button>
          <SaveButton label="sales.cancel_sale" color="error" alwaysEnable />
        </DialogActions>
      </Form>
    </Dialog>
  );
}
