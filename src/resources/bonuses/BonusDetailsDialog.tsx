import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Loading, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { useAppData } from '../../providers/useAppData';
import { DateField, useLocaleFormat } from '../../widgets';
import { GroupShare, useTierText } from './shared';

export interface BonusDetailsRequest {
  bonus_id: number;
  user_id: number;
  month: string;
  user_name: string | null;
}

interface RecordRow {
  key: number;
  saleId: number;
  contractNo: string | null;
  record: Record<string, unknown>;
  dateSource: string;
  amount: string;
  converted: number | string | null | undefined;
}

/** The sales or the payments behind a figure: contract, date, amount as recorded, and converted. */
function RecordsTable({ title, currency, rows }: { title: string; currency: string; rows: RecordRow[] }) {
  const { amount: formatAmount } = useLocaleFormat();
  const translate = useTranslate();
  return (
    <>
      <Typography variant="subtitle1" sx={{ mt: 2 }}>
        {title}
      </Typography>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{translate('bonuses.contract_no')}</TableCell>
            <TableCell>{translate('bonuses.date')}</TableCell>
            <TableCell align="right">{translate('bonuses.amount')}</TableCell>
            <TableCell align="right">{translate('bonuses.converted', { currency })}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.key}>
              <TableCell>
                <Link to={`/sales/${row.saleId}/show`}>{row.contractNo}</Link>
              </TableCell>
              <TableCell>
                <DateField record={row.record} source={row.dateSource} />
              </TableCell>
              <TableCell align="right">{row.amount}</TableCell>
              <TableCell align="right">{formatAmount(row.converted ?? '', currency)}</TableCell>
            </TableRow>
          ))}
          {!rows.length && (
            <TableRow>
              <TableCell colSpan={4}>{translate('bonuses.nothing')}</TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </>
  );
}

/** The drill-down of one manager's figure (POST /bonuses/calculateBonus): the sales and payments behind it. */
export function BonusDetailsDialog({ request, onClose }: { request: BonusDetailsRequest | null; onClose: () => void }) {
  const { amount: formatAmount, percent: percentText } = useLocaleFormat();
  const tierOf = useTierText();
  const translate = useTranslate();
  const provider = useAppData();
  const { data, isPending } = useQuery({
    queryKey: ['calculateBonus', request],
    queryFn: () => provider.calculateBonus(request!),
    enabled: request !== null,
  });
  const currency = data?.currency ?? '';
  return (
    <Dialog open={request !== null} onClose={onClose} maxWidth="md" fullWidth>
      <DialogTitle>
        {request?.user_name} — {data?.bonus_name} ({request?.month})
      </DialogTitle>
      <DialogContent>
        {isPending || !data ? (
          <Loading />
        ) : (
          <>
            {data.group ? (
              <Box sx={{ mb: 1 }}>
                <GroupShare schema={data} row={data} />
              </Box>
            ) : (
              <Typography sx={{ mb: 1 }}>
                {[
                  `${translate('bonuses.target')}: ${formatAmount(data.target ?? 0, currency)}`,
                  `${translate('bonuses.achieved')}: ${formatAmount(data.achieved, currency)}`,
                  percentText(data.achievement_percent),
                  tierOf(data.tier, currency),
                  `${translate('bonuses.bonus')}: ${formatAmount(data.bonus, currency)}`,
                ].join(' · ')}
              </Typography>
            )}
            <RecordsTable
              title={translate('bonuses.sales')}
              currency={currency}
              rows={data.sales.map((s) => ({
                key: s.id,
                saleId: s.id,
                contractNo: s.contract_no,
                record: s,
                dateSource: 'contract_start_date',
                amount: formatAmount(s.price, s.currency),
                converted: s.converted,
              }))}
            />
            <RecordsTable
              title={translate('bonuses.payments')}
              currency={currency}
              rows={data.payments.map((p) => ({
                key: p.id,
                saleId: p.sale_id,
                contractNo: p.contract_no,
                record: p,
                dateSource: 'paid_on',
                amount: formatAmount(p.amount, p.currency),
                converted: p.converted,
              }))}
            />
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
