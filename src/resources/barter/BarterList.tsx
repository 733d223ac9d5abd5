import {
  CreateButton,
  Datagrid,
  FunctionField,
  List,
  ReferenceInput,
  SearchInput,
  SelectInput,
  TextField,
  TopToolbar,
} from 'react-admin';
import { DateField, DEFAULT_PER_PAGE, EmptyList, MoneyField, Paginator, PhoneCards } from '../../widgets';
import { useCan } from '../../layout/useCan';
import { unitName, type BarterRecord } from './types';

const filters = [
  <SearchInput key="query" source="query" alwaysOn />,
  <ReferenceInput
    key="building_id"
    source="building_id"
    reference="buildings"
    perPage={1000}
    sort={{ field: 'name', order: 'ASC' }}
    alwaysOn
  >
    <SelectInput optionText="name" />
  </ReferenceInput>,
];

function Actions() {
  const can = useCan();
  return <TopToolbar>{can('barter', 'create') && <CreateButton />}</TopToolbar>;
}

/** /barter: deals that give units for goods or works, searchable by counterparty and complex. */
export function BarterList() {
  const can = useCan();
  return (
    <List
      filters={filters}
      actions={<Actions />}
      pagination={<Paginator />}
      perPage={DEFAULT_PER_PAGE}
      sort={{ field: 'agreed_on', order: 'DESC' }}
      empty={<EmptyList mayCreate={can('barter', 'create')} />}
    >
      <PhoneCards<BarterRecord>
        primaryText={(r) => r.counterparty}
        secondaryText={
          <>
            <FunctionField<BarterRecord>
              render={(r) =>
                [r.customer_name, r.units.map(unitName).join('; ')]
                  .filter(Boolean)
                  .map((part) => `${part} · `)
                  .join('')
              }
            />
            <DateField source="agreed_on" />
          </>
        }
        tertiaryText={<MoneyField source="value" currencySource="currency" />}
        rowClick="show"
      >
        <Datagrid rowClick="show" bulkActionButtons={false}>
          <TextField source="counterparty" />
          <TextField source="customer_name" />
          <FunctionField
            source="units"
            sortable={false}
            render={(r: BarterRecord) => r.units.map(unitName).join('; ')}
          />
          <MoneyField source="value" currencySource="currency" textAlign="right" />
          <DateField source="agreed_on" />
        </Datagrid>
      </PhoneCards>
    </List>
  );
}
