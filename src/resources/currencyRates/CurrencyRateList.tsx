import { businessToday } from '../../../domain/businessDay';
import type { StoredRate } from '../../../domain/contracts/payments';
import { useState } from 'react';
import { Alert, Button as MuiButton, Dialog, DialogActions, DialogContent, DialogTitle, Stack } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import CloudDownloadIcon from '@mui/icons-material/CloudDownload';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import {
  Button,
  CreateBase,
  Datagrid,
  Form,
  FunctionField,
  List,
  minValue,
  NumberInput,
  required,
  SaveButton,
  SelectInput,
  TextField,
  TopToolbar,
  useNotify,
  useRefresh,
  useTranslate,
  type HttpError,
} from 'react-admin';
import { useCan } from '../../layout/useCan';
import {
  DateField,
  DateInput,
  DEFAULT_PER_PAGE,
  EmptyList,
  NumberField,
  Paginator,
  PhoneCards,
  RATE_DECIMALS,
} from '../../widgets';
import { ImportDialog } from '../../widgets/ImportDialog';
import { CURRENCY_CHOICES } from '../../widgets/choices';
import { useAppData } from '../../providers/useAppData';
import type { FieldValues } from 'react-hook-form';

const requiredField = required('validation.required');
const positive = minValue(0.0001, 'validation.positive');
const FOREIGN_CURRENCIES = CURRENCY_CHOICES.filter((c) => c.id !== 'GEL');

const filters = [
  <SelectInput key="currency" source="currency" choices={FOREIGN_CURRENCIES} alwaysOn />,
  <DateInput key="date_from" source="date_from" alwaysOn />,
  <DateInput key="date_to" source="date_to" alwaysOn />,
];

/** Adds a rate by hand, or overwrites the one of that day and currency. */
function AddRateDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="rate-add-title">
      <DialogTitle id="rate-add-title">{translate('currency_rates.add_title')}</DialogTitle>
      {open && (
        <CreateBase
          resource="currency-rates"
          redirect={false}
          record={{ currency: 'USD', date: businessToday() }}
          mutationOptions={{
            onSuccess: () => {
              notify('currency_rates.saved', { type: 'success' });
              onClose();
              refresh();
            },
          }}
        >
          <Form>
            <DialogContent sx={{ pt: 1 }}>
              <SelectInput source="currency" choices={FOREIGN_CURRENCIES} validate={requiredField} fullWidth />
              <DateInput source="date" validate={requiredField} />
              <NumberInput source="rate" validate={[requiredField, positive]} min={0} step={0.0001} fullWidth />
            </DialogContent>
            <DialogActions>
              <MuiButton onClick={onClose}>{translate('ra.action.cancel')}</MuiButton>
              <SaveButton />
            </DialogActions>
          </Form>
        </CreateBase>
      )}
    </Dialog>
  );
}

/**
 * Fetches the National Bank of Georgia's rates for a range of days; the server says when the bank cannot be reached.
 */
function FetchRatesDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const provider = useAppData();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [failure, setFailure] = useState<string | null>(null);
  const close = () => {
    setFailure(null);
    onClose();
  };
  const submit = async (values: { date_from: string; date_to: string }) => {
    setFailure(null);
    try {
      const fetched = await provider.fetchCurrencyRates(values);
      notify('currency_rates.fetched', { type: 'success', messageArgs: { count: fetched.fetched } });
      close();
      refresh();
    } catch (error) {
      const http = error as HttpError;
      const errors = (http.body as { errors?: Record<string, unknown> } | undefined)?.errors;
      if (http.status === 422 && errors) return errors;
      setFailure(http.message || translate('ra.notification.http_error'));
    }
    return undefined;
  };
  const today = businessToday();
  return (
    <Dialog open={open} onClose={close} maxWidth="xs" fullWidth aria-labelledby="rate-fetch-title">
      <DialogTitle id="rate-fetch-title">{translate('currency_rates.fetch_title')}</DialogTitle>
      {open && (
        <Form
          defaultValues={{ date_from: today, date_to: today }}
          onSubmit={(values: FieldValues) => submit(values as { date_from: string; date_to: string })}
          resource="currency-rates"
        >
          <DialogContent sx={{ pt: 1 }}>
            <Stack direction="row" gap={2}>
              <DateInput source="date_from" validate={requiredField} />
              <DateInput source="date_to" validate={requiredField} />
            </Stack>
            {failure && <Alert severity="error">{failure}</Alert>}
          </DialogContent>
          <DialogActions>
            <MuiButton onClick={close}>{translate('ra.action.cancel')}</MuiButton>
            <SaveButton alwaysEnable label="currency_rates.fetch_run" icon={<CloudDownloadIcon />} />
          </DialogActions>
        </Form>
      )}
    </Dialog>
  );
}

/** Adding, importing and fetching rates, each with its dialog, for a user who may record payments. */
function RateButtons() {
  const can = useCan();
  const refresh = useRefresh();
  const [dialog, setDialog] = useState<'add' | 'import' | 'fetch' | null>(null);
  if (!can('currency-rates', 'fetch')) return null;
  const close = () => setDialog(null);
  return (
    <>
      <Button label="currency_rates.add" onClick={() => setDialog('add')}>
        <AddIcon />
      </Button>
      <Button label="currency_rates.import" onClick={() => setDialog('import')}>
        <UploadFileIcon />
      </Button>
      <Button label="currency_rates.fetch" onClick={() => setDialog('fetch')}>
        <CloudDownloadIcon />
      </Button>
      <AddRateDialog open={dialog === 'add'} onClose={close} />
      <ImportDialog resource="currency-rates" open={dialog === 'import'} onClose={close} onImported={refresh} />
      <FetchRatesDialog open={dialog === 'fetch'} onClose={close} />
    </>
  );
}

function Actions() {
  return (
    <TopToolbar>
      <RateButtons />
    </TopToolbar>
  );
}

/** The National Bank of Georgia's rates (GEL per unit) that payments are converted at, by day and currency. */
export function CurrencyRateList() {
  const translate = useTranslate();
  const sourceLabel = (r: StoredRate) => translate(`currency_rates.source_${r.source}`, { _: r.source });
  return (
    <List
      filters={filters}
      actions={<Actions />}
      pagination={<Paginator />}
      perPage={DEFAULT_PER_PAGE}
      sort={{ field: 'date', order: 'DESC' }}
      empty={
        <EmptyList>
          <RateButtons />
        </EmptyList>
      }
    >
      <PhoneCards<StoredRate>
        primaryText={(r) => r.currency}
        secondaryText={
          <>
            <DateField source="date" />
            <FunctionField<StoredRate> render={(r) => ` · ${sourceLabel(r)}`} />
          </>
        }
        tertiaryText={<NumberField source="rate" options={RATE_DECIMALS} />}
      >
        <Datagrid bulkActionButtons={false}>
          <DateField source="date" />
          <TextField source="currency" />
          <NumberField source="rate" options={RATE_DECIMALS} textAlign="right" />
          <FunctionField source="source" render={sourceLabel} />
        </Datagrid>
      </PhoneCards>
    </List>
  );
}
