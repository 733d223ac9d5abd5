import { useRef, useState } from 'react';
import { Alert, Box, Button, MenuItem, TextField, Typography } from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useNotify, useTranslate } from 'react-admin';
import { TEMPLATE_LANGUAGES } from '../../../domain/documentPlaceholders';
import { useCan } from '../../layout/useCan';
import { useAppData } from '../../providers/useAppData';
import { useUploadFailed } from '../../widgets/useUploadFailed';
import { RefreshTemplatesButton, TemplatesTable } from './TemplatesTable';
import { useRefreshTemplates, useTemplateVocabulary, useWordTemplates } from './useTemplates';

/**
 * Upload a .docx: its name, type and language; a refused file shows the server's message (the broken or unknown tag).
 */
function UploadForm() {
  const translate = useTranslate();
  const provider = useAppData();
  const notify = useNotify();
  const uploadFailed = useUploadFailed();
  const refresh = useRefreshTemplates();
  const { types } = useTemplateVocabulary();
  const input = useRef<HTMLInputElement>(null);
  const [name, setName] = useState('');
  const [type, setType] = useState('contract');
  const [language, setLanguage] = useState('ka');
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const upload = async () => {
    if (!file) return;
    const form = new FormData();
    if (name.trim()) form.append('name', name.trim());
    form.append('type', type);
    form.append('language', language);
    form.append('file', file);
    setBusy(true);
    setError(null);
    try {
      await provider.uploadWordTemplate(form);
      notify('templates.uploaded', { type: 'success' });
      setName('');
      setFile(null);
      await refresh('word-templates');
    } catch (e) {
      setError((e as Error).message);
      uploadFailed(file.name, (e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', my: 1 }}>
      <TextField
        size="small"
        label={translate('resources.word-templates.fields.name')}
        value={name}
        onChange={(e) => setName(e.target.value)}
      />
      <TextField
        size="small"
        select
        label={translate('resources.word-templates.fields.type')}
        value={type}
        onChange={(e) => setType(e.target.value)}
        sx={{ minWidth: 180 }}
      >
        {types.map((t) => (
          <MenuItem key={t.id} value={t.id}>
            {t.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        size="small"
        select
        label={translate('resources.word-templates.fields.language')}
        value={language}
        onChange={(e) => setLanguage(e.target.value)}
        sx={{ minWidth: 140 }}
      >
        {TEMPLATE_LANGUAGES.map((l) => (
          <MenuItem key={l} value={l}>
            {translate(`templates.languages.${l}`)}
          </MenuItem>
        ))}
      </TextField>
      <Button variant="outlined" onClick={() => input.current?.click()}>
        {file ? file.name : translate('resources.word-templates.fields.file')}
      </Button>
      <input
        ref={input}
        type="file"
        hidden
        accept=".docx,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
        onChange={(e) => setFile(e.target.files?.[0] ?? null)}
      />
      <Button variant="contained" startIcon={<UploadFileIcon />} disabled={!file || busy} onClick={() => void upload()}>
        {translate('templates.upload')}
      </Button>
      {error && (
        <Alert severity="error" sx={{ flexBasis: '100%' }}>
          {error}
        </Alert>
      )}
      <Typography variant="caption" color="text.secondary" sx={{ flexBasis: '100%' }}>
        {translate('templates.loop_help')}
      </Typography>
    </Box>
  );
}

/** The Word templates: upload, the cached list with each file's placeholders, delete with confirmation. */
export function WordTemplatesTab() {
  const can = useCan();
  const provider = useAppData();
  const templates = useWordTemplates();

  return (
    <TemplatesTable
      resource="word-templates"
      templates={templates}
      toolbar={
        <>
          {can('word-templates', 'create') && <UploadForm />}
          <RefreshTemplatesButton resource="word-templates" />
        </>
      }
      columns={[
        {
          field: 'original_name',
          cell: (template) =>
            template.url ? (
              <a href={template.url} download={template.original_name}>
                {template.original_name}
              </a>
            ) : (
              template.original_name
            ),
        },
        {
          field: 'tags',
          cell: (template) => template.tags.map((t) => `{${t}}`).join(' '),
          sx: { fontFamily: 'monospace', fontSize: 12 },
        },
      ]}
      remove={(id) => provider.deleteWordTemplate(id)}
    />
  );
}
