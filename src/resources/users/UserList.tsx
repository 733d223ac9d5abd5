import {
  BooleanField,
  CreateButton,
  DatagridConfigurable,
  FunctionField,
  List,
  SearchInput,
  SelectColumnsButton,
  TextField,
  TopToolbar,
  useTranslate,
} from 'react-admin';
import { Avatar, Chip, Stack } from '@mui/material';
import {
  DateField,
  DEFAULT_PER_PAGE,
  DeleteWithConfirmButton,
  EmptyList,
  ExcelExportButton,
  Paginator,
  PhoneCards,
  type ExportColumn,
  LinkField,
} from '../../widgets';
import { useCan } from '../../layout/useCan';
import type { User } from '../../../domain/contracts/users';

const filters = [<SearchInput key="q" source="q" alwaysOn />];

type UserRow = User;

function Actions() {
  const can = useCan();
  const translate = useTranslate();
  const exportColumns: ExportColumn<UserRow>[] = [
    { source: 'id', kind: 'number' },
    { source: 'full_name' },
    { source: 'email' },
    { source: 'phone' },
    { source: 'roles', value: (r) => r.roles.map((role) => translate(`roles.${role}`, { _: role })).join(', ') },
    { source: 'active' },
    { source: 'created_at', kind: 'datetime' },
  ];
  return (
    <TopToolbar>
      <SelectColumnsButton />
      {can('users', 'create') && <CreateButton />}
      <ExcelExportButton columns={exportColumns} />
    </TopToolbar>
  );
}

/** /users: the developer's employees, their roles and whether they may sign in. */
export function UserList() {
  const translate = useTranslate();
  const can = useCan();
  const rowClick = can('users', 'edit') ? 'edit' : false;
  return (
    <List
      filters={filters}
      actions={<Actions />}
      pagination={<Paginator />}
      perPage={DEFAULT_PER_PAGE}
      sort={{ field: 'id', order: 'DESC' }}
      empty={<EmptyList mayCreate={can('users', 'create')} />}
    >
      <PhoneCards<UserRow>
        primaryText={(r) => r.full_name}
        secondaryText={(r) =>
          [r.roles.map((role) => translate(`roles.${role}`, { _: role })).join(', '), r.email]
            .filter(Boolean)
            .join(' · ')
        }
        tertiaryText={<BooleanField source="active" />}
        rowClick={rowClick}
        actions={can('users', 'delete') && <DeleteWithConfirmButton redirect={false} />}
      >
        <DatagridConfigurable rowClick={rowClick} bulkActionButtons={false}>
          <TextField source="id" />
          <FunctionField
            source="full_name"
            render={(r: UserRow) => (
              <Stack direction="row" alignItems="center" gap={1}>
                <Avatar src={r.avatar_url ?? undefined} sx={{ width: 28, height: 28 }}>
                  {r.full_name[0]}
                </Avatar>
                {r.full_name}
              </Stack>
            )}
          />
          <LinkField source="email" mode="email" />
          <LinkField source="phone" mode="phone" />
          <FunctionField
            source="roles"
            sortable={false}
            render={(r: UserRow) => (
              <Stack direction="row" gap={0.5} flexWrap="wrap">
                {r.roles.map((role) => (
                  <Chip key={role} size="small" label={translate(`roles.${role}`, { _: role })} />
                ))}
              </Stack>
            )}
          />
          <BooleanField source="active" />
          <DateField source="created_at" />
          {can('users', 'delete') && <DeleteWithConfirmButton redirect={false} />}
        </DatagridConfigurable>
      </PhoneCards>
    </List>
  );
}
