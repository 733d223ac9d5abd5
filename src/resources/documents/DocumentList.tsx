import { Chip, Link as MuiLink } from '@mui/material';
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
import { DateField, DEFAULT_PER_PAGE, EmptyList, Paginator, PhoneCards, useLocaleFormat } from '../../widgets';

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

/** The file's name, a link that opens the file when it has one. */
const fileLink = (r: DocumentRow) =>
  r.url ? (
    <MuiLink href={r.url} target="_blank" rel="noreferrer">
      {r.original_name}
    </MuiLink>
  ) : (
    r.original_name
  );

/** The owner's name (or number), a link to the owner's screen. */
const ownerLink = (r: DocumentRow) => (
  <Link to={OWNER_PATHS[r.owner_type](r.owner_id)}>{r.owner_name ?? `#${r.owner_id}`}</Link>
);

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
  const { fileSize } = useLocaleFormat();
  return (
    <List
      filters={filters}
      pagination={<Paginator />}
      perPage={DEFAULT_PER_PAGE}
      sort={{ field: 'created_at', order: 'DESC' }}
      exporter={false}
      empty={<EmptyList />}
    >
      <PhoneCards<DocumentRow>
        primaryText={fileLink}
        secondaryText={
          <>
            <FunctionField<DocumentRow> render={(r) => <>{ownerLink(r)} · </>} />
            <DateField source="created_at" />
            <FunctionField<DocumentRow> render={(r) => ` · ${fileSize(r.size)}`} />
          </>
        }
        tertiaryText={(r) => <Chip size="small" label={translate(`documents.owner_${r.owner_type}`)} />}
        rowClick={false}
      >
        <Datagrid bulkActionButtons={false} rowClick={false}>
          <FunctionField<DocumentRow> source="original_name" render={fileLink} />
          <TextField source="title" />
          <FunctionField<DocumentRow>
            source="owner_type"
            render={(r) => translate(`documents.owner_${r.owner_type}`)}
          />
          <FunctionField<DocumentRow> source="owner_name" sortable={false} render={ownerLink} />
          <FunctionField<DocumentRow> source="size" render={(r) => fileSize(r.size)} />
          <DateField source="created_at" />
          <BooleanField source="active" />
        </Datagrid>
      </PhoneCards>
    </List>
  );
}
