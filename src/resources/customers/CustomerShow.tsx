import { useState, type ReactNode } from 'react';
import {
  Box,
  Card,
  CardContent,
  Chip,
  Grid,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tabs,
  Typography,
} from '@mui/material';
import { EditButton, Link, ListButton, Show, TopToolbar, useRecordContext, useTranslate } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { useCan } from '../../layout/useCan';
import { Comments } from '../../widgets/Comments';
import { DateField, DeleteWithConfirmButton, LinkValue, useLocaleFormat } from '../../widgets';
import { useCountries, useCustomerChoices, type CustomerRecord } from './choices';
import { useAppData } from '../../providers/useAppData';
import { AddTaskButton } from '../tasks/AddTaskButton';
import { CustomFieldsSection } from '../customFields/CustomFieldValues';

/** The customer's sales (POST /sales/getSalesByCustomer), live and cancelled, each linking to its sale page. */
function CustomerSales({ customerId }: { customerId: number }) {
  const { amount: formatAmount } = useLocaleFormat();
  const provider = useAppData();
  const translate = useTranslate();
  const { data = [] } = useQuery({
    queryKey: ['sales', 'byCustomer', customerId],
    queryFn: () => provider.customerSales(customerId),
  });
  const f = (field: string) => translate(`resources.sales.fields.${field}`);
  return (
    <Rows
      head={[f('contract_no'), f('properties'), f('status'), f('contract_start_date'), f('price'), f('paid_total')]}
      rows={data.map((s) => [
        <Link key="no" to={`/sales/${s.id}`}>
          {s.contract_no}
        </Link>,
        `${s.building_name} · ${s.properties.map((p) => p.no).join(', ')}`,
        translate(`sales.status.${s.status}`, { _: s.status }),
        s.contract_start_date,
        `${formatAmount(s.price)} ${s.currency}`,
        `${formatAmount(s.paid_total)} ${s.currency}`,
      ])}
    />
  );
}

function Actions() {
  const can = useCan();
  const record = useRecordContext();
  return (
    <TopToolbar>
      <ListButton />
      {record && <AddTaskButton about={{ customer_id: Number(record.id) }} />}
      {can('customers', 'edit') && <EditButton />}
      {can('customers', 'delete') && <DeleteWithConfirmButton />}
    </TopToolbar>
  );
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Grid size={{ xs: 12, sm: 6, md: 4 }}>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="body2">{children || '—'}</Typography>
    </Grid>
  );
}

