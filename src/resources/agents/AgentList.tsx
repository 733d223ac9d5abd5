import { useState } from 'react';
import { Button as MuiButton, Chip } from '@mui/material';
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
import type { Agent } from '../../../domain/contracts/agents';
import {
  DEFAULT_PER_PAGE,
  EmptyList,
  ExcelExportButton,
  LinkField,
  Paginator,
  PhoneCards,
  type ExportColumn,
  NumberField,
  useLocaleFormat,
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

/** The Excel import of agents and its dialog, for a user who may add agents. */
function ImportButton() {
  const can = useCan();
  const translate = useTranslate();
  const refresh = useRefresh();
  const [importing, setImporting] = useState(false);
  if (!can('agents', 'create')) return null;
  return (
    <>
      <MuiButton size="small" startIcon={<UploadFileIcon />} onClick={() => setImporting(true)}>
        {translate('agents.import')}
      </MuiButton>
      <ImportDialog
        resource="agents"
        open={importing}
        onClose={() => setImporting(false)}
        onImported={() => refresh()}
      />
    </>
  );
}

function Actions() {
  const can = useCan();
  return (
    <TopToolbar>
      {can('agents', 'create') && <CreateButton />}
      <ImportButton />
      <ExcelExportButton columns={AGENT_EXPORT} />
    </TopToolbar>
  );
}

const filters = [<SearchInput key="q" source="q" alwaysOn />, <NullableBooleanInput key="active" source="active" />];

/** GET /agents: searchable, sortable, paged, filtered by active. */
export function AgentList() {
  const can = useCan();
  const translate = useTranslate();
  const { decimal } = useLocaleFormat();
  return (
    <List
      filters={filters}
      actions={<Actions />}
      pagination={<Paginator />}
      perPage={DEFAULT_PER_PAGE}
      sort={{ field: 'name', order: 'ASC' }}
      empty={
        <EmptyList mayCreate={can('agents', 'create')}>
          <ImportButton />
        </EmptyList>
      }
    >
      <PhoneCards<Agent>
        primaryText={(r) => r.name}
        secondaryText={(r) =>
          [
            r.phone,
            r.email,
            r.fee_percent != null && `${translate('resources.agents.fields.fee_percent')}: ${decimal(r.fee_percent)}`,
          ]
            .filter(Boolean)
            .join(' · ')
        }
        tertiaryText={(r) =>
          r.active && <Chip size="small" color="success" label={translate('resources.agents.fields.active')} />
        }
        rowClick="show"
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
      </PhoneCards>
    </List>
  );
}
