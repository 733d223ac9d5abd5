import { Button, Grid, Stack } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import {
  Link,
  ListButton,
  Show,
  TopToolbar,
  useNotify,
  useRedirect,
  useShowContext,
  useTranslate,
  type HttpError,
} from 'react-admin';
import type { ContainerDetail } from '../../../domain/contracts/containers';
import { useCan } from '../../layout/useCan';
import { useAppData } from '../../providers/useAppData';
import { DetailItem } from '../../widgets/DetailItem';
import { Section } from '../sales/SaleSections';
import { OwnerFiles } from '../../widgets/OwnerFiles';
import { DateField, useConfirm, useLocaleFormat } from '../../widgets';
import { InvoiceButton } from '../payments';
import {
  ContainerStatus,
  RenovationPayButton,
  RenovationPaymentsTable,
  RenovationScheduleButton,
  RenovationScheduleTable,
  ServicesTable,
} from './RenovationParts';

/** Delete the container: refused by the server (409, its message shown) while it holds payments. */
function DeleteContainerButton({ container }: { container: ContainerDetail }) {
  const provider = useAppData();
  const translate = useTranslate();
  const notify = useNotify();
  const confirm = useConfirm();
  const redirect = useRedirect();
  const can = useCan();
  if (!can('service-containers', 'delete')) return null;
  const remove = async () => {
    if (!(await confirm(translate('containers.delete_container')))) return;
    try {
      await provider.deleteContainer(container.id);
      notify('app.deleted', { type: 'success' });
      redirect('list', 'service-containers');
    } catch (failure) {
      notify((failure as HttpError).message || 'app.delete_failed', { type: 'error' });
    }
  };
  return (
    <Button size="small" color="error" startIcon={<DeleteIcon />} onClick={() => void remove()}>
      {translate('containers.delete_container')}
    </Button>
  );
}

function Actions() {
  const { record, refetch } = useShowContext<ContainerDetail>();
  return (
    <TopToolbar>
      <ListButton />
      {record && <RenovationPayButton container={record} onPaid={() => void refetch()} />}
      {record && <RenovationScheduleButton container={record} onDone={() => void refetch()} />}
      {record && record.debt > 0 && <InvoiceButton saleId={record.sale_id} renovation />}
      {record && <DeleteContainerButton container={record} />}
    </TopToolbar>
  );
}

function ContainerDetails() {
  const { amount: screenAmount } = useLocaleFormat();
  const { record, refetch } = useShowContext<ContainerDetail>();
  const translate = useTranslate();
  const can = useCan();
  // the list's row is shown first while the container itself loads: it has no services, schedule or payments yet
  if (!record?.items) return null;
  const f = (k: string) => translate(`resources.service-containers.fields.${k}`);
  const c = (k: string) => translate(`containers.${k}`);
  const money = (amount: number) => screenAmount(amount, record.currency);
  return (
    <>
      <Section title={`${translate('containers.renovation')} #${record.id}`}>
        <Grid container spacing={2}>
          <DetailItem label={f('contract_no')}>
            <Link to={`/sales/${record.sale_id}/show`}>{record.contract_no}</Link>
          </DetailItem>
          <DetailItem label={f('customer_name')}>{record.customer_name}</DetailItem>
          <DetailItem label={f('building_name')}>{record.building_name}</DetailItem>
          <DetailItem label={f('status')}>
            <ContainerStatus status={record.status} />
          </DetailItem>
          <DetailItem label={f('price')}>{money(record.price)}</DetailItem>
          <DetailItem label={f('paid')}>{money(record.paid)}</DetailItem>
          <DetailItem label={f('debt')}>{money(record.debt)}</DetailItem>
          <DetailItem label={f('first_payment_date')}>
            <DateField source="first_payment_date" record={record} />
          </DetailItem>
          {record.note && <DetailItem label={f('note')}>{record.note}</DetailItem>}
        </Grid>
      </Section>
      <Section title={c('services')}>
        <ServicesTable container={record} />
      </Section>
      <Section title={c('schedule')}>
        <RenovationScheduleTable container={record} />
      </Section>
      <Section title={c('payments')}>
        <RenovationPaymentsTable payments={record.payments} onChanged={() => void refetch()} />
      </Section>
      <Section title={c('files')}>
        <Stack>
          <OwnerFiles resource="containers" ownerId={record.id} canEdit={can('service-containers', 'files')} />
        </Stack>
      </Section>
    </>
  );
}

/** A renovation container: the sale it belongs to, its services, its own schedule, its payments and its files. */
export function ContainerShow() {
  return (
    <Show actions={<Actions />} component="div">
      <ContainerDetails />
    </Show>
  );
}
