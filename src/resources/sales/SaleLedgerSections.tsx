import { Table, TableBody, TableCell, TableRow } from '@mui/material';
import { Link, useCreatePath, useTranslate } from 'react-admin';
import { AREA_DECIMALS, DateField, RATE_DECIMALS, useLocaleFormat } from '../../widgets';
import { useEnumLabel } from '../../widgets/choices';
import { InvoiceButton, PaymentActions } from '../payments';
import { SaleStatusChip } from './SaleStatusChip';
import type { SaleRecord } from './types';
import { Head, Nothing, Section } from './SaleSections';

/** The sale's units, each with its share of the price. */
export function SaleUnits({ sale }: { sale: SaleRecord }) {
  const translate = useTranslate();
  const { amount: screenAmount, decimal } = useLocaleFormat();
  const f = (k: string) => translate(`resources.sales.fields.${k}`);
  const t = (k: string) => translate(`sales.${k}`);
  const money = (v: number | null | undefined) => screenAmount(v, sale.currency);
  const createPath = useCreatePath();
  const enumLabel = useEnumLabel();
  return (
    <Section title={t('units')}>
      <Table size="small">
        <Head
          cells={[
            translate('resources.properties.fields.no'),
            translate('resources.properties.fields.block_name'),
            translate('resources.properties.fields.floor'),
            [translate('resources.properties.fields.area'), 'right'],
            translate('resources.properties.fields.type'),
            translate('resources.properties.fields.state'),
            [f('price'), 'right'],
          ]}
        />
        <TableBody>
          {sale.properties.map((u) => (
            <TableRow key={u.id}>
              <TableCell>
                <Link to={createPath({ resource: 'properties', id: u.id, type: 'show' })}>{u.no}</Link>
              </TableCell>
              <TableCell>{u.block_name ?? '—'}</TableCell>
              <TableCell>{u.floor}</TableCell>
              <TableCell align="right">{decimal(u.area, AREA_DECIMALS)}</TableCell>
              <TableCell>{enumLabel('property_type', u.type)}</TableCell>
              <TableCell>{enumLabel('property_state', u.state)}</TableCell>
              <TableCell align="right">{money(u.price)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Section>
  );
}

/** The sale's schedule: each installment due, paid and left, with an invoice for what is still owed. */
export function SaleSchedule({ sale, trashed }: { sale: SaleRecord; trashed: boolean }) {
  const translate = useTranslate();
  const { amount: screenAmount } = useLocaleFormat();
  const f = (k: string) => translate(`resources.sales.fields.${k}`);
  const t = (k: string) => translate(`sales.${k}`);
  const money = (v: number | null | undefined) => screenAmount(v, sale.currency);
  if (!sale.installments) return null;
  return (
    <Section title={t('schedule')}>
      {sale.installments.length === 0 ? (
        <Nothing />
      ) : (
        <Table size="small">
          <Head
            cells={[
              t('number'),
              t('due_date'),
              [t('amount'), 'right'],
              [t('paid'), 'right'],
              [t('remaining'), 'right'],
              f('status'),
              '',
            ]}
          />
          <TableBody>
            {sale.installments.map((row) => (
              <TableRow key={row.id} data-number={row.number} data-status={row.status}>
                <TableCell>{row.number}</TableCell>
                <TableCell>
                  <DateField source="due_date" record={row} />
                </TableCell>
                <TableCell align="right">{money(row.amount)}</TableCell>
                <TableCell align="right">{money(row.paid)}</TableCell>
                <TableCell align="right">{money(row.remaining)}</TableCell>
                <TableCell>
                  <SaleStatusChip status={row.status} vocabulary="installment_status" />
                </TableCell>
                <TableCell align="right">
                  {!trashed && row.remaining > 0 && <InvoiceButton saleId={sale.id} installmentId={row.id} />}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Section>
  );
}

/** The sale's payments, a voided one struck through, each with what may be done to it. */
export function SalePayments({ sale, onChanged }: { sale: SaleRecord; onChanged: () => void }) {
  const translate = useTranslate();
  const { amount: screenAmount, decimal } = useLocaleFormat();
  const f = (k: string) => translate(`resources.sales.fields.${k}`);
  const t = (k: string) => translate(`sales.${k}`);
  const money = (v: number | null | undefined) => screenAmount(v, sale.currency);
  if (!sale.payments) return null;
  return (
    <Section title={t('payments')}>
      {sale.payments.length === 0 ? (
        <Nothing />
      ) : (
        <Table size="small">
          <Head
            cells={[
              t('paid_on'),
              [t('amount'), 'right'],
              t('rate'),
              [t('credited'), 'right'],
              t('mode'),
              t('source'),
              t('created_by'),
              f('note'),
              '',
            ]}
          />
          <TableBody>
            {sale.payments.map((p) => (
              <TableRow
                key={p.id}
                sx={p.voided ? { '& td': { textDecoration: 'line-through', color: 'text.disabled' } } : undefined}
              >
                <TableCell>
                  <DateField source="paid_on" record={p} />
                </TableCell>
                <TableCell align="right">{screenAmount(p.amount, p.currency)}</TableCell>
                <TableCell align="right">{p.rate == null ? '—' : decimal(p.rate, RATE_DECIMALS)}</TableCell>
                <TableCell align="right">{money(p.credited)}</TableCell>
                <TableCell>{translate(`sales.payment_mode.${p.mode}`, { _: p.mode })}</TableCell>
                <TableCell>{translate(`sales.payment_source.${p.source}`, { _: p.source })}</TableCell>
                <TableCell>{p.created_by_name}</TableCell>
                <TableCell>
                  {p.note}
                  {p.voided ? ` (${t('voided')})` : ''}
                </TableCell>
                <TableCell align="right" sx={{ textDecoration: 'none !important' }}>
                  <PaymentActions sale={sale} payment={p} voided={p.voided} onChanged={onChanged} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Section>
  );
}
