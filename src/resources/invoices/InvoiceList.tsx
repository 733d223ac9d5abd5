import { useEffect, useMemo, useState } from 'react';
import { Button as MuiButton, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import CurrencyExchangeIcon from '@mui/icons-material/CurrencyExchange';
import PaymentsIcon from '@mui/icons-material/Payments';
import PrintIcon from '@mui/icons-material/Print';
import {
  AutocompleteInput,
  Button,
  CreateBase,
  Datagrid,
  Form,
  FunctionField,
  List,
  ReferenceArrayInput,
  ReferenceInput,
  required,
  SaveButton,
  SearchInput,
  SelectArrayInput,
  SelectInput,
  TextField,
  TextInput,
  TopToolbar,
  useGetOne,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
  type Identifier,
} from 'react-admin';
import { useWatch, useFormContext } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { useCan } from '../../layout/useCan';
import { clientConfig } from '../../providers/config';
import { useAppData } from '../../providers/useAppData';
import {
  DateField,
  DateInput,
  DEFAULT_PER_PAGE,
  EmptyList,
  ExcelExportButton,
  MoneyField,
  Paginator,
  PhoneCards,
  useDateFormat,
  type ExportColumn,
  useLocaleFormat,
} from '../../widgets';
import { formatIsoDate } from '../../../domain/dateFormats';
import { GlobalPaymentsImportButton, invoicePrintPath, openInvoicePrint } from '../payments';
import type { InvoiceRow } from './types';

interface SaleOption {
  id: number;
  contract_no: string;
  customer_name: string;
  currency: string;
  remaining: number;
  installments?: Array<{ id: number; number: number; due_date: string; remaining: number; status: string }>;
}

const requiredField = required('validation.required');

const filters = [
  <SearchInput key="query" source="query" alwaysOn />,
  <ReferenceArrayInput
    key="building_ids"
    source="building_ids"
    reference="buildings"
    perPage={1000}
    sort={{ field: 'name', order: 'ASC' }}
    alwaysOn
  >
    <SelectArrayInput optionText="name" label="resources.invoices.fields.building_ids" sx={{ minWidth: 200 }} />
  </ReferenceArrayInput>,
];

const saleLabel = (sale: SaleOption) => (sale ? `${sale.contract_no} · ${sale.customer_name}` : '');

/** The renovation containers of a sale with their schedules (usually one), for the invoice's choices. */
function useRenovationSchedules(saleId: number | undefined) {
  const provider = useAppData();
  const can = useCan();
  const { data = [] } = useQuery({
    queryKey: ['invoiceRenovations', saleId],
    queryFn: async () => Promise.all((await provider.saleContainers(saleId!)).map((c) => provider.container(c.id))),
    enabled: Boolean(saleId) && clientConfig().flags.services && can('service-containers', 'list'),
  });
  return data;
}

/** The choice that means the renovation's balance; a renovation installment's is `renovation-{id}`. */
const RENOVATION = 'renovation';

/**
 * The chosen sale's unpaid installments, and its renovation's balance and unpaid installments; none chosen means the
 * sale's whole remaining balance.
 */
function InstallmentInput() {
  const { amount: formatAmount } = useLocaleFormat();
  const translate = useTranslate();
  const [dateFormat] = useDateFormat();
  const { setValue } = useFormContext();
  const saleId = useWatch({ name: 'sale_id' }) as number | undefined;
  const { data: sale } = useGetOne<SaleOption>('sales', { id: saleId! }, { enabled: Boolean(saleId) });
  const renovations = useRenovationSchedules(saleId);
  useEffect(() => setValue('installment_id', null), [saleId, setValue]);
  const choices = useMemo(() => {
    const option = (i: { number: number; due_date: string }, remaining: number) =>
      translate('invoices.installment_option', {
        number: i.number,
        date: formatIsoDate(i.due_date, dateFormat),
        amount: formatAmount(remaining, sale?.currency),
      });
    const renovationDebt = renovations.reduce((sum, c) => sum + c.debt, 0);
    return [
      ...(sale?.installments ?? [])
        .filter((i) => i.status !== 'paid' && i.remaining > 0)
        .map((i) => ({ id: i.id, name: option(i, i.remaining) })),
      ...(renovationDebt > 0
        ? [
            {
              id: RENOVATION,
              name: `${translate('invoices.renovation_balance')} · ${formatAmount(renovationDebt, sale?.currency)}`,
            },
          ]
        : []),
      ...renovations.flatMap((c) =>
        c.installments
          .filter((i) => i.paid < i.amount)
          .map((i) => ({
            id: `${RENOVATION}-${i.id}`,
            name: `${translate('payments.mode_renovation')}: ${option(i, Math.round((i.amount - i.paid) * 100) / 100)}`,
          })),
      ),
    ];
  }, [sale, renovations, translate, dateFormat, formatAmount]);
  return (
    <SelectInput
      source="installment_id"
      choices={choices}
      disabled={!saleId}
      emptyText={
        sale
          ? `${translate('invoices.whole_balance')} · ${formatAmount(sale.remaining, sale.currency)}`
          : 'invoices.whole_balance'
      }
      fullWidth
    />
  );
}

/** The dialog's values as POST /invoices takes them: a renovation choice becomes its mode and installment. */
function invoiceBody(data: Record<string, unknown>) {
  const { installment_id: choice, ...rest } = data;
  const chosen =
    typeof choice === 'string' && choice.startsWith(RENOVATION)
      ? {
          mode: RENOVATION,
          container_installment_id: choice === RENOVATION ? undefined : Number(choice.slice(RENOVATION.length + 1)),
        }
      : { installment_id: choice };
  return Object.fromEntries(
    Object.entries({ ...rest, ...chosen }).filter(([, v]) => v !== null && v !== undefined && v !== ''),
  );
}

/**
 * Issues an invoice: a sale found by contract number or customer, then optionally one of its unpaid installments, or
 * its renovation's balance or one of the renovation's unpaid installments.
 */
function InvoiceCreateDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const navigate = useNavigate();
  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="invoice-create-title">
      <DialogTitle id="invoice-create-title">{translate('invoices.new')}</DialogTitle>
      {open && (
        <CreateBase
          resource="invoices"
          redirect={false}
          transform={invoiceBody}
          mutationOptions={{
            onSuccess: (invoice: InvoiceRow) => {
              notify('payments.invoice_created', { type: 'success', messageArgs: { number: invoice.number } });
              onClose();
              refresh();
              if (!openInvoicePrint(invoice.id)) navigate(invoicePrintPath(invoice.id));
            },
          }}
        >
          <Form>
            <DialogContent sx={{ pt: 1 }}>
              <ReferenceInput source="sale_id" reference="sales" perPage={20} sort={{ field: 'id', order: 'DESC' }}>
                <AutocompleteInput
                  label="invoices.pick_sale"
                  optionText={saleLabel}
                  filterToQuery={(search) => ({ query: search })}
                  validate={requiredField}
                  fullWidth
                />
              </ReferenceInput>
              <InstallmentInput />
              <DateInput source="due_date" />
              <TextInput source="note" multiline fullWidth />
            </DialogContent>
            <DialogActions>
              <MuiButton onClick={onClose}>{translate('ra.action.cancel')}</MuiButton>
              <SaveButton label="invoices.create" />
            </DialogActions>
          </Form>
        </CreateBase>
      )}
    </Dialog>
  );
}

