import { useId, type ReactNode } from 'react';
import { Alert, AlertTitle, Button, Dialog, DialogActions, DialogContent } from '@mui/material';
import { useTranslate } from 'react-admin';

export type AlertMode = 'info' | 'success' | 'warning' | 'error';

export interface AlertDialogProps {
  /** The active flag opens the dialog. */
  active: boolean;
  /** A translation key or text. */
  title?: string;
  /** A translation key or text (with `translateOptions`), or any node. */
  text: ReactNode;
  translateOptions?: Record<string, unknown>;
  /** The MUI Alert severity; default 'info'. */
  mode?: AlertMode;
  onClose: () => void;
  /** Defaults to `ra.action.close`. */
  closeLabel?: string;
}

/** The alert dialog: active flag, title, text, mode (default info). */
export const AlertDialog = ({
  active,
  title,
  text,
  translateOptions,
  mode = 'info',
  onClose,
  closeLabel = 'ra.action.close',
}: AlertDialogProps) => {
  const translate = useTranslate();
  const titleId = useId();
  return (
    <Dialog
      open={active}
      onClose={onClose}
      onClick={(event) => event.stopPropagation()}
      maxWidth="sm"
      fullWidth
      aria-labelledby={title ? titleId : undefined}
    >
      <DialogContent>
        <Alert severity={mode} variant="outlined" sx={{ border: 0, p: 0 }}>
          {title && <AlertTitle id={titleId}>{translate(title, { _: title })}</AlertTitle>}
          {typeof text === 'string' ? translate(text, { _: text, ...translateOptions }) : text}
        </Alert>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          {translate(closeLabel, { _: closeLabel })}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
