import { useState } from 'react';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, LinearProgress, Link, List, ListItem, Typography } from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useTranslate } from 'react-admin';
import { storedLocale } from '../providers/i18nProvider';
import { session } from '../providers/session';

export interface UploadAnswer<T = unknown> {
  status: number;
  body: T & { message?: string; errors?: Record<string, string[]> };
}

/**
 * Sends a form through XMLHttpRequest so the upload reports progress (0-100); the bearer token and the language
 * ride along as on every other call. Resolves with the status and parsed body whatever the status.
 */
export function uploadWithProgress<T = unknown>(url: string, form: FormData, onProgress: (percent: number) => void, method = 'POST'): Promise<UploadAnswer<T>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    const token = session.token();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('Content-Language', storedLocale());
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      let body: UploadAnswer<T>['body'];
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : ({} as UploadAnswer<T>['body']);
      } catch {
        body = { message: xhr.statusText } as UploadAnswer<T>['body'];
      }
      onProgress(100);
      resolve({ status: xhr.status, body });
    };
    xhr.onerror = () => reject(new Error('network'));
    xhr.send(form);
  });
}

/** Downloads a file that needs the bearer token, saving it under `filename`. */
export async function downloadWithToken(url: string, filename: string) {
  const token = session.token();
  const response = await fetch(url, { headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), 'Content-Language': storedLocale() } });
  if (!response.ok) throw new Error(response.statusText);
  const blob = await response.blob();
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}

export interface ImportDialogProps {
  /** The API resource: the file goes to /api/<resource>/import. */
  resource: string;
  /** Where the template is downloaded from; defaults to /api/<resource>/import/template. */
  templateUrl?: string;
  open: boolean;
  onClose: () => void;
  onImported?: (count: number) => void;
}

/** SPEC §2's import dialog: choose an .xlsx, upload it with progress, then the imported count or every bad row. */
export function ImportDialog({ resource, templateUrl, open, onClose, onImported }: ImportDialogProps) {
  const translate = useTranslate();
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [imported, setImported] = useState<number | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [message, setMessage] = useState<string | null>(null);

  const reset = () => {
    setFile(null);
    setProgress(null);
    setImported(null);
    setErrors([]);
    setMessage(null);
  };
  const close = () => {
    reset();
    onClose();
  };

  const send = async () => {
    if (!file) return;
    setErrors([]);
    setMessage(null);
    setImported(null);
    const form = new FormData();
    form.append('file', file);
    setProgress(0);
    try {
      const answer = await uploadWithProgress<{ data?: { imported: number } }>(`/api/${resource}/import`, form, setProgress);
      if (answer.status < 300 && answer.body.data) {
        setImported(answer.body.data.imported);
        onImported?.(answer.body.data.imported);
      } else {
        setErrors([...(answer.body.errors?.rows ?? []), ...(answer.body.errors?.file ?? [])]);
        setMessage(answer.body.errors?.rows ? translate('imports.failed') : (answer.body.message ?? null));
      }
    } catch {
      setMessage(translate('ra.notification.http_error'));
    } finally {
      setProgress(null);
    }
  };

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby="import-dialog-title">
      <DialogTitle id="import-dialog-title">{translate('imports.title')}</DialogTitle>
      <DialogContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2, flexWrap: 'wrap' }}>
          <Button component="label" variant="outlined" startIcon={<UploadFileIcon />}>
            {translate('imports.choose')}
            <input
              hidden
              type="file"
              data-testid="import-file"
              accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              onChange={(e) => {
                reset();
                setFile(e.target.files?.[0] ?? null);
                e.target.value = '';
              }}
            />
          </Button>
          {file && <Typography variant="body2">{file.name}</Typography>}
        </Box>
        <Link
          component="button"
          type="button"
          onClick={() => void downloadWithToken(templateUrl ?? `/api/${resource}/import/template`, `${resource}-template.xlsx`)}
        >
          {translate('imports.template')}
        </Link>
        {progress !== null && <LinearProgress variant="determinate" value={progress} sx={{ mt: 2 }} />}
        {imported !== null && (
          <Alert severity="success" sx={{ mt: 2 }} data-testid="import-result">
            {translate('imports.imported', { count: imported })}
          </Alert>
        )}
        {message && (
          <Alert severity="error" sx={{ mt: 2 }} data-testid="import-errors">
            {message}
            {errors.length > 0 && (
              <List dense>
                {errors.map((e) => (
                  <ListItem key={e} disableGutters>
                    {e}
                  </ListItem>
                ))}
              </List>
            )}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{translate('imports.close')}</Button>
        <Button variant="contained" disabled={!file || progress !== null} onClick={() => void send()} data-testid="import-send">
          {translate('imports.upload')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
