import { useState } from 'react';
import { Button as MuiButton } from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import {
  BooleanField,
  CreateButton,
  Datagrid,
  List,
  NullableBooleanInput,
  SearchInput,
  TextField,
  TopToolbar,
  useRefresh,
  useTranslate,
} from 'react-admin';
import {
  DEFAULT_PER_PAGE,
  ExcelExportButton,
  LinkField,
  Paginator,
  type ExportColumn,
  NumberField,
} from '../../widgets';
import { ImportDialog } from '../../widgets/ImportDialog';
import { useCan } from '../../layout/useCan';

/** The list's columns as the Excel export writes them. */
const AGENT_EXPORT: ExportColumn[] = [
  { source: 'id', kind: 'number' },
  { source: 'name' },
  { source: 'personal_number' },
  { source: 'phone' },
  { source: 'email' },
  { source: 'fee_percent', kind: 'number' },
  { source: 'active' },
];

function Actions() {
  const can = useCan();
  const translate = useTranslate();
  const refresh = useRefresh();
  const [importing, setImporting] = useState(false);
  const mayAdd = Boolean(can('agents', 'create'));
  return (
    <TopToolbar>
      {mayAdd && <CreateButton />}
      {mayAdd && (
        <MuiButton size="small" startIcon={<UploadFileIcon />} onClick={() => setImporting(true)}>
          {translate('agents.import')}
        </MuiButton>
      )}
      <ImportDialog
        resource="agents"
        open={importing}
        onClose={() => setImporting(false)}
        onImported={() => refresh()}
      />
      <ExcelExportButton columns={AGENT_EXPORT} />
    </TopToolbar>
  );
}

const filters = [<SearchInput key="q" source="q" alwaysOn />, <NullableBooleanInput key="active" source="active" />];

/** GET /agents: searchable, sortable, paged, filtered by active. */
export function AgentList() {
  return (
    <List
      filters={filters}
      actions={<Actions />}
      pagination={<Paginator />}
      perPage={DEFAULT_PER_PAGE}
      sort={{ field: 'name', order: 'ASC' }}
    >
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <TextField source="id" />
        <TextField source="name" />
        <TextField source="personal_number" />
        <LinkField source="phone" mode="phone" />
        <LinkField source="email" mode="email" />
        <NumberField source="fee_percent" />
        <BooleanField source="active" />
      </Datagrid>
    </List>
  );
}
