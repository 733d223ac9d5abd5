import type { ReactElement, ReactNode } from 'react';
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
  type Identifier,
} from 'react-admin';
import { useCan } from '../layout/useCan';
import { EmptyList } from './EmptyList';
import { ExcelExportButton } from './ExcelExportButton';
import type { ExportColumn } from './excelColumns';
import { DEFAULT_PER_PAGE, Paginator } from './Paginator';
import { PhoneCards } from './PhoneCards';

/** What every deal row shows: the unit, its complex, the customer and the status. */
export interface DealRow {
  id: number;
  property_no: string;
  building_name?: string;
  customer_name?: string | null;
  status: string;
}

export interface DealListProps<Row extends DealRow> {
  resource: 'bookings' | 'pre-sale-bookings';
  /** The status filter: one status or several. */
  statusInput: ReactElement;
  exportColumns: ExportColumn<Row>[];
  /** Where "create" leads when it is not the resource's own create page. */
  createTo?: string;
  /** The deal's dates on a phone card, after the customer. */
  dates: ReactNode;
  statusChip: (status: Row['status']) => ReactNode;
  rowClick: 'show' | ((id: Identifier) => string);
  /** The row's buttons, on the table's last columns and on a phone's card. */
  actions?: ReactNode;
  /** The table's columns after id, complex, unit and customer. */
  children: ReactNode;
}

/** A list of deals (bookings, reservations) of the complexes the user may see: searched, by status and complex. */
export function DealList<Row extends DealRow>({
  resource,
  statusInput,
  exportColumns,
  createTo,
  dates,
  statusChip,
  rowClick,
  actions,
  children,
}: DealListProps<Row>) {
  const can = useCan();
  const mayCreate = can(resource, 'create');
  const filters = [
    <SearchInput key="q" source="q" alwaysOn />,
    statusInput,
    <ReferenceInput
      key="building"
      source="building_id"
      reference="buildings"
      perPage={1000}
      sort={{ field: 'name', order: 'ASC' }}
      alwaysOn
    >
      <SelectInput optionText="name" />
    </ReferenceInput>,
  ];
  return (
    <List
      resource={resource}
      filters={filters}
      actions={
        <TopToolbar>
          {mayCreate && <CreateButton to={createTo} />}
          <ExcelExportButton columns={exportColumns} />
        </TopToolbar>
      }
      pagination={<Paginator />}
      perPage={DEFAULT_PER_PAGE}
      sort={{ field: 'id', order: 'DESC' }}
      empty={<EmptyList mayCreate={mayCreate} createTo={createTo} />}
    >
      <PhoneCards<Row>
        primaryText={(r) => [r.building_name, r.property_no].filter(Boolean).join(' · ')}
        secondaryText={
          <>
            <FunctionField render={(r: Row) => (r.customer_name ? `${r.customer_name} · ` : '')} />
            {dates}
          </>
        }
        tertiaryText={(r) => statusChip(r.status)}
        rowClick={rowClick}
        actions={actions}
      >
        <Datagrid rowClick={rowClick} bulkActionButtons={false}>
          <TextField source="id" />
          <TextField source="building_name" />
          <TextField source="property_no" />
          <TextField source="customer_name" />
          {children}
          {actions && <FunctionField label="" render={() => <>{actions}</>} />}
        </Datagrid>
      </PhoneCards>
    </List>
  );
}
