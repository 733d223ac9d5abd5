import { useRef, useState } from 'react';
import ReplayIcon from '@mui/icons-material/Replay';
import { Button, useNotify, useTranslate, type HttpError } from 'react-admin';
import type { NotificationLog } from '../../../domain/contracts/customerMessages';
import { useCan } from '../../layout/useCan';
import { useAppData } from '../../providers/useAppData';
import { ConfirmDialog } from '../../widgets';

/**
 * Sends a logged message again (a new row; the old one stays), after a confirmation. The server refuses with 409 a
 * row still being sent or one that had no recipient: its message is shown.
 */
export function ResendButton({ log, onResent }: { log: NotificationLog; onResent?: () => void }) {
  const can = useCan();
  const provider = useAppData();
  const translate = useTranslate();
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const sending = useRef(false);
  if (!can('notification-logs', 'notify') || log.status === 'queued') return null;
  const resend = async () => {
    if (sending.current) return;
    sending.current = true;
    setBusy(true);
    try {
      await provider.resendNotificationLog(log.id);
      notify('customer_messages.resent', { type: 'success' });
      setOpen(false);
      onResent?.();
    } catch (failure) {
      notify((failure as HttpError).message || 'ra.notification.http_error', { type: 'error' });
      setOpen(false);
    } finally {
      sending.current = false;
      setBusy(false);
    }
  };
  return (
    <>
      <Button
        label="customer_messages.resend"
        onClick={(event) => {
          event.stopPropagation();
          setOpen(true);
        }}
      >
        <ReplayIcon />
      </Button>
      <ConfirmDialog
        open={open}
        title="customer_messages.resend_title"
        text={translate('customer_messages.resend_confirm', { recipient: log.recipient ?? '—' })}
        loading={busy}
        onClose={() => setOpen(false)}
        onConfirm={() => void resend()}
      />
    </>
  );
}
