import { Card, CardContent } from '@mui/material';
import {
  FileField,
  FileInput,
  SelectInput,
  SimpleForm,
  TextInput,
  Title,
  maxLength,
  required,
  useNotify,
  useRedirect,
  useTranslate,
} from 'react-admin';
import { useAppData } from '../../providers/useAppData';
import { useTicketChoices } from './choices';

interface TicketForm {
  subject: string;
  category: string;
  body: string;
  assignee_id?: number | null;
  attachments?: Array<{ rawFile: File }>;
}

/** A ticket as multipart: its fields and every chosen file as attachments[]. */
export const ticketForm = (fields: Record<string, string | number>, files: Array<{ rawFile: File }> = []) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, String(value));
  for (const file of files) form.append('attachments[]', file.rawFile);
  return form;
};

/** POST /tickets (multipart, with attachments); then the ticket's page. */
export function TicketCreate() {
  const translate = useTranslate();
  const provider = useAppData();
  const notify = useNotify();
  const redirect = useRedirect();
  const choices = useTicketChoices();
  const submit = async (values: Record<string, unknown>) => {
    const { subject, category, body, assignee_id, attachments } = values as unknown as TicketForm;
    try {
      const fields = { subject, category, body, ...(assignee_id ? { assignee_id } : {}) };
      const ticket = await provider.openTicket(ticketForm(fields, attachments));
      notify('app.success', { type: 'success' });
      redirect('show', 'tickets', ticket.id);
    } catch (error) {
      notify(error instanceof Error && error.message ? error.message : 'app.error', { type: 'error' });
    }
  };
  return (
    <Card>
      <Title title={translate('tickets.new')} />
      <CardContent>
        <SimpleForm onSubmit={submit} resource="tickets">
          <TextInput source="subject" validate={[required(), maxLength(255)]} fullWidth />
          <SelectInput source="category" choices={choices.categories} validate={required()} />
          <SelectInput source="assignee_id" choices={choices.people} emptyText="—" />
          <TextInput source="body" multiline minRows={4} validate={[required(), maxLength(10000)]} fullWidth />
          <FileInput source="attachments" multiple accept={{ 'image/*': [], 'application/pdf': [] }}>
            <FileField source="src" title="title" />
          </FileInput>
        </SimpleForm>
      </CardContent>
    </Card>
  );
}
