import { useContext, useState, type MouseEvent, type ReactNode } from 'react';
import DeleteIcon from '@mui/icons-material/Delete';
import {
  Button,
  EditContext,
  ShowContext,
  useDelete,
  useNotify,
  useRecordContext,
  useRedirect,
  useResourceContext,
  useTranslate,
  useUnselect,
  type ButtonProps,
  type RaRecord,
  type RedirectionSideEffect,
} from 'react-admin';
import { ConfirmDialog } from './ConfirmDialog';

export interface DeleteWithConfirmButtonProps<RecordType extends RaRecord = RaRecord> extends Omit<
  ButtonProps,
  'onClick' | 'children' | 'record'
> {
  /** Defaults to the RecordContext's record. */
  record?: RecordType;
  /** Defaults to the ResourceContext. */
  resource?: string;
  /**
   * Where to go after deleting. Default: 'list' on a Show/Edit page; nowhere in a list row (outside an
   * Edit or Show context). `false` stays.
   */
  redirect?: RedirectionSideEffect;
  /** Defaults to `ra.action.delete`. */
  label?: string;
  icon?: ReactNode;
  /** Defaults to `app.delete_confirm`; the title is `app.attention`. */
  confirmText?: string;
  /** Called after a successful delete (after the notification). */
  onDeleted?: (record: RecordType) => void;
}

/** The HttpError message, unless it is empty. */
const serverMessage = (error: unknown): string | undefined => {
  const message =
    typeof error === 'string'
      ? error
      : error instanceof Error || (error && typeof error === 'object')
        ? (error as { message?: unknown }).message
        : undefined;
  return typeof message === 'string' && message.trim() ? message.trim() : undefined;
};

/**
 * Deletes a record after a confirmation ('Are you sure you want to delete the record?'), waiting for
 * the server (pessimistic); toasts 'Record deleted successfully' or 'Deletion failed[: server message]'.
 */
export const DeleteWithConfirmButton = <RecordType extends RaRecord = RaRecord>(
  props: DeleteWithConfirmButtonProps<RecordType>,
) => {
  const {
    record: recordProp,
    resource: resourceProp,
    redirect: redirectProp,
    label = 'ra.action.delete',
    icon = <DeleteIcon />,
    confirmText = 'app.delete_confirm',
    onDeleted,
    color = 'error',
    disabled,
    ...rest
  } = props;
  const record = useRecordContext<RecordType>({ record: recordProp });
  const resource = useResourceContext({ resource: resourceProp });
  const editContext = useContext(EditContext);
  const showContext = useContext(ShowContext);
  const onPage = editContext != null || showContext != null;
  const redirectTo = redirectProp === undefined ? (onPage ? 'list' : false) : redirectProp;
  const [open, setOpen] = useState(false);
  const [deleteOne, { isPending }] = useDelete<RecordType>();
  const notify = useNotify();
  const redirect = useRedirect();
  const unselect = useUnselect(resource);
  const translate = useTranslate();

  const ask = (event: MouseEvent) => {
    event.stopPropagation();
    setOpen(true);
  };

  const remove = () => {
    if (!record || !resource) return;
    deleteOne(
      resource,
      { id: record.id, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          setOpen(false);
          notify('app.deleted', { type: 'success' });
          unselect([record.id], true);
          onDeleted?.(record);
          if (redirectTo !== false) redirect(redirectTo, resource);
        },
        onError: (error: unknown) => {
          setOpen(false);
          const detail = serverMessage(error);
          const message = detail ? `${translate('app.delete_failed')}: ${detail}` : translate('app.delete_failed');
          notify(message, { type: 'error', messageArgs: { _: message } });
        },
      },
    );
  };

  return (
    <>
      <Button label={label} color={color} onClick={ask} disabled={disabled || !record || isPending} {...rest}>
        {icon}
      </Button>
      <ConfirmDialog
        open={open}
        text={confirmText}
        loading={isPending}
        onConfirm={remove}
        onClose={() => setOpen(false)}
      />
    </>
  );
};
