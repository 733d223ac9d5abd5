import { useId, type ReactNode } from 'react';
import {
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import { useOpenedOnce } from './useOpenedOnce';

export interface ConfirmDialogProps {
  open: boolean;
  /** A translation key or text; defaults to `app.attention`. */
  title?: string;
  /** The question: a translation key or text (with `translateOptions`), or any node. */
  text: ReactNode;
  translateOptions?: Record<string, unknown>;
  onConfirm: () => void;
  /** 'No', Escape and a click outside. */
  onClose: () => void;
  /** Defaults to `app.yes` and `app.no`. */
  confirmLabel?: string;
  cancelLabel?: string;
  /** Disables the buttons and shows a spinner on 'Yes' (e.g. while deleting). */
  loading?: boolean;
}

/** The confirm dialog: title 'attention', a question, Yes and No. Controlled; nothing is rendered before it opens. */
export const ConfirmDialog = ({
  open,
  title = 'app.attention',
  text,
  translateOptions,
  onConfirm,
  onClose,
  confirmLabel = 'app.yes',
  cancelLabel = 'app.no',
  loading = false,
}: ConfirmDialogProps) => {
  const translate = useTranslate();
  const titleId = useId();
  const textId = useId();
  if (!useOpenedOnce(open)) return null;
  return (
    <Dialog
      open={open}
      onClose={loading ? undefined : onClose}
      aria-labelledby={titleId}
      aria-describedby={textId}
      // Clicks inside the dialog must not reach the React ancestors (e.g. a clickable datagrid row).
      onClick={(event) => event.stopPropagation()}
    >
      <DialogTitle id={titleId}>{translate(title, { _: title })}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId} component="div">
          {typeof text === 'string' ? translate(text, { _: text, ...translateOptions }) : text}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={loading}>
          {translate(cancelLabel, { _: cancelLabel })}
        </Button>
        <Button
          onClick={onConfirm}
          disabled={loading}
          variant="contained"
          autoFocus
          startIcon={loading ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {translate(confirmLabel, { _: confirmLabel })}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
