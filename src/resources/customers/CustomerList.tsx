import {
  AutocompleteInput,
  CreateButton,
  DatagridConfigurable,
  FunctionField,
  List,
  SearchInput,
  SelectColumnsButton,
  SelectInput,
  TextField,
  TopToolbar,
} from 'react-admin';
import {
  DateField,
  DEFAULT_PER_PAGE,
  ExcelExportButton,
  LinkField,
  Paginator,
  PhoneCards,
  EmptyList,
  type ExportColumn,
} from '../../widgets';
import { useCan } from '../../layout/useCan';
import { useCountries, useCustomerChoices, type CustomerRecord } from './choices';
import { SendSmsButton } from './SendSmsButton';

function Actions() {
  const can = useCan();
  const { nameOf } = useCountries();
  const { types } = useCustomerChoices();
  const exportColumns: ExportColumn<CustomerRecord>[] = [
    { source: 'id', kind: 'number' },
    { source: 'name' },
    { source: 'type', value: (r) => types.find((t) => t.id === r.type)?.name },
    { source: 'personal_number', value: (r) => r.personal_number ?? r.company_code },
    { source: 'phones' },
    { source: 'emails' },
    { source: 'country', value: (r) => nameOf(r.country) },
    { source: 'citizenship', value: (r) => nameOf(r.citizenship) },
    { source: 'responsible_user_name' },
    { source: 'created_at', kind: 'datetime' },
  ];
  return (
    <TopToolbar>
      <SelectColumnsButton />
      {can('customers', 'create') && <CreateButton />}
      <ExcelExportButton columns={exportColumns} />
    </TopToolbar>
  );
}

/** /customers: search on names, ids, phones and emails; type, country, citizenship and gender filters. */
export function CustomerList() {
  const { choices: countries, nameOf } = useCountries();
  const { types, genders } = useCustomerChoices();
  const can = useCan();
  const filters = [
    <SearchInput key="q" source="q" alwaysOn />,
    <SelectInput key="type" source="type" choices={types} alwaysOn />,
    <AutocompleteInput key="country" source="country" choices={countries} />,
    <AutocompleteInput key="citizenship" source="citizenship" choices={countries} />,
    <SelectInput key="gender" source="gender" choices={genders} />,
  ];
  return (
    <List
      filters={filters}
      actions={<Actions />}
      pagination={<Paginator />}
      perPage={DEFAULT_PER_PAGE}
      sort={{ field: 'id', order: 'DESC' }}
      empty={<EmptyList mayCreate={can('customers', 'create')} />}
    >
      <PhoneCards<CustomerRecord>
        primaryText={(r) => r.name}
        secondaryText={(r) => [r.personal_number ?? r.company_code, ...r.phones].filter(Boolean).join(' · ')}
        tertiaryText={(r) => types.find((t) => t.id === r.type)?.name}
        rowClick="show"
      >
        <DatagridConfigurable rowClick="show" bulkActionButtons={can('sms', 'create') ? <SendSmsButton /> : false}>
          <TextField source="id" />
          <TextField source="name" sortBy="name_ka" />
          <FunctionField source="type" render={(r: CustomerRecord) => types.find((t) => t.id === r.type)?.name} />
          <FunctionField
            source="personal_number"
            sortable={false}
            render={(r: CustomerRecord) => r.personal_number ?? r.company_code}
          />
          <LinkField source="phones" mode="phone" sortable={false} />
          <LinkField source="emails" mode="email" sortable={false} />
          <FunctionField source="country" render={(r: CustomerRecord) => nameOf(r.country)} />
          <FunctionField source="citizenship" render={(r: CustomerRecord) => nameOf(r.citizenship)} />
          <TextField source="responsible_user_name" sortable={false} />
          <DateField source="created_at" />
        </DatagridConfigurable>
      </PhoneCards>
    </List>
  );
}
