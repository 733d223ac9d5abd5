import { useEffect, useRef, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  LinearProgress,
  Stack,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useNotify, useTranslate, type HttpError } from 'react-admin';
import type { MessagePreview, MessagesWritten } from '../../../domain/contracts/customerMessages';
import type { MessageChannel } from '../../../domain/customerMessages';
import { useOpenedOnce } from '../../widgets';
import type { ManualMessage } from '../../providers/calls/messages';
import { useAppData } from '../../providers/useAppData';
import { newIdempotencyKey } from '../payments/http';
import { SmsLengthNote } from './SmsLengthNote';

/** The toast after a send: how many were queued (and skipped). */
export function sentNotice(written: MessagesWritten): [string, Record<string, number>] {
  const count = written.filter((w) => w.status === 'queued').length;
  const skipped = written.length - count;
  if (!count) return ['customer_messages.nothing_sent', {}];
  return skipped ? ['customer_messages.sent_skipped', { count, skipped }] : ['customer_messages.sent', { count }];
}

function ChannelPreview({
  channel,
  checked,
  onChange,
}: {
  channel: MessagePreview['channels'][number];
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const translate = useTranslate();
  const f = (k: string) => translate(`resources.notification-logs.fields.${k}`);
  return (
    <Box
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}
      role="group"
      aria-label={translate(`customer_messages.channels.${channel.channel}`)}
      data-testid={`preview-${channel.channel}`}
      data-available={channel.available}
    >
      <FormControlLabel
        control={
          <Checkbox
            checked={checked}
            disabled={!channel.available}
            onChange={(e) => onChange(e.target.checked)}
            slotProps={{ input: { 'aria-label': translate(`customer_messages.channels.${channel.channel}`) } }}
          />
        }
        label={translate(`customer_messages.channels.${channel.channel}`)}
      />
      {!channel.available && channel.reason && (
        <Typography variant="body2" color="warning.main">
          {translate('customer_messages.unreachable', { reason: translate(channel.reason, { _: channel.reason }) })}
        </Typography>
      )}
      {channel.recipient && (
        <Typography variant="body2">
          {f('recipient')}: <strong>{channel.recipient}</strong>
        </Typography>
      )}
      {channel.subject && (
        <Typography variant="body2">
          {f('subject')}: <strong>{channel.subject}</strong>
        </Typography>
      )}
      <Typography
        variant="body2"
        sx={{
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
          bgcolor: 'action.hover',
          p: 1,
          mt: 0.5,
          borderRadius: 1,
        }}
        data-testid="preview-body"
      >
        {channel.body}
      </Typography>
      {channel.channel === 'sms' && <SmsLengthNote text={channel.body} />}
    </Box>
  );
}

/**
 * A message to the customer by hand: the server's preview of each channel (who it reaches, the subject and text,
 * or why a channel cannot reach them), the channels to use, then Send. One Idempotency-Key per opening, so a
 * repeated click sends once; a refusal takes a new one.
 */
export function NotifyDialog(props: NotifyDialogProps) {
  return useOpenedOnce(props.message !== null) ? <OpenedNotifyDialog {...props} /> : null;
}

interface NotifyDialogProps {
  /** The message to preview and send; null: the dialog is closed. */
  message: ManualMessage | null;
  onClose: () => void;
  onSent?: (written: MessagesWritten) => void;
}

function OpenedNotifyDialog({ message, onClose, onSent }: NotifyDialogProps) {
  const provider = useAppData();
  const translate = useTranslate();
  const notify = useNotify();
  const open = message !== null;
  const [key, setKey] = useState(newIdempotencyKey);
  const [chosen, setChosen] = useState<MessageChannel[]>([]);
  const [busy, setBusy] = useState(false);
  // a second click (before the button shows disabled, or while the dialog closes) must not send again
  const sending = useRef(false);
  useEffect(() => {
    if (!open) return;
    setKey(newIdempotencyKey());
    sending.current = false;
  }, [open]);
  const { data: preview, error } = useQuery({
    queryKey: ['message-preview', message],
    queryFn: () => provider.messagePreview(message!),
    enabled: open,
    retry: false,
    gcTime: 0,
  });
  useEffect(() => {
    setChosen(preview ? preview.channels.filter((c) => c.available).map((c) => c.channel) : []);
  }, [preview]);

  const send = async () => {
    if (!message || sending.current) return;
    sending.current = true;
    setBusy(true);
    try {
      const written = await provider.sendManualMessage(message, chosen, key);
      const [text, args] = sentNotice(written);
      notify(text, { type: args.count ? 'success' : 'warning', messageArgs: args });
      onClose();
      onSent?.(written);
    } catch (failure) {
      const httpError = failure as HttpError;
      if (httpError.status >= 400 && httpError.status < 500) setKey(newIdempotencyKey());
      notify(httpError.message || 'ra.notification.http_error', { type: 'error' });
      sending.current = false;
    } finally {
      setBusy(false);
    }
  };

  const kind = message ? translate(`customer_messages.kinds.${message.kind}`) : '';
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      maxWidth="md"
      fullWidth
      aria-labelledby="notify-dialog-title"
      onClick={(event) => event.stopPropagation()}
    >
      <DialogTitle id="notify-dialog-title">
        {preview ? translate('customer_messages.preview_title', { kind, customer: preview.customer_name }) : kind}
      </DialogTitle>
      <DialogContent>
        {!preview && !error && <LinearProgress />}
        {error && <Alert severity="error">{(error as HttpError).message}</Alert>}
        {preview && (
          <Stack gap={1.5}>
            <Typography variant="body2" color="text.secondary">
              {translate('resources.notification-logs.fields.contract_no')}: {preview.contract_no} ·{' '}
              {translate('resources.notification-logs.fields.locale')}:{' '}
              {translate(`languages.${preview.locale}`, { _: preview.locale })}
            </Typography>
            {preview.no_marketing && (
              <Alert severity="info" data-testid="no-marketing-note">
                {translate('customer_messages.no_marketing_note')}
              </Alert>
            )}
            {preview.channels.map((channel) => (
              <ChannelPreview
                key={channel.channel}
                channel={channel}
                checked={chosen.includes(channel.channel)}
                onChange={(on) =>
                  setChosen((list) =>
                    on ? [...new Set([...list, channel.channel])] : list.filter((c) => c !== channel.channel),
                  )
                }
              />
            ))}
            {!preview.channels.some((c) => c.available) && (
              <Alert severity="warning">{translate('customer_messages.nothing_sent')}</Alert>
            )}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {translate('ra.action.cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={() => void send()}
          disabled={busy || !preview || chosen.length === 0}
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
          data-testid="notify-send"
        >
          {translate('customer_messages.send')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
