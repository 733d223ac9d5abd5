import { Box, Card, CardContent, Typography } from '@mui/material';
import {
  BooleanField,
  EditButton,
  ListButton,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { DeleteWithConfirmButton, LinkField, NumberField } from '../../widgets';
import { OwnerFiles } from '../../widgets/OwnerFiles';
import { useCan } from '../../layout/useCan';

function Actions() {
  const can = useCan();
  return (
    <TopToolbar>
      <ListButton />
      {can('agents', 'edit') && <EditButton />}
      {can('agents', 'delete') && <DeleteWithConfirmButton />}
    </TopToolbar>
  );
}

function Files() {
  const record = useRecordContext<{ id: number }>();
  const can = useCan();
  const translate = useTranslate();
  if (!record) return null;
  const canEdit = can('agents', 'files');
  return (
    <Card sx={{ mt: 2 }}>
      <CardContent>
        <Typography variant="h6" gutterBottom>
          {translate('agents.files')}
        </Typography>
        <OwnerFiles resource="agents" ownerId={record.id} canEdit={canEdit} />
      </CardContent>
    </Card>
  );
}

/** An agent with the files panel. */
export function AgentShow() {
  return (
    <Show actions={<Actions />}>
      <SimpleShowLayout>
        <TextField source="name" />
        <TextField source="personal_number" />
        <LinkField source="phone" mode="phone" />
        <LinkField source="email" mode="email" />
        <LinkField source="website" mode="url" />
        <NumberField source="fee_percent" />
        <TextField source="iban" />
        <TextField source="note" />
        <BooleanField source="active" />
      </SimpleShowLayout>
      <Box>
        <Files />
      </Box>
    </Show>
  );
}
