import { Fragment, useState } from 'react';
import { Button, Menu, MenuItem, Table, TableBody, TableCell, TableRow } from '@mui/material';
import SendIcon from '@mui/icons-material/Send';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import type { NotificationLog } from '../../../domain/contracts/customerMessages';
import type { ManualMessage } from '../../providers/calls/messages';
import { useCan } from '../../layout/useCan';
import { useAppData } from '../../providers/useAppData';
import {
  LogDetails,
  MessageStatusChip,
  NotifyDialog,
  ResendButton,
  SenderName,
  When,
} from '../notificationLogs/components';
import { Head } from './SaleSections';
import type { SaleRecord } from './types';

/** The sale's messages in the delivery log are read again after a send or a resend. */
const SALE_LOG_KEY = (saleId: number) => ['notification-logs', 'sale', saleId];

type Kind = ManualMessage['kind'];

/** The kinds staff may send about this sale: a reminder always, an overdue letter when late, payment news when paid. */
const kindsFor = (sale: SaleRecord): Kind[] => {
  const paid = (sale.payments ?? []).some((p) => !p.voided);
  return [
    'reminder',
    ...(sale.status === 'overdue' || sale.days_late > 0 ? (['overdue'] as const) : []),
    ...(paid ? (['payment_added', 'payment_changed'] as const) : []),
  ];
};

/** The sale page's "Notify the customer" menu: each entry opens the preview of that message, then sends it. */
export function NotifyCustomerButton({ sale }: { sale: SaleRecord }) {
  const can = useCan();
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [message, setMessage] = useState<ManualMessage | null>(null);
  if (!can('notification-logs', 'notify') || sale.status === 'canceled') return null;
  const pick = (kind: Kind) => {
    setAnchor(null);
    setMessage({ kind, saleId: sale.id } as ManualMessage);
  };
  return (
    <>
      <Button size="small" startIcon={<SendIcon />} onClick={(e) => setAnchor(e.currentTarget)} aria-haspopup="menu">
        {translate('customer_messages.notify')}
      </Button>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {kindsFor(sale).map((kind) => (
          <MenuItem key={kind} onClick={() => pick(kind)}>
            {translate(`customer_messages.notify_${kind}`)}
          </MenuItem>
        ))}
      </Menu>
      <NotifyDialog
        message={message}
        onClose={() => setMessage(null)}
        onSent={() => void queryClient.invalidateQueries({ queryKey: SALE_LOG_KEY(sale.id) })}
      />
    </>
  );
}

/** A row of the sale's messages; a click opens the text as sent, comments and a resend. */
function MessageRow({ log, onChanged }: { log: NotificationLog; onChanged: () => void }) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  return (
    <Fragment>
      <TableRow hover onClick={() => setOpen(!open)} sx={{ cursor: 'pointer' }} data-status={log.status}>
        <TableCell>
          <When iso={log.created_at} />
        </TableCell>
        <TableCell>{translate(`customer_messages.kinds.${log.type}`, { _: log.type })}</TableCell>
        <TableCell>{translate(`customer_messages.channels.${log.channel}`, { _: log.channel })}</TableCell>
        <TableCell>{log.recipient ?? '—'}</TableCell>
        <TableCell>
          <MessageStatusChip status={log.status} />
        </TableCell>
        <TableCell>{log.error_message}</TableCell>
        <TableCell>
          <SenderName log={log} />
        </TableCell>
        <TableCell align="right" onClick={(e) => e.stopPropagation()}>
          <ResendButton log={log} onResent={onChanged} />
        </TableCell>
      </TableRow>
      {open && (
        <TableRow>
          <TableCell colSpan={8}>
            <LogDetails log={log} onChanged={onChanged} />
          </TableCell>
        </TableRow>
      )}
    </Fragment>
  );
}

/** The sale page's "Messages to the customer": its rows of the delivery log, read again while some are queued. */
export function SaleMessages({ sale }: { sale: SaleRecord }) {
  const provider = useAppData();
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const { data = [] } = useQuery({
    queryKey: SALE_LOG_KEY(sale.id),
    queryFn: () =>
      provider.notificationLogs({ sale_id: sale.id, perpage: 50, sort: 'id', order: 'desc' }).then((a) => a.data),
    refetchInterval: (query) => (query.state.data?.some((l) => l.status === 'queued') ? 2000 : false),
  });
  const changed = () => void queryClient.invalidateQueries({ queryKey: SALE_LOG_KEY(sale.id) });
  if (!data.length) return <span style={{ opacity: 0.7 }}>{translate('customer_messages.no_messages')}</span>;
  const f = (k: string) => translate(`resources.notification-logs.fields.${k}`);
  return (
    <Table size="small">
      <Head
        cells={[
          f('created_at'),
          f('type'),
          f('channel'),
          f('recipient'),
          f('status'),
          f('error_message'),
          f('sender_name'),
          '',
        ]}
      />
      <TableBody>
        {data.map((log) => (
          <MessageRow key={log.id} log={log} onChanged={changed} />
        ))}
      </TableBody>
    </Table>
  );
}
