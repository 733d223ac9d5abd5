import { useCallback, useEffect, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  LinearProgress,
  Link,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import ToggleOffIcon from '@mui/icons-material/ToggleOff';
import ToggleOnIcon from '@mui/icons-material/ToggleOn';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useLogoutIfAccessDenied, useNotify, useTranslate } from 'react-admin';
import { useConfirm } from './ConfirmProvider';
import { formatIsoDate } from '../../domain/dateFormats';
import { useDateFormat } from './dateFormat';
import { useLocaleFormat } from './localeFormat';
import { uploadWithProgress } from './ImportDialog';
import { useUploadFailed } from './useUploadFailed';
import { useAppData } from '../providers/useAppData';
import type { OwnerFile } from '../../domain/contracts/attachments';
export type { OwnerFile } from '../../domain/contracts/attachments';

export interface OwnerFilesProps {
  /** The API path of the owners: 'agents', 'barter' or 'sales'. */
  resource: 'agents' | 'barter' | 'sales' | 'sales/trashed' | 'containers';
  ownerId: number | string;
  canEdit: boolean;
}

const ACCEPT = '.pdf,.png,.jpg,.jpeg,.webp,.gif,.doc,.docx,.xls,.xlsx';

const failure = (body: { message?: string; errors?: Record<string, string[]> }) =>
  Object.values(body.errors ?? {}).flat()[0] ?? body.message ?? '';

/** The files of an agent, barter or sale: list, upload with progress, rename or replace, (de)activate, delete. */
export function OwnerFiles({ resource, ownerId, canEdit }: OwnerFilesProps) {
  const provider = useAppData();
  const translate = useTranslate();
  const logoutIfSignedOut = useLogoutIfAccessDenied();
  const notify = useNotify();
  const confirm = useConfirm();
  const uploadFailed = useUploadFailed();
  const base = `/${resource}/${ownerId}`;
  const [files, setFiles] = useState<OwnerFile[] | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState<OwnerFile | null>(null);

  const load = useCallback(async () => {
    setFiles(await provider.ownerFiles(base));
  }, [provider, base]);
  useEffect(() => {
    void load().catch(() => setFiles([]));
  }, [load]);

  const send = async (path: string, form: FormData) => {
    const file = form.get('file');
    const fileName = file instanceof File ? file.name : null;
    setError(null);
    setProgress(0);
    try {
      const answer = await uploadWithProgress(`/api${base}/${path}`, form, setProgress);
      if (answer.status >= 300) {
        setError(failure(answer.body));
        if (fileName) uploadFailed(fileName, failure(answer.body));
        return false;
      }
      await load();
      return true;
    } catch (error) {
      // a lost session signs the user out like every other call
      if (await logoutIfSignedOut(error)) return false;
      setError(translate('ra.notification.http_error'));
      if (fileName) uploadFailed(fileName);
      return false;
    } finally {
      setProgress(null);
    }
  };

  const upload = async (file: File) => {
    const form = new FormData();
    form.append('file', file);
    if (await send('addFile', form)) notify('owner_files.uploaded', { type: 'success' });
  };

  const setActive = async (file: OwnerFile, active: boolean) => {
    if (active) {
      const form = new FormData();
      form.append('_method', 'PUT');
      form.append('document_id', String(file.id));
      form.append('active', 'true');
      await send('updateFile', form);
    } else {
      await provider.deactivateOwnerFile(base, file.id);
      await load();
    }
  };

  const remove = async (file: OwnerFile) => {
    if (!(await confirm(translate('owner_files.confirm_delete', { name: file.original_name })))) return;
    await provider.deleteOwnerFile(base, file.id);
    await load();
  };

  return (
    <Box>
      {canEdit && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 1 }}>
          <Button
            component="label"
            size="small"
            variant="outlined"
            startIcon={<UploadFileIcon />}
            disabled={progress !== null}
          >
            {translate('owner_files.upload')}
            <input
              hidden
              type="file"
              accept={ACCEPT}
              onChange={(e) => {
                const file = e.target.files?.[0];
                e.target.value = '';
                if (file) void upload(file);
              }}
            />
          </Button>
        </Box>
      )}
      {progress !== null && <LinearProgress variant="determinate" value={progress} sx={{ mb: 1 }} />}
      {error && (
        <Alert severity="error" sx={{ mb: 1 }} onClose={() => setError(null)}>
          {error}
        </Alert>
      )}
      {files && files.length === 0 && <Typography color="text.secondary">{translate('owner_files.none')}</Typography>}
      {files && files.length > 0 && (
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{translate('owner_files.file')}</TableCell>
              <TableCell>{translate('owner_files.title')}</TableCell>
              <TableCell align="right">{translate('owner_files.size')}</TableCell>
              <TableCell>{translate('owner_files.date')}</TableCell>
              <TableCell>{translate('owner_files.active')}</TableCell>
              {canEdit && <TableCell />}
            </TableRow>
          </TableHead>
          <TableBody>
            {files.map((file) => (
              <OwnerFileRow
                key={file.id}
                file={file}
                canEdit={canEdit}
                onEdit={() => setEditing(file)}
                onToggleActive={() => void setActive(file, !file.active)}
                onRemove={() => void remove(file)}
              />
            ))}
          </TableBody>
        </Table>
      )}
      {editing && (
        <EditFileDialog
          file={editing}
          onClose={() => setEditing(null)}
          onSave={async (title, replacement) => {
            const form = new FormData();
            form.append('_method', 'PUT');
            form.append('document_id', String(editing.id));
            form.append('title', title);
            if (replacement) form.append('file', replacement);
            if (await send('updateFile', form)) setEditing(null);
          }}
        />
      )}
    </Box>
  );
}

