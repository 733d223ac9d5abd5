import { useId, useMemo, useRef, useState } from 'react';
import {
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Grid,
  Stack,
  Tab,
  Tabs,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Title, useNotify, useTranslate, type HttpError } from 'react-admin';
import { KIND_PLACEHOLDERS, MESSAGE_KINDS, renderTemplate, type MessageKind } from '../../../domain/customerMessages';
import type { MessageTemplate } from '../../../domain/contracts/customerMessages';
import { LOCALES, type Locale } from '../../../i18n/locales';
import { useCan } from '../../layout/useCan';
import { useAppData } from '../../providers/useAppData';
import { SmsLengthNote } from '../notificationLogs/components';
import { RulesPanel } from './RulesPanel';
import { sampleValues } from './samples';

type Field = 'subject' | 'body' | 'sms';
type Text = Pick<MessageTemplate, Field>;
const FIELDS: Field[] = ['subject', 'body', 'sms'];
const TEMPLATES_KEY = ['notification-templates'];

/** The live preview of a template with made-up values: the email's subject and text, the SMS and its length. */
function Preview({ text, locale }: { text: Text; locale: Locale }) {
  const translate = useTranslate();
  const values = useMemo(() => sampleValues(locale), [locale]);
  const titleId = useId();
  const sms = renderTemplate(text.sms, values);
  const box = {
    whiteSpace: 'pre-wrap',
    overflowWrap: 'anywhere',
    bgcolor: 'action.hover',
    p: 1,
    borderRadius: 1,
  } as const;
  return (
    <Stack gap={1} component="section" aria-labelledby={titleId}>
      <Typography variant="subtitle2" id={titleId}>
        {translate('customer_messages.preview')}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {translate('customer_messages.channels.email')}
      </Typography>
      <Typography variant="body2" fontWeight={600}>
        {renderTemplate(text.subject, values)}
      </Typography>
      <Typography variant="body2" sx={box} data-testid="preview-body">
        {renderTemplate(text.body, values)}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {translate('customer_messages.channels.sms')}
      </Typography>
      <Typography variant="body2" sx={box} data-testid="preview-sms">
        {sms}
      </Typography>
      <SmsLengthNote text={sms} />
    </Stack>
  );
}

