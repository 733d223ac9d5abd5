import { useId, useState } from 'react';
import { Box, Button as MuiButton, Grid, Stack, TextField, Typography } from '@mui/material';
import { useNotify, useRecordContext, useRefresh, useTranslate, type HttpError } from 'react-admin';
import type { NotificationLog } from '../../../domain/contracts/customerMessages';
import { useAppData } from '../../providers/useAppData';
import { formatIsoDate } from '../../../domain/dateFormats';
import { DetailItem, toIsoDay, useDateFormat, useLocaleFormat } from '../../widgets';
import { ResendButton } from './ResendButton';

/** When something happened: the day in the user's format and the time. */
export function When({ iso }: { iso: string | null }) {
  const [dateFormat] = useDateFormat();
  const { time } = useLocaleFormat();
  const day = iso ? toIsoDay(new Date(iso)) : null;
  if (!iso || !day) return null;
  return <span style={{ whiteSpace: 'nowrap' }}>{`${formatIsoDate(day, dateFormat)} ${time(iso)}`}</span>;
}

/** Who sent it: the member of staff, or "System" for the daily run. */
export function SenderName({ log }: { log: NotificationLog }) {
  const translate = useTranslate();
  if (!log.manual) return <>{translate('customer_messages.system')}</>;
  return <>{log.sender_name ?? '—'}</>;
}

/** Staff's comments on a logged message, and a field to add one. */
function LogComments({ log, onChanged }: { log: NotificationLog; onChanged: () => void }) {
  const provider = useAppData();
  const translate = useTranslate();
  const notify = useNotify();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const add = async () => {
    setBusy(true);
    try {
      await provider.commentNotificationLog(log.id, text.trim());
      setText('');
      onChanged();
    } catch (failure) {
      notify((failure as HttpError).message || 'ra.notification.http_error', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box>
      <Typography variant="subtitle2">{translate('customer_messages.comments')}</Typography>
      {log.comments.map((c) => (
        <Typography key={c.id} variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          <When iso={c.created_at} /> · {c.author_name}: {c.body}
        </Typography>
      ))}
      <Stack direction="row" gap={1} alignItems="flex-start" sx={{ mt: 1 }}>
        <TextField
          size="small"
          label={translate('customer_messages.comment')}
          value={text}
          onChange={(e) => setText(e.target.value)}
          multiline
          fullWidth
          slotProps={{ htmlInput: { maxLength: 2000, 'data-testid': 'message-comment-input' } }}
        />
        <MuiButton
          variant="outlined"
          disabled={busy || !text.trim()}
          onClick={() => void add()}
          sx={{ whiteSpace: 'nowrap' }}
        >
          {translate('customer_messages.add_comment')}
        </MuiButton>
      </Stack>
    </Box>
  );
}

/** Everything about one logged message: the text as sent, the provider's answer, comments and a resend. */
export function LogDetails({ log, onChanged }: { log: NotificationLog; onChanged: () => void }) {
  const translate = useTranslate();
  const f = (k: string) => translate(`resources.notification-logs.fields.${k}`);
  const bodyId = useId();
  return (
    <Stack gap={2} sx={{ p: 1 }} onClick={(e) => e.stopPropagation()}>
      <Grid container spacing={2}>
        <DetailItem label={f('recipient')}>{log.recipient}</DetailItem>
        <DetailItem label={f('locale')}>{translate(`languages.${log.locale}`, { _: log.locale })}</DetailItem>
        <DetailItem label={f('provider_message_id')}>{log.provider_message_id}</DetailItem>
        <DetailItem label={f('segments')}>{log.segments}</DetailItem>
        <DetailItem label={f('started_at')}>
          <When iso={log.started_at} />
        </DetailItem>
        <DetailItem label={f('delivered_at')}>
          <When iso={log.delivered_at} />
        </DetailItem>
        {log.error_message && <DetailItem label={f('error_message')}>{log.error_message}</DetailItem>}
      </Grid>
      {log.subject && (
        <Box>
          <Typography variant="caption" color="text.secondary">
            {f('subject')}
          </Typography>
          <Typography variant="body2">{log.subject}</Typography>
        </Box>
      )}
      <Box role="group" aria-labelledby={bodyId}>
        <Typography variant="caption" color="text.secondary" id={bodyId}>
          {f('body')}
        </Typography>
        <Typography
          variant="body2"
          sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', bgcolor: 'action.hover', p: 1, borderRadius: 1 }}
        >
          {log.body}
        </Typography>
      </Box>
      <LogComments log={log} onChanged={onChanged} />
      <Box>
        <ResendButton log={log} onResent={onChanged} />
      </Box>
    </Stack>
  );
}

/** The delivery log's row panel (Datagrid expand). */
export function LogPanel() {
  const record = useRecordContext<NotificationLog>();
  const refresh = useRefresh();
  if (!record) return null;
  return <LogDetails log={record} onChanged={refresh} />;
}