/** One file: its link, title, size, date and whether it is active, with renaming, (de)activating and deleting. */
function OwnerFileRow({
  file,
  canEdit,
  onEdit,
  onToggleActive,
  onRemove,
}: {
  file: OwnerFile;
  canEdit: boolean;
  onEdit: () => void;
  onToggleActive: () => void;
  onRemove: () => void;
}) {
  const translate = useTranslate();
  const [dateFormat] = useDateFormat();
  const { fileSize } = useLocaleFormat();
  return (
    <TableRow sx={{ opacity: file.active ? 1 : 0.6 }}>
      <TableCell>
        {file.url ? (
          <Link href={file.url} target="_blank" rel="noreferrer">
            {file.original_name}
          </Link>
        ) : (
          file.original_name
        )}
      </TableCell>
      <TableCell>{file.title}</TableCell>
      <TableCell align="right">{fileSize(file.size)}</TableCell>
      <TableCell>{formatIsoDate(String(file.created_at).slice(0, 10), dateFormat)}</TableCell>
      <TableCell>
        <Chip
          size="small"
          color={file.active ? 'success' : 'default'}
          label={translate(file.active ? 'ra.boolean.true' : 'ra.boolean.false')}
        />
      </TableCell>
      {canEdit && (
        <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
          <Tooltip title={translate('owner_files.rename')}>
            <IconButton size="small" onClick={onEdit}>
              <EditIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          <Tooltip title={translate(file.active ? 'owner_files.deactivate' : 'owner_files.activate')}>
            <IconButton size="small" onClick={onToggleActive}>
              {file.active ? <ToggleOnIcon fontSize="small" /> : <ToggleOffIcon fontSize="small" />}
            </IconButton>
          </Tooltip>
          <Tooltip title={translate('owner_files.delete')}>
            <IconButton size="small" color="error" onClick={onRemove}>
              <DeleteIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        </TableCell>
      )}
    </TableRow>
  );
}

function EditFileDialog({
  file,
  onClose,
  onSave,
}: {
  file: OwnerFile;
  onClose: () => void;
  onSave: (title: string, replacement: File | null) => Promise<void>;
}) {
  const translate = useTranslate();
  const [title, setTitle] = useState(file.title ?? '');
  const [replacement, setReplacement] = useState<File | null>(null);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{file.original_name}</DialogTitle>
      <DialogContent>
        <TextField
          label={translate('owner_files.title')}
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          fullWidth
          margin="dense"
        />
        <Button component="label" size="small" startIcon={<UploadFileIcon />} sx={{ mt: 1 }}>
          {translate('owner_files.replace')}
          <input hidden type="file" accept={ACCEPT} onChange={(e) => setReplacement(e.target.files?.[0] ?? null)} />
        </Button>
        {replacement && <Typography variant="body2">{replacement.name}</Typography>}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('owner_files.cancel')}</Button>
        <Button variant="contained" onClick={() => void onSave(title, replacement)}>
          {translate('owner_files.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
