import { useState } from 'react';
import { Box, Button, Card, CardContent, IconButton, Stack, TextField, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { useLocaleState, useNotify, useTranslate } from 'react-admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useConfirm } from './ConfirmProvider';
import { formatIsoDate } from '../../domain/dateFormats';
import { toIsoDay, useDateFormat } from './dateFormat';
import { formatLocaleTime } from './localeFormat';
import { useAppData } from '../providers/useAppData';
import type { CommentRow } from '../../domain/contracts/attachments';
export type { CommentRow } from '../../domain/contracts/attachments';

export type CommentModel = 'customer' | 'booking' | 'pre_sale_booking' | 'barter' | 'sale';

const MAX_BODY = 5000;

/** The date and time of a comment in the user's chosen date format. */
function useStamp() {
  const [preference] = useDateFormat();
  const [locale] = useLocaleState();
  return (iso: string) => {
    const date = new Date(iso);
    const time = formatLocaleTime(date, locale);
    return `${formatIsoDate(toIsoDay(date) ?? iso.slice(0, 10), preference)} ${time}`;
  };
}

const errorText = (error: unknown) => {
  const e = error as { body?: { errors?: Record<string, string> }; message?: string };
  return e.body?.errors?.body ?? e.message ?? '';
};

function CommentItem({ comment, onChanged }: { comment: CommentRow; onChanged: () => void }) {
  const provider = useAppData();
  const translate = useTranslate();
  const confirm = useConfirm();
  const notify = useNotify();
  const stamp = useStamp();
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(comment.body);
  const [error, setError] = useState('');

  const save = async () => {
    try {
      await provider.editComment(comment.id, text);
      setEditing(false);
      setError('');
      onChanged();
    } catch (e) {
      setError(errorText(e));
    }
  };
  const remove = async () => {
    if (!(await confirm(translate('comments.confirm_delete')))) return;
    try {
      await provider.deleteComment(comment.id);
      onChanged();
    } catch (e) {
      notify(errorText(e), { type: 'error' });
    }
  };

  return (
    <Card variant="outlined" component="article" data-testid="comment">
      <CardContent sx={{ py: 1, '&:last-child': { pb: 1 } }}>
        <Stack direction="row" alignItems="center" gap={1}>
          <Typography variant="subtitle2">{comment.author_name}</Typography>
          <Typography variant="caption" color="text.secondary">
            {stamp(comment.created_at)}
            {comment.updated_at !== comment.created_at && ` · ${translate('comments.edited')}`}
          </Typography>
          <Box flex={1} />
          {comment.can_edit && !editing && (
            <>
              <IconButton size="small" aria-label={translate('comments.edit')} onClick={() => setEditing(true)}>
                <EditIcon fontSize="small" />
              </IconButton>
              <IconButton size="small" aria-label={translate('comments.delete')} onClick={remove}>
                <DeleteIcon fontSize="small" />
              </IconButton>
            </>
          )}
        </Stack>
        {editing ? (
          <Stack gap={1} mt={1}>
            <TextField
              multiline
              minRows={2}
              value={text}
              onChange={(e) => setText(e.target.value)}
              error={Boolean(error)}
              helperText={error}
              slotProps={{ htmlInput: { maxLength: MAX_BODY } }}
            />
            <Stack direction="row" gap={1}>
              <Button size="small" variant="contained" onClick={save}>
                {translate('comments.save')}
              </Button>
              <Button
                size="small"
                onClick={() => {
                  setEditing(false);
                  setText(comment.body);
                  setError('');
                }}
              >
                {translate('comments.cancel')}
              </Button>
            </Stack>
          </Stack>
        ) : (
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', mt: 0.5 }}>
            {comment.body}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}

/** The comments of one record: newest first with author and date, a box to add one, edit/delete of one's own. */
export function Comments({ model, modelId }: { model: CommentModel; modelId: number | string }) {
  const provider = useAppData();
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const key = ['comments', model, String(modelId)];
  const { data = [] } = useQuery({ queryKey: key, queryFn: () => provider.comments(model, modelId) });
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });

  const add = async () => {
    setBusy(true);
    try {
      await provider.addComment(model, modelId, text);
      setText('');
      setError('');
      await refresh();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap={1.5} data-testid="comments">
      <Stack gap={1}>
        <TextField
          multiline
          minRows={2}
          placeholder={translate('comments.placeholder')}
          value={text}
          onChange={(e) => setText(e.target.value)}
          error={Boolean(error)}
          helperText={error}
          slotProps={{ htmlInput: { maxLength: MAX_BODY, 'data-testid': 'comment-input' } }}
        />
        <Box>
          <Button variant="contained" size="small" onClick={add} disabled={busy || !text.trim()}>
            {translate('comments.add')}
          </Button>
        </Box>
      </Stack>
      {data.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {translate('comments.empty')}
        </Typography>
      )}
      {data.map((c) => (
        <CommentItem key={`${c.id}-${c.updated_at}`} comment={c} onChanged={refresh} />
      ))}
    </Stack>
  );
}
