import { useEffect, useState } from 'react';
import {
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  FormControlLabel,
  FormGroup,
  FormLabel,
  Grid,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify, useTranslate, type HttpError } from 'react-admin';
import { MESSAGE_CHANNELS, type MessageChannel } from '../../../domain/customerMessages';
import { useAppData } from '../../providers/useAppData';

const RULES_KEY = ['notification-rules'];

/** "1, 7, 30" as days (whole numbers 0–365); null when any part is not one. */
export const parseDays = (text: string): number[] | null => {
  const parts = text
    .split(/[\s,;]+/)
    .map((p) => p.trim())
    .filter(Boolean);
  if (!parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 365)) return null;
  return [...new Set(parts.map(Number))].sort((a, b) => a - b);
};

/** "When messages go": the daily run's reminder and overdue days and the channels it writes on. */
export function RulesPanel({ canEdit }: { canEdit: boolean }) {
  const provider = useAppData();
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { data: rules } = useQuery({ queryKey: RULES_KEY, queryFn: () => provider.messageRules() });
  const [reminder, setReminder] = useState('');
  const [overdue, setOverdue] = useState('');
  const [channels, setChannels] = useState<MessageChannel[]>([]);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!rules) return;
    setReminder(rules.reminder_days.join(', '));
    setOverdue(rules.overdue_days.join(', '));
    setChannels(rules.channels);
  }, [rules]);
  const reminderDays = parseDays(reminder);
  const overdueDays = parseDays(overdue);

  const save = async () => {
    if (!reminderDays || !overdueDays) return;
    setBusy(true);
    try {
      await provider.saveMessageRules({ reminder_days: reminderDays, overdue_days: overdueDays, channels });
      notify('customer_messages.saved', { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: RULES_KEY });
    } catch (failure) {
      notify((failure as HttpError).message || 'ra.notification.http_error', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const days = (label: string, value: string, set: (v: string) => void, valid: boolean, testId: string) => (
    <TextField
      label={translate(label)}
      value={value}
      onChange={(e) => set(e.target.value)}
      error={!valid}
      helperText={translate(valid ? 'customer_messages.days_hint' : 'customer_messages.days_invalid')}
      disabled={!canEdit}
      fullWidth
      slotProps={{ htmlInput: { 'data-testid': testId } }}
    />
  );

  return (
    <Card data-testid="message-rules">
      <CardContent>
        <Typography variant="h6" gutterBottom>
          {translate('customer_messages.rules_title')}
        </Typography>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 4 }}>
            {days('customer_messages.reminder_days', reminder, setReminder, Boolean(reminderDays), 'rules-reminder')}
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            {days('customer_messages.overdue_days', overdue, setOverdue, Boolean(overdueDays), 'rules-overdue')}
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <FormLabel component="legend">{translate('customer_messages.rule_channels')}</FormLabel>
            <FormGroup row>
              {MESSAGE_CHANNELS.map((channel) => (
                <FormControlLabel
                  key={channel}
                  label={translate(`customer_messages.channels.${channel}`)}
                  control={
                    <Checkbox
                      checked={channels.includes(channel)}
                      disabled={!canEdit}
                      onChange={(e) =>
                        setChannels(e.target.checked ? [...channels, channel] : channels.filter((c) => c !== channel))
                      }
                    />
                  }
                />
              ))}
            </FormGroup>
          </Grid>
        </Grid>
        {canEdit && (
          <Box sx={{ mt: 2 }}>
            <Button
              variant="contained"
              onClick={() => void save()}
              disabled={busy || !rules || !reminderDays || !overdueDays}
              data-testid="rules-save"
            >
              {translate('ra.action.save')}
            </Button>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
