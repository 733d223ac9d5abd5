import { useDeferredValue, useState } from 'react';
import { Box, Button, CardContent, Grid, Typography } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import EventRepeatIcon from '@mui/icons-material/EventRepeat';
import CancelIcon from '@mui/icons-material/Cancel';
import {
  Link,
  ListButton,
  Show,
  TopToolbar,
  useCreatePath,
  useNotify,
  useRecordContext,
  useShowContext,
  useTranslate,
} from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { useCan } from '../../layout/useCan';
import { DateField, RATE_DECIMALS, useLocaleFormat } from '../../widgets';
import { Comments } from '../../widgets/Comments';
import { OwnerFiles } from '../../widgets/OwnerFiles';
import { useEnumLabel } from '../../widgets/choices';
import { InvoiceButton, PayButton } from '../payments';
import { AddTaskButton } from '../tasks/AddTaskButton';
import { PrintContractButtons } from '../templates/PrintContractDialog';
import { CancelSaleDialog, NewScheduleDialog, UpdatePropertiesDialog } from './SaleDialogs';
import { SaleStatusChip } from './SaleStatusChip';
import type { SaleRecord } from './types';
import { DetailItem } from '../../widgets/DetailItem';
import { useAppData } from '../../providers/useAppData';
import { History, Section } from './SaleSections';
import { SalePayments, SaleSchedule, SaleUnits } from './SaleLedgerSections';
import { NotifyCustomerButton, SaleMessages } from './SaleMessages';
import { CustomFieldsSection } from '../customFields/CustomFieldValues';
import { RenovationSection } from '../containers/RenovationSection';

/** What the signed-in user may do on a sale page; an accountant who only views may still record payments. */
function useSaleRights(sale: SaleRecord | undefined) {
  const can = useCan();
  const live = sale?.status !== 'canceled';
  return {
    edit: live && can('sales', 'edit'),
    cancel: live && can('sales', 'delete'),
    pay: can('payments', 'create') && live,
    files: live && can('sales', 'files'),
    messages: can('notification-logs', 'list'),
  };
}

