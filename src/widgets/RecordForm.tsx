import { SimpleForm, type SimpleFormProps } from 'react-admin';

/**
 * How a form takes its record read again while it is open (the breadcrumbs read it again on a return to the tab after
 * 30 s; a refresh; a write elsewhere on the page): the fields the user has changed keep what was typed, the others show
 * the record as it now is. react-admin resets every field otherwise, and a save then sends the record as read, losing
 * the user's changes. A constant: the form resets whenever this object changes.
 */
export const KEEP_TYPED = { keepDirtyValues: true } as const;

/** The SimpleForm of a screen that edits an existing record (Edit views, edit dialogs): see KEEP_TYPED. */
export function RecordForm(props: SimpleFormProps) {
  return <SimpleForm resetOptions={KEEP_TYPED} {...props} />;
}
