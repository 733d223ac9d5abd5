import { DatagridConfigurable, FunctionField, List, SelectColumnsButton, TextField, TopToolbar } from 'react-admin';
import { DateField, DEFAULT_PER_PAGE, EmptyList, MoneyField, Paginator, PhoneCards } from '../../widgets';
import { WIDE_TABLE } from '../../widgets/wideTable';
import { SaleFilterPanel, SaleFiltersToggle } from './SaleFilters';
import { unitName, type SaleRecord } from './types';

function Actions() {
  return (
    <TopToolbar sx={{ alignItems: 'center' }}>
      <SaleFiltersToggle />
      <SelectColumnsButton />
    </TopToolbar>
  );
}

/** /trashed-sales: cancelled sales with the date and reason of the cancellation. */
export function TrashedSaleList() {
  return (
    <List
      actions={<Actions />}
      pagination={<Paginator />}
      perPage={DEFAULT_PER_PAGE}
      sort={{ field: 'id', order: 'DESC' }}
      empty={<EmptyList />}
    >
      <SaleFilterPanel trashed />
      <PhoneCards<SaleRecord>
        primaryText={(r) => [r.contract_no, r.customer_name].filter(Boolean).join(' · ')}
        secondaryText={
          <>
            <DateField source="cancellation_date" />
            <FunctionField
              render={(r: SaleRecord) => {
                const rest = [r.cancellation_reason, r.user_name].filter(Boolean).join(' · ');
                return rest && r.cancellation_date ? ` · ${rest}` : rest;
              }}
            />
          </>
        }
        tertiaryText={<MoneyField source="price" currencySource="currency" />}
        rowClick="show"
      >
        <DatagridConfigurable rowClick="show" bulkActionButtons={false} sx={WIDE_TABLE}>
          <TextField source="id" />
          <TextField source="contract_no" />
          <TextField source="customer_name" />
          <TextField source="building_name" sortable={false} />
          <FunctionField
            source="properties"
            sortable={false}
            render={(r: SaleRecord) => r.properties.map(unitName).join(', ')}
          />
          <MoneyField source="price" currencySource="currency" textAlign="right" />
          <MoneyField source="paid_total" currencySource="currency" textAlign="right" />
          <DateField source="cancellation_date" sortable={false} />
          <TextField source="cancellation_reason" sortable={false} />
          <TextField source="user_name" sortable={false} />
        </DatagridConfigurable>
      </PhoneCards>
    </List>
  );
}