function AgentSection({ sale, canEdit, onChanged }: { sale: SaleRecord; canEdit: boolean; onChanged: () => void }) {
  const { amount: screenAmount } = useLocaleFormat();
  const provider = useAppData();
  const translate = useTranslate();
  const notify = useNotify();
  const f = (k: string) => translate(`resources.sales.fields.${k}`);
  const toggle = async () => {
    try {
      await provider.switchAgentFeeStatus(sale.id);
      notify('sales.agent_fee_changed', { type: 'success' });
      onChanged();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
  };
  if (!sale.agent_id) return <Typography variant="body2">{translate('sales.no_agent')}</Typography>;
  return (
    <Grid container spacing={2} alignItems="center">
      <DetailItem label={f('agent_name')}>{sale.agent_name}</DetailItem>
      <DetailItem label={f('agent_fee_percent')}>{sale.agent_fee_percent}</DetailItem>
      <DetailItem label={f('agent_fee_amount')}>{screenAmount(sale.agent_fee_amount, sale.currency)}</DetailItem>
      <DetailItem label={f('agent_fee_status')}>
        <SaleStatusChip status={sale.agent_fee_status} vocabulary="agent_fee_status" />
      </DetailItem>
      <DetailItem label={f('minimum_income_percent')}>{sale.minimum_income_percent}</DetailItem>
      {canEdit && sale.agent_fee_status !== 'not_due' && (
        <Grid size={12}>
          <Button size="small" variant="outlined" onClick={() => void toggle()}>
            {translate('sales.toggle_agent_fee')}
          </Button>
        </Grid>
      )}
    </Grid>
  );
}

function SaleActions() {
  const translate = useTranslate();
  const { record, refetch } = useShowContext<SaleRecord>();
  const rights = useSaleRights(record);
  const [dialog, setDialog] = useState<'units' | 'schedule' | 'cancel' | null>(null);
  const close = () => setDialog(null);
  return (
    <TopToolbar>
      <ListButton />
      {record && rights.pay && <PayButton sale={record} onPaid={() => void refetch()} />}
      {record && record.status !== 'canceled' && <InvoiceButton saleId={record.id} />}
      {record && <NotifyCustomerButton sale={record} />}
      {record && <AddTaskButton about={{ sale_id: Number(record.id), customer_id: record.customer_id }} />}
      {record && record.status !== 'canceled' && <PrintContractButtons saleId={record.id} />}
      {record && rights.edit && (
        <>
          <Button size="small" component={RouterLink} to={`/sales/${record.id}/edit`} startIcon={<EditIcon />}>
            {translate('sales.edit')}
          </Button>
          <Button size="small" onClick={() => setDialog('units')} startIcon={<SwapHorizIcon />}>
            {translate('sales.change_units')}
          </Button>
          <Button size="small" onClick={() => setDialog('schedule')} startIcon={<EventRepeatIcon />}>
            {translate('sales.new_schedule')}
          </Button>
          <UpdatePropertiesDialog
            sale={record}
            open={dialog === 'units'}
            onClose={close}
            onDone={() => void refetch()}
          />
          <NewScheduleDialog sale={record} open={dialog === 'schedule'} onClose={close} onDone={() => void refetch()} />
        </>
      )}
      {record && rights.cancel && (
        <>
          <Button size="small" color="error" onClick={() => setDialog('cancel')} startIcon={<CancelIcon />}>
            {translate('sales.cancel_sale')}
          </Button>
          <CancelSaleDialog sale={record} open={dialog === 'cancel'} onClose={close} />
        </>
      )}
    </TopToolbar>
  );
}

/** The sale page's body; `trashed` shows a cancelled sale read-only. */
export function SaleDetails({ trashed = false }: { trashed?: boolean }) {
  const { amount: screenAmount, decimal } = useLocaleFormat();
  const translate = useTranslate();
  const createPath = useCreatePath();
  const enumLabel = useEnumLabel();
  const { refetch } = useShowContext<SaleRecord>();
  const sale = useRecordContext<SaleRecord>();
  const rights = useSaleRights(sale);
  // The sale's figures and its units are drawn as soon as it arrives; the sections below them (each with calls of its
  // own) in the render right after, which React interrupts for nothing more urgent.
  const sectionsShown = useDeferredValue(sale !== undefined, false);
  if (!sale) return null;
  const f = (k: string) => translate(`resources.sales.fields.${k}`);
  const money = (v: number | null | undefined) => screenAmount(v, sale.currency);
  return (
    <Box>
      <CardContent>
        <Grid container spacing={2}>
          <DetailItem label={f('contract_no')}>{sale.contract_no}</DetailItem>
          <DetailItem label={f('status')}>
            <SaleStatusChip status={sale.status} />
          </DetailItem>
          <DetailItem label={f('building_name')}>{sale.building_name}</DetailItem>
          <DetailItem label={f('customer_name')}>
            <Link to={createPath({ resource: 'customers', id: sale.customer_id, type: 'show' })}>
              {sale.customer_name}
            </Link>
            {sale.customer_personal_number ? ` · ${sale.customer_personal_number}` : ''}
          </DetailItem>
          <DetailItem label={f('price')}>{money(sale.price)}</DetailItem>
          <DetailItem label={f('paid_total')}>
            <span>{money(sale.paid_total)}</span> ({sale.paid_percent}%)
          </DetailItem>
          <DetailItem label={f('remaining')}>
            <span>{money(sale.remaining)}</span>
          </DetailItem>
          <DetailItem label={f('amount_overdue')}>
            {sale.amount_overdue > 0
              ? `${money(sale.amount_overdue)} · ${sale.days_late} ${f('days_late').toLowerCase()}`
              : null}
          </DetailItem>
          <DetailItem label={f('next_due_date')}>
            {sale.next_due_date && (
              <>
                {<DateField source="next_due_date" record={sale} />} · {money(sale.next_due_amount)}
              </>
            )}
          </DetailItem>
          <DetailItem label={f('contract_type')}>{enumLabel('contract_type', sale.contract_type)}</DetailItem>
          <DetailItem label={f('payment_type')}>
            {translate(`sales.payment_type.${sale.payment_type}`, { _: sale.payment_type })}
          </DetailItem>
          <DetailItem label={f('contract_language')}>
            {translate(`sales.contract_language.${sale.contract_language}`, { _: sale.contract_language })}
          </DetailItem>
          <DetailItem label={f('contract_start_date')}>
            <DateField source="contract_start_date" record={sale} />
          </DetailItem>
          <DetailItem label={f('contract_end_date')}>
            {sale.contract_end_date && <DateField source="contract_end_date" record={sale} />}
          </DetailItem>
          <DetailItem label={f('user_name')}>{sale.user_name}</DetailItem>
          <DetailItem label={f('currency_rate')}>{decimal(sale.currency_rate, RATE_DECIMALS)}</DetailItem>
          <DetailItem label={f('renovation_price')}>
            {sale.renovation_price
              ? `${money(sale.renovation_price)} · ${f('renovation_paid')}: ${money(sale.renovation_paid)}`
              : null}
          </DetailItem>
          <DetailItem label={f('activity_type')}>{sale.activity_type}</DetailItem>
          {sale.customer_change_date && (
            <DetailItem label={f('customer_change_reason')}>
              <DateField source="customer_change_date" record={sale} /> · {sale.customer_change_reason}
            </DetailItem>
          )}
          {sale.cancellation_date && (
            <DetailItem label={f('cancellation_reason')}>
              <DateField source="cancellation_date" record={sale} /> · {sale.cancellation_reason}
            </DetailItem>
          )}
          <DetailItem label={f('note')}>{sale.note}</DetailItem>
        </Grid>
      </CardContent>

      <SaleUnits sale={sale} />
      {sectionsShown && <SaleSections sale={sale} trashed={trashed} rights={rights} onChanged={() => void refetch()} />}
    </Box>
  );
}

/** The sale page's sections below its units: the agent, custom fields, schedule, payments, renovation, files, … */
function SaleSections({
  sale,
  trashed,
  rights,
  onChanged,
}: {
  sale: SaleRecord;
  trashed: boolean;
  rights: ReturnType<typeof useSaleRights>;
  onChanged: () => void;
}) {
  const translate = useTranslate();
  const t = (k: string) => translate(`sales.${k}`);
  return (
    <>
      <Section title={t('agent')}>
        <AgentSection sale={sale} canEdit={rights.edit && !trashed} onChanged={onChanged} />
      </Section>

      <CustomFieldsSection recordKind="sale" id={sale.id} />

      <SaleSchedule sale={sale} trashed={trashed} />

      <SalePayments sale={sale} onChanged={onChanged} />

      {!trashed && <RenovationSection sale={sale} onChanged={onChanged} />}

      <Section title={t('files')}>
        {trashed ? (
          <OwnerFiles resource="sales/trashed" ownerId={sale.id} canEdit={false} />
        ) : (
          <OwnerFiles resource="sales" ownerId={sale.id} canEdit={rights.files} />
        )}
      </Section>

      <Section title={t('history')}>
        <History sale={sale} />
      </Section>

      {!trashed && rights.messages && (
        <Section title={translate('customer_messages.sale_log')}>
          <SaleMessages sale={sale} />
        </Section>
      )}

      {!trashed && (
        <Section title={t('comments')}>
          <Comments model="sale" modelId={sale.id} />
        </Section>
      )}
    </>
  );
}

function SaleTitle() {
  const translate = useTranslate();
  const sale = useRecordContext<SaleRecord>();
  return <>{sale ? translate('sales.title', { contract_no: sale.contract_no }) : ''}</>;
}

/** /sales/{id}: the sale page where a new sale lands. */
export function SaleShow() {
  return (
    <Show resource="sales" actions={<SaleActions />} title={<SaleTitle />}>
      <SaleDetails />
    </Show>
  );
}

/** /trashed-sales/{id}/show: a cancelled sale, read-only. */
export function TrashedSaleShow() {
  return (
    <Show
      resource="trashed-sales"
      actions={
        <TopToolbar>
          <ListButton />
        </TopToolbar>
      }
      title={<SaleTitle />}
    >
      <SaleDetails trashed />
    </Show>
  );
}