/** One template's editor: subject, email text and SMS text, the kind's placeholders (inserted at the cursor), Save. */
function TemplateEditor({ template, canEdit }: { template: MessageTemplate; canEdit: boolean }) {
  const provider = useAppData();
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [text, setText] = useState<Text>({ subject: template.subject, body: template.body, sms: template.sms });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | HTMLTextAreaElement | null>>>({});
  const lastField = useRef<Field>('body');
  const dirty = FIELDS.some((f) => text[f] !== template[f]);

  /** Puts `{name}` where the cursor was in the field last used (the email text when none was), and copies it. */
  const insert = (name: string) => {
    const token = `{${name}}`;
    void navigator.clipboard?.writeText(token).catch(() => undefined);
    if (!canEdit) return;
    const field = lastField.current;
    const input = inputs.current[field];
    const value = text[field];
    const start = input?.selectionStart ?? value.length;
    const end = input?.selectionEnd ?? start;
    setText({ ...text, [field]: value.slice(0, start) + token + value.slice(end) });
    requestAnimationFrame(() => {
      input?.focus();
      input?.setSelectionRange(start + token.length, start + token.length);
    });
  };

  const save = async () => {
    setBusy(true);
    try {
      await provider.saveMessageTemplate(template.id, text);
      setErrors({});
      notify('customer_messages.saved', { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: TEMPLATES_KEY });
    } catch (failure) {
      const error = failure as HttpError;
      const fields = (error.body as { errors?: Record<string, string> } | undefined)?.errors ?? {};
      setErrors(Object.fromEntries(FIELDS.filter((f) => fields[f]).map((f) => [f, fields[f]])));
      notify(error.message || 'ra.notification.http_error', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const field = (name: Field, rows?: number) => (
    <TextField
      label={translate(`resources.notification-templates.fields.${name}`)}
      value={text[name]}
      onChange={(e) => setText({ ...text, [name]: e.target.value })}
      onFocus={() => (lastField.current = name)}
      inputRef={(el: HTMLInputElement | HTMLTextAreaElement | null) => {
        inputs.current[name] = el;
      }}
      error={Boolean(errors[name])}
      helperText={errors[name] ?? (name === 'sms' ? <SmsLengthNote component="span" text={text.sms} /> : undefined)}
      multiline={rows !== undefined}
      minRows={rows}
      fullWidth
      disabled={!canEdit}
      slotProps={{ htmlInput: { 'data-testid': `template-${name}` } }}
    />
  );

  return (
    <Grid container spacing={3}>
      <Grid size={{ xs: 12, md: 7 }}>
        <Stack gap={2}>
          {field('subject')}
          {field('body', 8)}
          {field('sms', 3)}
          <Box>
            <Typography variant="subtitle2">{translate('customer_messages.placeholders')}</Typography>
            <Typography variant="caption" color="text.secondary" component="div" sx={{ mb: 1 }}>
              {translate('customer_messages.placeholders_hint')}
            </Typography>
            <Stack direction="row" gap={1} flexWrap="wrap">
              {KIND_PLACEHOLDERS[template.kind].map((name) => (
                <Chip
                  key={name}
                  label={`{${name}}`}
                  size="small"
                  variant="outlined"
                  // keep the cursor in the field while the chip is clicked
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => insert(name)}
                  data-testid={`placeholder-${name}`}
                />
              ))}
            </Stack>
          </Box>
          {canEdit && (
            <Box>
              <Button
                variant="contained"
                onClick={() => void save()}
                disabled={busy || !dirty}
                data-testid="template-save"
              >
                {translate('ra.action.save')}
              </Button>
            </Box>
          )}
        </Stack>
      </Grid>
      <Grid size={{ xs: 12, md: 5 }} sx={{ minWidth: 0 }}>
        <Preview text={text} locale={template.locale as Locale} />
      </Grid>
    </Grid>
  );
}

/**
 * /notification-templates: the text of each message to customers per reason and language, edited with a live preview
 * (domain renderTemplate over made-up values), and the rules of the daily run.
 */
export function TemplatesPage() {
  const provider = useAppData();
  const translate = useTranslate();
  const can = useCan();
  const canEdit = can('notification-templates', 'edit');
  const [kind, setKind] = useState<MessageKind>('reminder');
  const [locale, setLocale] = useState<Locale>('ka');
  const { data: templates = [] } = useQuery({ queryKey: TEMPLATES_KEY, queryFn: () => provider.messageTemplates() });
  const template = templates.find((t) => t.kind === kind && t.locale === locale);
  return (
    <Stack gap={2} sx={{ mt: 2 }}>
      <Title title={translate('customer_messages.templates_title')} />
      <Card>
        <Tabs value={kind} onChange={(_, v: MessageKind) => setKind(v)} variant="scrollable">
          {MESSAGE_KINDS.map((k) => (
            <Tab key={k} value={k} label={translate(`customer_messages.kinds.${k}`)} data-testid={`kind-${k}`} />
          ))}
        </Tabs>
        <CardContent>
          <ToggleButtonGroup
            exclusive
            size="small"
            value={locale}
            onChange={(_, v: Locale | null) => v && setLocale(v)}
            aria-label={translate('resources.notification-templates.fields.locale')}
            sx={{ mb: 2 }}
          >
            {LOCALES.map((l) => (
              <ToggleButton key={l} value={l} data-testid={`locale-${l}`}>
                {translate(`languages.${l}`)}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
          {template && (
            <TemplateEditor key={`${template.id}-${template.updated_at}`} template={template} canEdit={canEdit} />
          )}
        </CardContent>
      </Card>
      <RulesPanel canEdit={canEdit} />
    </Stack>
  );
}
