import { useEffect, useId, useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  TextField,
  Typography,
} from '@mui/material';
import PrintIcon from '@mui/icons-material/Print';
import { useNotify, useTranslate, type Identifier } from 'react-admin';
import type { ContractOptions, SaleContract } from '../../../domain/contracts/templates';
import { DOC_TEMPLATE_TYPES, TEMPLATE_LANGUAGES, type DocTemplateType } from '../../../domain/documentPlaceholders';
import { useCan } from '../../layout/useCan';
import type { ContractRequest } from '../../providers/calls/templates';
import { useAppData } from '../../providers/useAppData';
import { useDateFormat } from '../../widgets/dateFormat';
import { useFormatMoment } from '../../widgets/DateField';

/** The kinds the sale page's own buttons print; "print a document" opens on the first other kind with a template. */
const OWN_BUTTONS: readonly DocTemplateType[] = ['contract', 'pre_contract'];

const download = (url: string, name?: string) => {
  const link = document.createElement('a');
  link.href = url;
  if (name) link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
};

/** One of the print dialog's choices: a small select. */
function Choice(props: {
  label: string;
  value: string;
  width: number;
  onChange: (value: string) => void;
  options: Array<{ value: string; label: string }>;
}) {
  return (
    <TextField
      select
      size="small"
      label={props.label}
      value={props.value}
      onChange={(e) => props.onChange(e.target.value)}
      sx={{ minWidth: props.width }}
    >
      {props.options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The filled document as it will print, and the fields it has no value for. */
function Preview({ preview, error }: { preview?: { html: string; missing: string[] }; error: Error | null }) {
  const translate = useTranslate();
  const missing = preview?.missing ?? [];
  const titleId = useId();
  return (
    <Box component="section" aria-labelledby={titleId}>
      <Typography variant="subtitle2" id={titleId}>
        {translate('templates.print.preview')}
      </Typography>
      {preview &&
        (missing.length ? (
          <Alert severity="warning">
            {translate('templates.print.missing', { names: missing.map((m) => `{${m}}`).join(', ') })}
          </Alert>
        ) : (
          <Alert severity="success">{translate('templates.print.complete')}</Alert>
        ))}
      {error && <Alert severity="error">{error.message}</Alert>}
      <Box
        sx={{
          border: 1,
          borderColor: 'divider',
          p: 2,
          mt: 1,
          maxHeight: '45vh',
          overflow: 'auto',
          '& img': { maxWidth: '100%' },
        }}
        dangerouslySetInnerHTML={{ __html: preview?.html ?? '' }}
      />
    </Box>
  );
}

/** The sale's last prints, to download again. */
function PrintedBefore({ contracts }: { contracts: SaleContract[] }) {
  const translate = useTranslate();
  const formatMoment = useFormatMoment();
  if (!contracts.length) return null;
  return (
    <Box sx={{ mt: 1 }}>
      <Typography variant="subtitle2">{translate('templates.print.earlier')}</Typography>
      {contracts.slice(0, 5).map((c) => (
        <Typography key={c.id} variant="body2">
          <a href={c.url ?? undefined} download={c.original_name}>
            {c.original_name}
          </a>{' '}
          — {c.template_name}, {c.created_by_name ?? ''}, {formatMoment(c.created_at)}
        </Typography>
      ))}
    </Box>
  );
}

/**
 * The dialog's choice of kind, template and language: a template in the sale's contract language first, that language
 * by default; without a kind asked for, the first kind other than the contracts that has a template.
 */
function useTemplateChoice(options: ContractOptions | undefined, initial: DocTemplateType | null) {
  const [chosenKind, setKind] = useState<DocTemplateType | null>(initial);
  const kind: DocTemplateType =
    chosenKind ??
    DOC_TEMPLATE_TYPES.find((k) => !OWN_BUTTONS.includes(k) && options?.templates.some((t) => t.type === k)) ??
    'payment_schedule';
  const templates = useMemo(() => (options?.templates ?? []).filter((t) => t.type === kind), [options, kind]);
  const [templateKey, setTemplateKey] = useState('');
  const [locale, setLocale] = useState('');
  useEffect(() => {
    if (!options || templateKey) return;
    const language = options.contract_language;
    const first = templates.find((t) => t.language === language) ?? templates[0];
    if (first) setTemplateKey(`${first.kind}:${first.id}`);
    setLocale(language ?? first?.language ?? 'ka');
  }, [options, templates, templateKey]);
  return { kind, setKind, templates, templateKey, setTemplateKey, locale, setLocale };
}

/**
 * The print dialog: the document's kind, its template and language (the sale's contract language first), the preview,
 * .docx and PDF. `initial` null opens it on the first kind other than the contracts that has a template.
 */
function PrintContractDialog({
  saleId,
  initial,
  onClose,
}: {
  saleId: Identifier;
  initial: DocTemplateType | null;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const provider = useAppData();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [dateFormat] = useDateFormat();
  const options = useQuery({ queryKey: ['contract-options', saleId], queryFn: () => provider.contractOptions(saleId) });
  const { kind, setKind, templates, templateKey, setTemplateKey, locale, setLocale } = useTemplateChoice(
    options.data,
    initial,
  );
  const [printed, setPrinted] = useState<SaleContract | null>(null);
  const [busy, setBusy] = useState<'docx' | 'pdf' | null>(null);

  const request: ContractRequest | null = useMemo(() => {
    if (!templateKey || !locale) return null;
    const [template_kind, template_id] = templateKey.split(':') as ['word' | 'doc', string];
    return { template_kind, template_id, locale, date_format: dateFormat };
  }, [templateKey, locale, dateFormat]);

  const preview = useQuery({
    queryKey: ['contract-preview', saleId, request],
    queryFn: () => provider.contractPreview(saleId, request!),
    enabled: request !== null,
  });

  const choose = (next: () => void) => {
    next();
    setPrinted(null);
  };

  /** Prints once per choice: the .docx is kept with the sale's files, the PDF is made from that same file. */
  const print = async () => {
    if (printed) return printed;
    const contract = await provider.printContract(saleId, request!);
    setPrinted(contract);
    notify('templates.print.generated', { type: 'success' });
    void queryClient.invalidateQueries({ queryKey: ['contract-options', saleId] });
    return contract;
  };

  const run = async (what: 'docx' | 'pdf') => {
    setBusy(what);
    try {
      const contract = await print();
      if (what === 'docx' && contract.url) download(contract.url, contract.original_name);
      if (what === 'pdf')
        download(
          (await provider.contractPdf(saleId, contract.id)).url,
          contract.original_name.replace(/\.docx$/i, '.pdf'),
        );
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setBusy(null);
    }
  };

  const pdfAvailable = options.data?.pdf_available ?? false;
  const templateLabel = (t: (typeof templates)[number]) =>
    `${t.name} (${t.kind === 'word' ? 'Word' : translate('templates.doc_tab')}, ` +
    `${translate(`templates.languages.${t.language}`)})`;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md">
      <DialogTitle>{translate('templates.print.title', { kind: translate(`templates.types.${kind}`) })}</DialogTitle>
      <DialogContent>
        {options.isPending ? (
          <CircularProgress size={24} />
        ) : (
          <>
            <Box sx={{ display: 'flex', gap: 2, my: 1, flexWrap: 'wrap' }}>
              <Choice
                label={translate('templates.print.kind')}
                value={kind}
                width={200}
                onChange={(value) => choose(() => (setKind(value as DocTemplateType), setTemplateKey('')))}
                options={DOC_TEMPLATE_TYPES.map((k) => ({ value: k, label: translate(`templates.types.${k}`) }))}
              />
              {templates.length > 0 && (
                <>
                  <Choice
                    label={translate('templates.print.template')}
                    value={templateKey}
                    width={280}
                    onChange={(value) => choose(() => setTemplateKey(value))}
                    options={templates.map((t) => ({ value: `${t.kind}:${t.id}`, label: templateLabel(t) }))}
                  />
                  <Choice
                    label={translate('templates.print.language')}
                    value={locale}
                    width={160}
                    onChange={(value) => choose(() => setLocale(value))}
                    options={TEMPLATE_LANGUAGES.map((l) => ({
                      value: l,
                      label: translate(`templates.languages.${l}`),
                    }))}
                  />
                </>
              )}
            </Box>
            {templates.length === 0 && <Alert severity="info">{translate('templates.print.no_templates')}</Alert>}
            {templates.length > 0 && <Preview preview={preview.data} error={preview.error} />}
            <PrintedBefore contracts={options.data?.contracts ?? []} />
            {!pdfAvailable && (
              <Alert severity="info" sx={{ mt: 1 }}>
                {translate('templates.print.pdf_unavailable')}
              </Alert>
            )}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.close')}</Button>
        <Button variant="outlined" disabled={!request || busy !== null} onClick={() => void run('docx')}>
          {translate('templates.print.docx')}
        </Button>
        <Button
          variant="contained"
          disabled={!request || busy !== null || !pdfAvailable}
          onClick={() => void run('pdf')}
          title={pdfAvailable ? undefined : translate('templates.print.pdf_unavailable')}
        >
          {pdfAvailable ? translate('templates.print.pdf') : translate('templates.print.pdf_unavailable')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The sale page's "print contract", "print pre-contract" and "print a document" (a schedule, an invoice, ...). */
export function PrintContractButtons({ saleId }: { saleId: Identifier }) {
  const translate = useTranslate();
  const can = useCan();
  const [open, setOpen] = useState<{ kind: DocTemplateType | null } | null>(null);
  if (!can('contracts', 'create')) return null;
  const button = (kind: DocTemplateType | null, label: string) => (
    <Button size="small" startIcon={<PrintIcon />} onClick={() => setOpen({ kind })}>
      {translate(label)}
    </Button>
  );
  return (
    <>
      {button('contract', 'templates.print.contract')}
      {button('pre_contract', 'templates.print.pre_contract')}
      {button(null, 'templates.print.document')}
      {open && <PrintContractDialog saleId={saleId} initial={open.kind} onClose={() => setOpen(null)} />}
    </>
  );
}
