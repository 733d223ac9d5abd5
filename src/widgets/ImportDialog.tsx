import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Link,
  List,
  ListItem,
  Typography,
} from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { HttpError, useLogoutIfAccessDenied, useTranslate } from 'react-admin';
import { AlertDialog } from './AlertDialog';
import { storedLocale } from '../providers/i18nProvider';
import { session } from '../providers/session';

export interface UploadAnswer<T = unknown> {
  status: number;
  body: T & { message?: string; errors?: Record<string, string[]> };
}

/** A 401 from a raw request (an upload, a download) as the data provider's calls reject with it. */
const signedOut = (message: string) => new HttpError(message, 401);

/**
 * Sends a form through XMLHttpRequest so the upload reports progress (0-100); the bearer token and the language
 * ride along as on every other call. Resolves with the status and parsed body whatever the status, except a 401,
 * which rejects as every other call's does (the caller hands it to react-admin's useLogoutIfAccessDenied).
 */
export function uploadWithProgress<T = unknown>(
  url: string,
  form: FormData,
  onProgress: (percent: number) => void,
  method = 'POST',
): Promise<UploadAnswer<T>> {
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
      if (xhr.status === 401) reject(signedOut(body.message ?? xhr.statusText));
      else resolve({ status: xhr.status, body });
    };
    xhr.onerror = () => reject(new Error('network'));
    xhr.send(form);
  });
}

/** Downloads a file that needs the bearer token, saving it under `filename`. */
export async function downloadWithToken(url: string, filename: string) {
  const token = session.token();
  const response = await fetch(url, {
    headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), 'Content-Language': storedLocale() },
  });
  if (response.status === 401) throw signedOut(response.statusText);
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

export interface ImportAnswerData {
  imported: number;
  [detail: string]: unknown;
}

export interface ImportDialogProps {
  /** The API resource: the file goes to /api/<resource>/import unless `url` says otherwise. */
  resource: string;
  /** Where the file is posted; defaults to /api/<resource>/import. */
  url?: string;
  /** Where the template is downloaded from; defaults to <url>/template. */
  templateUrl?: string;
  /** Form fields sent beside the file (e.g. the sale the rows belong to). */
  fields?: Record<string, string>;
  /** Title key; defaults to imports.title. */
  title?: string;
  /** The success text for what the server answered; defaults to imports.imported with the count. */
  resultText?: (data: ImportAnswerData) => string;
  open: boolean;
  onClose: () => void;
  onImported?: (count: number) => void;
}

/** The import dialog: choose an .xlsx, upload it with progress, then the imported count or every bad row. */
export function ImportDialog({
  resource,
  url,
  templateUrl,
  fields,
  title,
  resultText,
  open,
  onClose,
  onImported,
}: ImportDialogProps) {
  const translate = useTranslate();
  const logoutIfSignedOut = useLogoutIfAccessDenied();
  const endpoint = url ?? `/api/${resource}/import`;
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [imported, setImported] = useState<ImportAnswerData | null>(null);
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
    for (const [name, value] of Object.entries(fields ?? {})) form.append(name, value);
    form.append('file', file);
    setProgress(0);
    try {
      const answer = await uploadWithProgress<{ data?: ImportAnswerData }>(endpoint, form, setProgress);
      if (answer.status < 300 && answer.body.data) {
        setImported(answer.body.data);
        onImported?.(answer.body.data.imported);
      } else {
        const fieldErrors = answer.body.errors ?? {};
        setErrors([
          ...(fieldErrors.rows ?? []),
          ...Object.entries(fieldErrors).flatMap(([field, messages]) => (field === 'rows' ? [] : messages)),
        ]);
        setMessage(
          fieldErrors.rows
            ? translate('imports.failed')
            : (answer.body.message ?? translate('ra.notification.http_error')),
        );
      }
    } catch (error) {
      // a lost session signs the user out like every other call; anything else is a failed request
      if (!(await logoutIfSignedOut(error))) setMessage(translate('ra.notification.http_error'));
    } finally {
      setProgress(null);
    }
  };

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby="import-dialog-title">
      <DialogTitle id="import-dialog-title">{translate(title ?? 'imports.title')}</DialogTitle>
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
          onClick={() =>
            void downloadWithToken(templateUrl ?? `${endpoint}/template`, `${resource}-template.xlsx`).catch(
              async (error) => {
                if (!(await logoutIfSignedOut(error))) setMessage(translate('ra.notification.http_error'));
              },
            )
          }
        >
          {translate('imports.template')}
        </Link>
        {progress !== null && <LinearProgress variant="determinate" value={progress} sx={{ mt: 2 }} />}
        {imported !== null && (
          <Alert severity="success" sx={{ mt: 2 }} data-testid="import-result">
            {resultText ? resultText(imported) : translate('imports.imported', { count: imported.imported })}
          </Alert>
        )}
        {message && errors.length === 0 && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {message}
          </Alert>
        )}
        <AlertDialog
          active={errors.length > 0}
          mode="error"
          title="imports.failed_title"
          text={
            <div>
              {message}
              <List dense>
                {errors.map((e) => (
                  <ListItem key={e} disableGutters>
                    {e}
                  </ListItem>
                ))}
              </List>
            </div>
          }
          onClose={() => setErrors([])}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{translate('imports.close')}</Button>
        <Button
          variant="contained"
          disabled={!file || progress !== null}
          onClick={() => void send()}
          data-testid="import-send"
        >
          {translate('imports.upload')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
