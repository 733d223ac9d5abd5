import { useId, type ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import {
  Alert,
  Box,
  Button,
  Divider,
  GlobalStyles,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import PrintIcon from '@mui/icons-material/Print';
import { useTranslate } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { formatIsoDate } from '../../../domain/dateFormats';
import { normalisePhoneNumber } from '../../../domain/phone';
import { formatAmount, useDateFormat, Spinner } from '../../widgets';
import type { BankAccountDetails } from './types';
import { useAppData } from '../../providers/useAppData';

/** The app's frame (app bar, menu, footer) and whatever is marked no-print. */
const HIDDEN_ON_PAPER = [
  'header',
  '.MuiAppBar-root',
  '.MuiDrawer-root',
  '.RaSidebar-root',
  '.RaSidebar-docked',
  '.RaSidebar-fixed',
  '[data-testid="side-menu"]',
  '[data-testid="footer"]',
  '.no-print',
].join(', ');

/** On paper only the invoice: the app bar, menu, footer and buttons are hidden, the sheet is A4 without a shadow. */
const printRules = (
  <GlobalStyles
    styles={{
      '@page': { size: 'A4', margin: '15mm' },
      '@media print': {
        [HIDDEN_ON_PAPER]: { display: 'none !important' },
        'body, .RaLayout-content, .RaLayout-appFrame, .RaLayout-contentWithSidebar': {
          margin: '0 !important',
          padding: '0 !important',
          background: 'white !important',
        },
        '.invoice-sheet': {
          boxShadow: 'none !important',
          border: 'none !important',
          width: 'auto !important',
          minHeight: 'auto !important',
          padding: '0 !important',
        },
      },
    }}
  />
);

function Line({ label, children }: { label: string; children: ReactNode }) {
  if (children == null || children === '') return null;
  return (
    <Typography variant="body2">
      <Box component="span" sx={{ color: 'text.secondary' }}>
        {label}:
      </Box>{' '}
      {children}
    </Typography>
  );
}

function BankAccounts({ accounts }: { accounts: BankAccountDetails[] }) {
  const translate = useTranslate();
  if (!accounts.length) return <Alert severity="warning">{translate('invoices.no_accounts')}</Alert>;
  return (
    <Stack gap={1.5} component="section" aria-label={translate('invoices.bank_accounts')}>
      {accounts.map((a, index) => (
        <Box key={`${a.bank_name}-${a.iban}-${index}`} sx={{ breakInside: 'avoid' }}>
          <Typography variant="subtitle2">
            {a.bank_name}
            {a.block_name ? ` · ${a.block_name}` : ''}
          </Typography>
          <Line label={translate('invoices.bank_code')}>{a.bank_code}</Line>
          <Line label={translate('invoices.iban_gel')}>{a.iban}</Line>
          <Line label={translate('invoices.iban_usd')}>{a.iban_usd}</Line>
          <Line label={translate('invoices.iban_eur')}>{a.iban_eur}</Line>
          <Line label={translate('invoices.mediator_usd')}>{a.mediator_bank_usd}</Line>
          <Line label={translate('invoices.mediator_eur')}>{a.mediator_bank_eur}</Line>
        </Box>
      ))}
    </Stack>
  );
}

/** A phone as printed: +995 555 12 34 56 (one typed before numbers were checked stays as typed). */
const phone = (raw: string | null) => (raw ? (normalisePhoneNumber(raw) ?? raw) : null);

/** /invoices/{id}/print: the invoice on an A4 sheet, with a Print button. */
export function InvoicePrint() {
  const { id } = useParams();
  const translate = useTranslate();
  const [dateFormat] = useDateFormat();
  const provider = useAppData();
  const titleId = useId();
  // Its own query, not react-admin's getOne: a visit to the list leaves its rows (no sale, no units) in getOne's cache.
  const {
    data: invoice,
    isPending,
    error,
  } = useQuery({ queryKey: ['invoices', 'print', id], queryFn: () => provider.invoice(Number(id)) });
  if (isPending) return <Spinner />;
  if (error || !invoice)
    return <Alert severity="error">{(error as Error | null)?.message ?? translate('ra.page.not_found')}</Alert>;
  const day = (iso: string | null | undefined) => (iso ? formatIsoDate(iso, dateFormat) : '');
  const money = (amount: number) => formatAmount(amount, invoice.currency);
  const renovation = invoice.mode === 'renovation';
  const purpose = invoice.installment
    ? translate(renovation ? 'invoices.purpose_renovation_installment' : 'invoices.purpose_installment', {
        number: invoice.installment.number,
        contract: invoice.sale.contract_no,
        date: day(invoice.installment.due_date),
      })
    : translate(renovation ? 'invoices.purpose_renovation_balance' : 'invoices.purpose_balance', {
        contract: invoice.sale.contract_no,
      });

  return (
    <Box sx={{ py: 2 }}>
      {printRules}
      <Stack
        direction="row"
        justifyContent="flex-end"
        className="no-print"
        sx={{ mb: 2, maxWidth: '210mm', mx: 'auto' }}
      >
        <Button variant="contained" startIcon={<PrintIcon />} onClick={() => window.print()}>
          {translate('invoices.print')}
        </Button>
      </Stack>
      <Paper
        component="article"
        aria-labelledby={titleId}
        className="invoice-sheet"
        sx={{ width: '210mm', maxWidth: '100%', minHeight: '297mm', mx: 'auto', p: '15mm', boxSizing: 'border-box' }}
      >
        <Stack direction="row" justifyContent="space-between" alignItems="flex-start" sx={{ mb: 3 }}>
          <Box>
            <Typography variant="h5" component="h1" id={titleId}>
              {translate('invoices.title', { number: invoice.number })}
            </Typography>
            <Line label={translate('resources.invoices.fields.issued_on')}>{day(invoice.issued_on)}</Line>
            <Line label={translate('resources.invoices.fields.due_date')}>{day(invoice.due_date)}</Line>
          </Box>
          <Box sx={{ textAlign: 'right' }}>
            <Typography variant="subtitle1" fontWeight={600}>
              {invoice.building.company_name}
            </Typography>
            <Typography variant="body2">{invoice.building.name}</Typography>
          </Box>
        </Stack>

        <Stack direction="row" gap={4} sx={{ mb: 3 }}>
          <Box sx={{ flex: 1 }}>
            <Typography variant="overline">{translate('invoices.seller')}</Typography>
            <Typography variant="body2" fontWeight={600}>
              {invoice.building.company_name}
            </Typography>
            <Line label={translate('invoices.company_id')}>{invoice.building.company_id}</Line>
            <Line label={translate('invoices.address')}>{invoice.building.address}</Line>
            <Line label={translate('invoices.phone')}>{phone(invoice.building.phone)}</Line>
            <Line label={translate('invoices.email')}>{invoice.building.email}</Line>
          </Box>
          <Box sx={{ flex: 1 }}>
            <Typography variant="overline">{translate('invoices.buyer')}</Typography>
            <Typography variant="body2" fontWeight={600}>
              {invoice.customer.name}
            </Typography>
            <Line label={translate('invoices.personal_number')}>{invoice.customer.personal_number}</Line>
            <Line label={translate('invoices.address')}>{invoice.customer.address}</Line>
            <Line label={translate('invoices.phone')}>{phone(invoice.customer.phone)}</Line>
          </Box>
        </Stack>

        <Typography variant="overline">{translate('invoices.units')}</Typography>
        <Table size="small" sx={{ mb: 3 }}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('invoices.block')}</TableCell>
              <TableCell>{translate('invoices.unit_no')}</TableCell>
              <TableCell>{translate('invoices.floor')}</TableCell>
              <TableCell align="right">{translate('invoices.area')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {invoice.properties.map((p, index) => (
              <TableRow key={`${p.block_name}-${p.no}-${index}`}>
                <TableCell>{p.block_name}</TableCell>
                <TableCell>{p.no}</TableCell>
                <TableCell>{p.floor}</TableCell>
                <TableCell align="right">{p.area}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>

        <Table size="small" sx={{ mb: 3 }}>
          <TableBody>
            <TableRow>
              <TableCell>{translate('invoices.purpose')}</TableCell>
              <TableCell align="right">{purpose}</TableCell>
            </TableRow>
            <TableRow>
              <TableCell>{translate(renovation ? 'invoices.renovation_price' : 'invoices.contract_price')}</TableCell>
              <TableCell align="right">{money(invoice.sale.price)}</TableCell>
            </TableRow>
            <TableRow>
              <TableCell>{translate('invoices.paid_so_far')}</TableCell>
              <TableCell align="right">{money(invoice.sale.paid_total)}</TableCell>
            </TableRow>
            <TableRow>
              <TableCell>{translate('invoices.remaining')}</TableCell>
              <TableCell align="right">{money(invoice.sale.remaining)}</TableCell>
            </TableRow>
            <TableRow>
              <TableCell sx={{ fontWeight: 700 }}>{translate('invoices.to_pay')}</TableCell>
              <TableCell align="right" sx={{ fontWeight: 700 }}>
                {money(invoice.amount)}
              </TableCell>
            </TableRow>
          </TableBody>
        </Table>
        {invoice.note && (
          <Typography variant="body2" sx={{ mb: 3, whiteSpace: 'pre-wrap' }}>
            {invoice.note}
          </Typography>
        )}

        <Divider sx={{ mb: 2 }} />
        <Typography variant="overline">{translate('invoices.bank_accounts')}</Typography>
        <BankAccounts accounts={invoice.bank_accounts} />
      </Paper>
    </Box>
  );
}