/** The list's columns as the Excel export writes them. */
const invoiceExport = (translate: (key: string) => string): ExportColumn<InvoiceRow>[] => [
  { source: 'number' },
  { source: 'issued_on', kind: 'date' },
  { source: 'contract_no' },
  { source: 'customer_name' },
  { source: 'building_name' },
  { source: 'mode', value: (r) => translate(`payments.mode_${r.mode ?? 'sale'}`) },
  { source: 'installment_number', value: (r) => (r.installment_number ? `№${r.installment_number}` : '') },
  { source: 'amount', kind: 'money', currencySource: 'currency' },
  { source: 'due_date', kind: 'date' },
];

/** The 'new invoice' button and its dialog, for a user who may issue invoices. */
function NewInvoiceButton() {
  const can = useCan();
  const [open, setOpen] = useState(false);
  if (!can('invoices', 'create')) return null;
  return (
    <>
      <Button label="invoices.new" onClick={() => setOpen(true)}>
        <AddIcon />
      </Button>
      <InvoiceCreateDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}

function Actions() {
  const refresh = useRefresh();
  const translate = useTranslate();
  return (
    <TopToolbar>
      <Button label="invoices.payments" component={RouterLink} to="/payments">
        <PaymentsIcon />
      </Button>
      <Button label="invoices.currency_rates" component={RouterLink} to="/currency-rates">
        <CurrencyExchangeIcon />
      </Button>
      <GlobalPaymentsImportButton onImported={refresh} />
      <ExcelExportButton columns={invoiceExport(translate)} />
      <NewInvoiceButton />
    </TopToolbar>
  );
}

function PrintLink() {
  const record = useRecordContext<InvoiceRow>();
  if (!record) return null;
  return (
    <Button
      label="invoices.print"
      component={RouterLink}
      to={invoicePrintPath(record.id)}
      onClick={(e) => e.stopPropagation()}
    >
      <PrintIcon />
    </Button>
  );
}

/** What the invoice is for: the sale, or its renovation package. */
function InvoiceMode(_: { source: string }) {
  const record = useRecordContext<InvoiceRow>();
  const translate = useTranslate();
  return record ? <>{translate(`payments.mode_${record.mode ?? 'sale'}`)}</> : null;
}

/** /invoices: the invoices issued for sales (or their renovation packages), each printable. */
export function InvoiceList() {
  const openPrint = (id: Identifier) => invoicePrintPath(Number(id));
  return (
    <List
      filters={filters}
      actions={<Actions />}
      pagination={<Paginator />}
      perPage={DEFAULT_PER_PAGE}
      sort={{ field: 'id', order: 'DESC' }}
      empty={
        <EmptyList>
          <NewInvoiceButton />
        </EmptyList>
      }
    >
      <PhoneCards<InvoiceRow>
        primaryText={(r) => [r.number, r.contract_no].filter(Boolean).join(' · ')}
        secondaryText={
          <>
            <FunctionField<InvoiceRow> render={(r) => (r.customer_name ? `${r.customer_name} · ` : '')} />
            <DateField source="issued_on" />
          </>
        }
        tertiaryText={<MoneyField source="amount" currencySource="currency" />}
        rowClick={openPrint}
        actions={<PrintLink />}
      >
        <Datagrid rowClick={openPrint} bulkActionButtons={false}>
          <TextField source="number" />
          <DateField source="issued_on" />
          <TextField source="contract_no" sortable={false} />
          <TextField source="customer_name" sortable={false} />
          <TextField source="building_name" sortable={false} />
          <InvoiceMode source="mode" />
          <FunctionField
            source="installment_number"
            sortable={false}
            render={(r: InvoiceRow) => (r.installment_number ? `№${r.installment_number}` : '')}
          />
          <MoneyField source="amount" currencySource="currency" textAlign="right" />
          <DateField source="due_date" />
          <PrintLink />
        </Datagrid>
      </PhoneCards>
    </List>
  );
}
