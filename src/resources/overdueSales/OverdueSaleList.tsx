import { useState } from 'react';
import { IconButton, TextField as MuiTextField, Tooltip, Typography } from '@mui/material';
import CampaignIcon from '@mui/icons-material/Campaign';
import MailIcon from '@mui/icons-material/Mail';
import {
  Button,
  Datagrid,
  FunctionField,
  List,
  NumberInput,
  ReferenceArrayInput,
  SearchInput,
  SelectArrayInput,
  TextField,
  TopToolbar,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
  type HttpError,
  type Identifier,
} from 'react-admin';
import type { OverdueSale } from '../../../domain/contracts/sales';
import { useCan } from '../../layout/useCan';
import {
  ConfirmDialog,
  DateField,
  DEFAULT_PER_PAGE,
  ExcelExportButton,
  MoneyField,
  Paginator,
  PhoneCards,
  type ExportColumn,
  NumberField,
} from '../../widgets';
import { GlobalPaymentsImportButton } from '../payments';
import { useAppData } from '../../providers/useAppData';
import type { ManualMessage } from '../../providers/calls/messages';
import { NotifyDialog } from '../notificationLogs/components';

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
    <SelectArrayInput optionText="name" label="resources.overdue-sales.fields.building_ids" sx={{ minWidth: 200 }} />
  </ReferenceArrayInput>,
  <NumberInput key="min_days" source="min_days" min={0} step={1} alwaysOn />,
];

function Actions() {
  const refresh = useRefresh();
  const translate = useTranslate();
  const exportColumns: ExportColumn<OverdueSale>[] = [
    { source: 'contract_no' },
    { source: 'customer_name' },
    { source: 'building_name' },
    {
      source: 'properties',
      value: (r) =>
        (r.properties ?? []).map((p) => (p.block_name ? `${p.block_name} №${p.no}` : `№${p.no}`)).join(', '),
    },
    { source: 'days_late', kind: 'number' },
    { source: 'amount_overdue', kind: 'money', currencySource: 'currency' },
    { source: 'oldest_due_date', kind: 'date' },
    { source: 'notices_count', kind: 'number' },
    { source: 'last_notice_at', kind: 'date', value: (r) => r.last_notice_at ?? translate('overdue.never') },
  ];
  return (
    <TopToolbar>
      <GlobalPaymentsImportButton onImported={refresh} />
      <ExcelExportButton columns={exportColumns} />
    </TopToolbar>
  );
}

/** A row's "cancellation notice" action: asks, with an optional note, then records that the notice was sent. */
function NoticeButton() {
  const provider = useAppData();
  const record = useRecordContext<OverdueSale>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  if (!record) return null;
  const record_ = async () => {
    setBusy(true);
    try {
      await provider.sendOverdueNotice(record.id, note.trim() || undefined);
      notify('overdue.notice_recorded', { type: 'success' });
      setOpen(false);
      setNote('');
      refresh();
    } catch (failure) {
      notify((failure as HttpError).message || 'ra.notification.http_error', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button
        label="overdue.record_notice"
        onClick={(event) => {
          event.stopPropagation();
          setOpen(true);
        }}
      >
        <CampaignIcon />
      </Button>
      <ConfirmDialog
        open={open}
        title="overdue.notice_title"
        loading={busy}
        onClose={() => setOpen(false)}
        onConfirm={() => void record_()}
        text={
          <>
            <Typography variant="body2" sx={{ mb: 1 }}>
              {translate('overdue.notice_text', {
                contract: record.contract_no,
                customer: record.customer_name,
                days: record.days_late,
              })}
            </Typography>
            <Typography variant="body2" sx={{ mb: 2 }}>
              {translate('customer_messages.notice_sent_note')}
            </Typography>
            <MuiTextField
              label={translate('overdue.notice_note')}
              value={note}
              onChange={(e) => setNote(e.target.value)}
              multiline
              minRows={2}
              fullWidth
            />
          </>
        }
      />
    </>
  );
}

/** A row's "overdue letter": the preview of the letter to the customer, then the send. */
function OverdueLetterButton() {
  const record = useRecordContext<OverdueSale>();
  const translate = useTranslate();
  const refresh = useRefresh();
  const [message, setMessage] = useState<ManualMessage | null>(null);
  if (!record) return null;
  const label = translate('customer_messages.notify_overdue');
  return (
    <>
      <Tooltip title={label}>
        <IconButton
          color="primary"
          size="small"
          aria-label={label}
          onClick={(event) => {
            event.stopPropagation();
            setMessage({ kind: 'overdue', saleId: record.id });
          }}
        >
          <MailIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <NotifyDialog message={message} onClose={() => setMessage(null)} onSent={refresh} />
    </>
  );
}

/** /overdue-sales: sales behind on their schedule, the most late first, with the cancellation notices sent. */
export function OverdueSaleList() {
  const can = useCan();
  const translate = useTranslate();
  const canNotify = can('overdue-sales', 'notify');
  const canWrite = can('notification-logs', 'notify');
  const openSale = (id: Identifier) => `/sales/${id}`;
  return (
    <List
      filters={filters}
      actions={<Actions />}
      pagination={<Paginator />}
      perPage={DEFAULT_PER_PAGE}
      sort={{ field: 'days_late', order: 'DESC' }}
      empty={false}
    >
      <PhoneCards<OverdueSale>
        primaryText={(r) => [r.contract_no, r.customer_name].filter(Boolean).join(' · ')}
        secondaryText={(r) =>
          [r.building_name, `${translate('resources.overdue-sales.fields.days_late')}: ${r.days_late}`]
            .filter(Boolean)
            .join(' · ')
        }
        tertiaryText={<MoneyField source="amount_overdue" currencySource="currency" />}
        rowClick={openSale}
        actions={
          (canWrite || canNotify) && (
            <>
              {canWrite && <OverdueLetterButton />}
              {canNotify && <NoticeButton />}
            </>
          )
        }
      >
        <Datagrid rowClick={openSale} bulkActionButtons={false}>
          <TextField source="contract_no" sortable={false} />
          <TextField source="customer_name" sortable={false} />
          <TextField source="building_name" sortable={false} />
          <FunctionField
            source="properties"
            sortable={false}
            render={(r: OverdueSale) =>
              (r.properties ?? []).map((p) => (p.block_name ? `${p.block_name} №${p.no}` : `№${p.no}`)).join(', ')
            }
          />
          <NumberField source="days_late" />
          <MoneyField source="amount_overdue" currencySource="currency" textAlign="right" />
          <DateField source="oldest_due_date" sortable={false} />
          <NumberField source="notices_count" sortable={false} />
          <FunctionField
            source="last_notice_at"
            sortable={false}
            render={(r: OverdueSale) =>
              r.last_notice_at ? <DateField record={r} source="last_notice_at" /> : translate('overdue.never')
            }
          />
          {canWrite && <OverdueLetterButton />}
          {canNotify && <NoticeButton />}
        </Datagrid>
      </PhoneCards>
    </List>
  );
}
