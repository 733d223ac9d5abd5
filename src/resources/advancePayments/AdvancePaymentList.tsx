import {
  CreateButton,
  Datagrid,
  FunctionField,
  List,
  ReferenceInput,
  AutocompleteInput,
  TextField,
  TopToolbar,
} from 'react-admin';
import type { AdvancePayment } from '../../../domain/contracts/deals';
import {
  DateField,
  DateInput,
  DeleteWithConfirmButton,
  DEFAULT_PER_PAGE,
  EmptyList,
  MoneyField,
  Paginator,
  PhoneCards,
} from '../../widgets';
import { useCan } from '../../layout/useCan';

const customerName = (c: { name?: string; name_ka?: string }) => c.name ?? c.name_ka ?? '';

const filters = [
  <ReferenceInput key="customer_id" source="customer_id" reference="customers" alwaysOn>
    <AutocompleteInput optionText={customerName} filterToQuery={(query) => ({ query })} />
  </ReferenceInput>,
  <DateInput key="date_from" source="date_from" alwaysOn />,
  <DateInput key="date_to" source="date_to" alwaysOn />,
];

function Actions() {
  const can = useCan();
  return <TopToolbar>{can('advance-payments', 'create') && <CreateButton />}</TopToolbar>;
}

/** /advance-payments: money customers paid ahead of a contract (reachable by address, not in the menu). */
export function AdvancePaymentList() {
  const can = useCan();
  const rowClick = can('advance-payments', 'edit') ? 'edit' : false;
  return (
    <List
      filters={filters}
      actions={<Actions />}
      pagination={<Paginator />}
      perPage={DEFAULT_PER_PAGE}
      sort={{ field: 'paid_on', order: 'DESC' }}
      empty={<EmptyList mayCreate={can('advance-payments', 'create')} />}
    >
      <PhoneCards<AdvancePayment>
        primaryText={(r) => r.customer_name}
        secondaryText={
          <>
            <FunctionField<AdvancePayment> render={(r) => (r.property_label ? `${r.property_label} · ` : '')} />
            <DateField source="paid_on" />
          </>
        }
        tertiaryText={<MoneyField source="amount" currencySource="currency" />}
        rowClick={rowClick}
        actions={can('advance-payments', 'delete') && <DeleteWithConfirmButton />}
      >
        <Datagrid rowClick={rowClick} bulkActionButtons={false}>
          <DateField source="paid_on" />
          <TextField source="customer_name" sortable={false} />
          <TextField source="property_label" sortable={false} />
          <MoneyField source="amount" currencySource="currency" textAlign="right" />
          <TextField source="note" sortable={false} />
          {can('advance-payments', 'delete') && <DeleteWithConfirmButton />}
        </Datagrid>
      </PhoneCards>
    </List>
  );
}
