import { useEffect, useRef, useState } from 'react';
import {
  Alert,
  Button as MuiButton,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  TextField,
} from '@mui/material';
import SmsIcon from '@mui/icons-material/Sms';
import { Button, useListContext, useNotify, useTranslate, type HttpError } from 'react-admin';
import { useAppData } from '../../providers/useAppData';
import { newIdempotencyKey } from '../payments/http';
import { sentNotice, SmsLengthNote } from '../notificationLogs/components';

const MAX_LENGTH = 1000;

/**
 * The customers list's bulk action: a free-text SMS to the chosen customers (POST /sms); no-marketing ones are skipped.
 */
export function SendSmsButton() {
  const provider = useAppData();
  const translate = useTranslate();
  const notify = useNotify();
  const { selectedIds, onUnselectItems } = useListContext();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [key, setKey] = useState(newIdempotencyKey);
  const sending = useRef(false);
  useEffect(() => {
    if (!open) return;
    setKey(newIdempotencyKey());
    sending.current = false;
  }, [open]);
  const send = async () => {
    if (sending.current) return;
    sending.current = true;
    setBusy(true);
    try {
      const written = await provider.sendFreeSms(text.trim(), selectedIds, key);
      const [message, args] = sentNotice(written);
      notify(message, { type: args.count ? 'success' : 'warning', messageArgs: args });
      setOpen(false);
      setText('');
      onUnselectItems();
    } catch (failure) {
      const error = failure as HttpError;
      if (error.status >= 400 && error.status < 500) setKey(newIdempotencyKey());
      notify(error.message || 'ra.notification.http_error', { type: 'error' });
      sending.current = false;
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button label="customer_messages.free_sms" onClick={() => setOpen(true)}>
        <SmsIcon />
      </Button>
      <Dialog
        open={open}
        onClose={busy ? undefined : () => setOpen(false)}
        maxWidth="sm"
        fullWidth
        aria-labelledby="free-sms-title"
      >
        <DialogTitle id="free-sms-title">
          {translate('customer_messages.free_sms_title', { smart_count: selectedIds.length })}
        </DialogTitle>
        <DialogContent>
          <TextField
            label={translate('customer_messages.free_sms_text')}
            value={text}
            onChange={(e) => setText(e.target.value)}
            multiline
            minRows={3}
            fullWidth
            autoFocus
            sx={{ mt: 1 }}
            helperText={<SmsLengthNote component="span" text={text} />}
            slotProps={{ htmlInput: { maxLength: MAX_LENGTH, 'data-testid': 'free-sms-text' } }}
          />
          <Alert severity="info" sx={{ mt: 2 }}>
            {translate('customer_messages.free_sms_note')}
          </Alert>
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={() => setOpen(false)} disabled={busy}>
            {translate('ra.action.cancel')}
          </MuiButton>
          <MuiButton
            variant="contained"
            onClick={() => void send()}
            disabled={busy || !text.trim()}
            startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {translate('customer_messages.send')}
          </MuiButton>
        </DialogActions>
      </Dialog>
    </>
  );
}
