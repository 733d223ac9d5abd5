import { CreateButton, Datagrid, List, ReferenceInput, AutocompleteInput, TextField, TopToolbar } from 'react-admin';
import { DateField, DateInput, DeleteWithConfirmButton, DEFAULT_PER_PAGE, MoneyField, Paginator } from '../../widgets';
import { useCurrentUser } from '../../layout/useCurrentUser';

const customerName = (c: { name?: string; name_ka?: string }) => c.name ?? c.name_ka ?? '';

const filters = [
  <ReferenceInput key="customer_id" source="customer_id" reference="customers" alwaysOn>
    <AutocompleteInput optionText={customerName} filterToQuery={(query) => ({ query })} />
  </ReferenceInput>,
  <DateInput key="date_from" source="date_from" alwaysOn />,
  <DateInput key="date_to" source="date_to" alwaysOn />,
];

function Actions() {
  const user = useCurrentUser();
  return <TopToolbar>{user?.permissions.includes('add_advanced_payments') && <CreateButton />}</TopToolbar>;
}

/** /advance-payments: money customers paid ahead of a contract (reachable by address, not in the menu). */
export function AdvancePaymentList() {
  const user = useCurrentUser();
  const may = (permission: string) => Boolean(user?.permissions.includes(permission));
  return (
    <List filters={filters} actions={<Actions />} pagination={<Paginator />} perPage={DEFAULT_PER_PAGE} sort={{ field: 'paid_on', order: 'DESC' }} empty={false}>
      <Datagrid rowClick={may('edit_advanced_payments') ? 'edit' : false} bulkActionButtons={false}>
        <DateField source="paid_on" />
        <TextField source="customer_name" sortable={false} />
        <TextField source="property_label" sortable={false} />
        <MoneyField source="amount" currencySource="currency" textAlign="right" />
        <TextField source="note" sortable={false} />
        {may('delete_advanced_payments') && <DeleteWithConfirmButton />}
      </Datagrid>
    </List>
  );
}
