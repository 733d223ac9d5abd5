import { useEffect, useMemo, useState } from 'react';
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
import type { SaleContract } from '../../../domain/contracts/templates';
import { TEMPLATE_LANGUAGES } from '../../../domain/documentPlaceholders';
import { useCan } from '../../layout/useCan';
import type { ContractRequest } from '../../providers/dataProvider';
import { useAppData } from '../../providers/useAppData';
import { useDateFormat } from '../../widgets/dateFormat';

type Kind = 'contract' | 'pre_contract';

const download = (url: string, name?: string) => {
  const link = document.createElement('a');
  link.href = url;
  if (name) link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
};

/** The print dialog: template and language (the sale's contract language first), the preview, .docx and PDF. */
function PrintContractDialog({ saleId, kind, onClose }: { saleId: Identifier; kind: Kind; onClose: () => void }) {
  const translate = useTranslate();
  const provider = useAppData();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [dateFormat] = useDateFormat();
  const options = useQuery({ queryKey: ['contract-options', saleId], queryFn: () => provider.contractOptions(saleId) });
  const templates = useMemo(() => (options.data?.templates ?? []).filter((t) => t.type === kind), [options.data, kind]);
  const [templateKey, setTemplateKey] = useState('');
  const [locale, setLocale] = useState('');
  const [printed, setPrinted] = useState<SaleContract | null>(null);
  const [busy, setBusy] = useState<'docx' | 'pdf' | null>(null);

  useEffect(() => {
    if (!options.data || templateKey) return;
    const language = options.data.contract_language;
    const first = templates.find((t) => t.language === language) ?? templates[0];
    if (first) setTemplateKey(`${first.kind}:${first.id}`);
    setLocale(language ?? first?.language ?? 'ka');
  }, [options.data, templates, templateKey]);

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
  const missing = preview.data?.missing ?? [];
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" data-testid="print-dialog">
      <DialogTitle>{translate(`templates.print.title_${kind}`)}</DialogTitle>
      <DialogContent>
        {options.isPending ? (
          <CircularProgress size={24} />
        ) : templates.length === 0 ? (
          <Alert severity="info">{translate('templates.print.no_templates')}</Alert>
        ) : (
          <>
            <Box sx={{ display: 'flex', gap: 2, my: 1, flexWrap: 'wrap' }}>
              <TextField
                select
                size="small"
                label={translate('templates.print.template')}
                value={templateKey}
                onChange={(e) => choose(() => setTemplateKey(e.target.value))}
                sx={{ minWidth: 280 }}
                slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'print-template' } as object } }}
              >
                {templates.map((t) => (
                  <MenuItem key={`${t.kind}:${t.id}`} value={`${t.kind}:${t.id}`}>
                    {t.name} ({t.kind === 'word' ? 'Word' : translate('templates.doc_tab')},{' '}
                    {translate(`templates.languages.${t.language}`)})
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                select
                size="small"
                label={translate('templates.print.language')}
                value={locale}
                onChange={(e) => choose(() => setLocale(e.target.value))}
                sx={{ minWidth: 160 }}
                slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'print-language' } as object } }}
              >
                {TEMPLATE_LANGUAGES.map((l) => (
                  <MenuItem key={l} value={l}>
                    {translate(`templates.languages.${l}`)}
                  </MenuItem>
                ))}
              </TextField>
            </Box>
            <Typography variant="subtitle2">{translate('templates.print.preview')}</Typography>
            {preview.data &&
              (missing.length ? (
                <Alert severity="warning" data-testid="print-missing">
                  {translate('templates.print.missing', { names: missing.map((m) => `{${m}}`).join(', ') })}
                </Alert>
              ) : (
                <Alert severity="success" data-testid="print-missing">
                  {translate('templates.print.complete')}
                </Alert>
              ))}
            {preview.error && <Alert severity="error">{(preview.error as Error).message}</Alert>}
            <Box
              data-testid="print-preview"
              sx={{
                border: 1,
                borderColor: 'divider',
                p: 2,
                mt: 1,
                maxHeight: '45vh',
                overflow: 'auto',
                '& img': { maxWidth: '100%' },
              }}
              dangerouslySetInnerHTML={{ __html: preview.data?.html ?? '' }}
            />
            {(options.data?.contracts.length ?? 0) > 0 && (
              <Box sx={{ mt: 1 }} data-testid="printed-before">
                <Typography variant="subtitle2">{translate('templates.print.earlier')}</Typography>
                {options.data!.contracts.slice(0, 5).map((c) => (
                  <Typography key={c.id} variant="body2">
                    <a href={c.url ?? undefined} download={c.original_name}>
                      {c.original_name}
                    </a>{' '}
                    — {c.template_name}, {c.created_by_name ?? ''}, {new Date(c.created_at).toLocaleString()}
                  </Typography>
                ))}
              </Box>
            )}
            {!pdfAvailable && (
              <Alert severity="info" sx={{ mt: 1 }} data-testid="pdf-unavailable">
                {translate('templates.print.pdf_unavailable')}
              </Alert>
            )}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.close')}</Button>
        <Button
          variant="outlined"
          disabled={!request || busy !== null}
          onClick={() => void run('docx')}
          data-testid="download-docx"
        >
          {translate('templates.print.docx')}
        </Button>
        <Button
          variant="contained"
          disabled={!request || busy !== null || !pdfAvailable}
          onClick={() => void run('pdf')}
          data-testid="download-pdf"
          title={pdfAvailable ? undefined : translate('templates.print.pdf_unavailable')}
        >
          {pdfAvailable ? translate('templates.print.pdf') : translate('templates.print.pdf_unavailable')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The sale page's "print contract" and "print pre-contract" actions. */
export function PrintContractButtons({ saleId }: { saleId: Identifier }) {
  const translate = useTranslate();
  const can = useCan();
  const [kind, setKind] = useState<Kind | null>(null);
  if (!can('contracts', 'create')) return null;
  return (
    <>
      <Button size="small" startIcon={<PrintIcon />} onClick={() => setKind('contract')} data-testid="print-contract">
        {translate('templates.print.contract')}
      </Button>
      <Button
        size="small"
        startIcon={<PrintIcon />}
        onClick={() => setKind('pre_contract')}
        data-testid="print-pre-contract"
      >
        {translate('templates.print.pre_contract')}
      </Button>
      {kind && <PrintContractDialog saleId={saleId} kind={kind} onClose={() => setKind(null)} />}
    </>
  );
}
