import { Link as MuiLink } from '@mui/material';
import {
  BooleanField,
  Datagrid,
  FunctionField,
  Link,
  List,
  SearchInput,
  SelectInput,
  TextField,
  useTranslate,
} from 'react-admin';
import { DateField, DEFAULT_PER_PAGE, Paginator } from '../../widgets';
import { formatSize } from '../../widgets/OwnerFiles';

interface DocumentRow {
  id: number;
  original_name: string;
  owner_type: 'agent' | 'barter' | 'sale';
  owner_id: number;
  owner_name: string | null;
  size: number;
  url: string | null;
}

/** Where an owner's screen is. */
const OWNER_PATHS: Record<DocumentRow['owner_type'], (id: number) => string> = {
  agent: (id) => `/agents/${id}/show`,
  barter: (id) => `/barter/${id}/show`,
  sale: (id) => `/sales/${id}/show`,
};

function OwnerTypeFilter(props: { source: string }) {
  const translate = useTranslate();
  return (
    <SelectInput
      {...props}
      choices={(['agent', 'barter', 'sale'] as const).map((id) => ({ id, name: translate(`documents.owner_${id}`) }))}
    />
  );
}

const filters = [<SearchInput key="q" source="q" alwaysOn />, <OwnerTypeFilter key="owner_type" source="owner_type" />];

/** GET /documents: every file of agents, barters and sales, with a link to its owner. */
export function DocumentList() {
  const translate = useTranslate();
  return (
    <List
      filters={filters}
      pagination={<Paginator />}
      perPage={DEFAULT_PER_PAGE}
      sort={{ field: 'created_at', order: 'DESC' }}
      exporter={false}
    >
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <FunctionField<DocumentRow>
          source="original_name"
          render={(r) =>
            r.url ? (
              <MuiLink href={r.url} target="_blank" rel="noreferrer">
                {r.original_name}
              </MuiLink>
            ) : (
              r.original_name
            )
          }
        />
        <TextField source="title" />
        <FunctionField<DocumentRow> source="owner_type" render={(r) => translate(`documents.owner_${r.owner_type}`)} />
        <FunctionField<DocumentRow>
          source="owner_name"
          sortable={false}
          render={(r) => <Link to={OWNER_PATHS[r.owner_type](r.owner_id)}>{r.owner_name ?? `#${r.owner_id}`}</Link>}
        />
        <FunctionField<DocumentRow> source="size" render={(r) => formatSize(r.size)} />
        <DateField source="created_at" />
        <BooleanField source="active" />
      </Datagrid>
    </List>
  );
}