function Rows({ head, rows }: { head: string[]; rows: ReactNode[][] }) {
  const translate = useTranslate();
  if (!rows.length)
    return (
      <Typography variant="body2" color="text.secondary">
        {translate('customers.nothing')}
      </Typography>
    );
  return (
    <Table size="small">
      <TableHead>
        <TableRow>
          {head.map((h) => (
            <TableCell key={h}>{h}</TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((cells, i) => (
          <TableRow key={i}>
            {cells.map((c, j) => (
              <TableCell key={j}>{c}</TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function Details({ record }: { record: CustomerRecord }) {
  const translate = useTranslate();
  const { nameOf } = useCountries();
  const { types, genders } = useCustomerChoices();
  const f = (field: string) => translate(`resources.customers.fields.${field}`);
  return (
    <Grid container spacing={2}>
      {record.no_marketing && (
        <Grid size={12}>
          <Chip
            color="warning"
            size="small"
            label={translate('customer_messages.no_marketing_field')}
            title={translate('customer_messages.no_marketing_help')}
          />
        </Grid>
      )}
      <Item label={f('type')}>{types.find((t) => t.id === record.type)?.name}</Item>
      <Item label={f('name_ka')}>{record.name_ka}</Item>
      <Item label={f('name_en')}>{record.name_en}</Item>
      <Item label={f('name_ru')}>{record.name_ru}</Item>
      {record.type === 'company' ? (
        <Item label={f('company_code')}>{record.company_code}</Item>
      ) : (
        <>
          <Item label={f('personal_number')}>{record.personal_number}</Item>
          <Item label={f('gender')}>{genders.find((g) => g.id === record.gender)?.name}</Item>
          <Item label={f('birth_date')}>{record.birth_date && <DateField source="birth_date" record={record} />}</Item>
        </>
      )}
      <Item label={f('country')}>{nameOf(record.country)}</Item>
      <Item label={f('citizenship')}>{nameOf(record.citizenship)}</Item>
      <Item label={f('address')}>{record.address}</Item>
      <Item label={f('phones')}>{record.phones?.length ? <LinkValue mode="phone" value={record.phones} /> : null}</Item>
      <Item label={f('emails')}>{record.emails?.length ? <LinkValue mode="email" value={record.emails} /> : null}</Item>
      <Item label={f('website')}>{record.website ? <LinkValue mode="url" value={record.website} /> : null}</Item>
      <Item label={f('info_source')}>{record.info_source}</Item>
      <Item label={f('responsible_user_name')}>{record.responsible_user_name}</Item>
      <Item label={f('created_by_name')}>{record.created_by_name}</Item>
      <Item label={f('note')}>{record.note}</Item>
    </Grid>
  );
}

function CustomerTabs() {
  const { amount: formatAmount } = useLocaleFormat();
  const provider = useAppData();
  const translate = useTranslate();
  const record = useRecordContext<CustomerRecord>();
  const [tab, setTab] = useState('details');
  const { data } = useQuery({
    queryKey: ['customers', 'related', record?.id],
    queryFn: () => provider.customerRelated(record!.id),
    enabled: Boolean(record),
  });
  if (!record) return null;
  const t = (key: string) => translate(`customers.${key}`);
  const money = (amount: number, currency: string) => `${formatAmount(amount)} ${currency}`;
  const unit = (r: { building_name: string; property_no: string }) => `${r.building_name} · ${r.property_no}`;
  return (
    <Card>
      <Tabs value={tab} onChange={(_, v) => setTab(v)} variant="scrollable">
        {['details', 'deals', 'payments', 'documents', 'comments'].map((k) => (
          <Tab key={k} value={k} label={t(`tab_${k}`)} />
        ))}
      </Tabs>
      <CardContent>
        {tab === 'details' && (
          <>
            <Details record={record} />
            <CustomFieldsSection recordKind="customer" id={record.id} />
          </>
        )}
        {tab === 'deals' && data && (
          <Box display="flex" flexDirection="column" gap={2}>
            <Typography variant="subtitle1">{translate('resources.sales.name', { smart_count: 2 })}</Typography>
            <CustomerSales customerId={record.id} />
            <Typography variant="subtitle1">{t('reservations')}</Typography>
            <Rows
              head={['ID', t('unit'), t('status'), t('date')]}
              rows={data.reservations.map((r) => [r.id, unit(r), r.status, r.hold_until])}
            />
            <Typography variant="subtitle1">{t('bookings')}</Typography>
            <Rows
              head={['ID', t('unit'), t('status'), t('date'), t('amount')]}
              rows={data.bookings.map((b) => [
                b.id,
                unit(b),
                b.status,
                `${b.period_from} – ${b.period_to}`,
                money(b.price, b.currency),
              ])}
            />
            <Typography variant="subtitle1">{t('barters')}</Typography>
            <Rows
              head={['ID', '', t('status'), t('date'), t('amount')]}
              rows={data.barters.map((b) => [b.id, b.counterparty, b.status, b.agreed_on, money(b.value, b.currency)])}
            />
          </Box>
        )}
        {tab === 'payments' && data && (
          <Rows
            head={['ID', t('date'), t('amount'), t('unit'), '']}
            rows={data.payments.map((p) => [
              p.id,
              p.paid_on,
              money(p.amount, p.currency),
              p.property_no ?? '',
              p.note ?? '',
            ])}
          />
        )}
        {tab === 'documents' && data && (
          <Rows
            head={[t('file'), t('date')]}
            rows={data.documents.map((d) => [
              d.url ? (
                <a href={d.url} target="_blank" rel="noreferrer">
                  {d.title || d.original_name}
                </a>
              ) : (
                d.original_name
              ),
              d.created_at.slice(0, 10),
            ])}
          />
        )}
        {tab === 'comments' && <Comments model="customer" modelId={record.id} />}
      </CardContent>
    </Card>
  );
}

/** The customer page: details, deals, advance payments, documents and comments. */
export function CustomerShow() {
  return (
    <Show actions={<Actions />} component="div">
      <CustomerTabs />
    </Show>
  );
}
