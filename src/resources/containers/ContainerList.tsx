import { useState } from 'react';
import { Button as MuiButton } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import {
  Datagrid,
  FunctionField,
  List,
  NumberInput,
  ReferenceArrayInput,
  SearchInput,
  SelectArrayInput,
  SelectInput,
  TextField,
  TopToolbar,
  useRedirect,
  useTranslate,
} from 'react-admin';
import type { Container } from '../../../domain/contracts/containers';
import { useCan } from '../../layout/useCan';
import {
  DEFAULT_PER_PAGE,
  EmptyList,
  ExcelExportButton,
  MoneyField,
  Paginator,
  PhoneCards,
  type ExportColumn,
} from '../../widgets';
import { useServiceChoices } from '../services/choices';
import { AddRenovationDialog } from './AddRenovationDialog';
import { ContainerStatus } from './RenovationParts';

/** "Add renovation" and its dialog (a sale is picked in it); the new container's page opens once it is created. */
function AddRenovationButton() {
  const translate = useTranslate();
  const redirect = useRedirect();
  const [open, setOpen] = useState(false);
  return (
    <>
      <MuiButton size="small" startIcon={<AddIcon />} onClick={() => setOpen(true)}>
        {translate('containers.add_renovation')}
      </MuiButton>
      <AddRenovationDialog
        open={open}
        onClose={() => setOpen(false)}
        onCreated={(c) => redirect('show', 'service-containers', c.id)}
      />
    </>
  );
}

function Actions() {
  const can = useCan();
  const translate = useTranslate();
  const exportColumns: ExportColumn<Container>[] = [
    { source: 'id', kind: 'number' },
    { source: 'contract_no' },
    { source: 'customer_name' },
    { source: 'building_name' },
    { source: 'services' },
    { source: 'price', kind: 'money', currencySource: 'currency' },
    { source: 'paid', kind: 'money', currencySource: 'currency' },
    { source: 'debt', kind: 'money', currencySource: 'currency' },
    { source: 'status', value: (c) => translate(`containers.statuses.${c.status}`, { _: c.status }) },
  ];
  return (
    <TopToolbar>
      {can('service-containers', 'create') && <AddRenovationButton />}
      <ExcelExportButton columns={exportColumns} />
    </TopToolbar>
  );
}

/** /service-containers: every renovation container in the user's complexes, by complex, sale, status and debt. */
export function ContainerList() {
  const can = useCan();
  const translate = useTranslate();
  const { statuses } = useServiceChoices();
  const debtChoices = [
    { id: 'true', name: translate('containers.debt_choices.yes') },
    { id: 'false', name: translate('containers.debt_choices.no') },
  ];
  const filters = [
    <SearchInput key="q" source="q" alwaysOn />,
    <ReferenceArrayInput
      key="building_ids"
      source="building_ids"
      reference="buildings"
      perPage={1000}
      sort={{ field: 'name', order: 'ASC' }}
      alwaysOn
    >
      <SelectArrayInput
        optionText="name"
        label="resources.service-containers.fields.building_ids"
        sx={{ minWidth: 200 }}
      />
    </ReferenceArrayInput>,
    <NumberInput key="sale_id" source="sale_id" alwaysOn />,
    <SelectArrayInput key="status" source="status" choices={statuses} alwaysOn sx={{ minWidth: 160 }} />,
    <SelectInput key="debt" source="debt" choices={debtChoices} alwaysOn />,
  ];
  return (
    <List
      filters={filters}
      actions={<Actions />}
      pagination={<Paginator />}
      perPage={DEFAULT_PER_PAGE}
      sort={{ field: 'id', order: 'DESC' }}
      empty={<EmptyList>{can('service-containers', 'create') && <AddRenovationButton />}</EmptyList>}
    >
      <PhoneCards<Container>
        primaryText={(c) => [c.contract_no, c.customer_name].filter(Boolean).join(' · ')}
        secondaryText={
          <>
            <FunctionField
              render={(c: Container) =>
                `${[c.building_name, c.services].filter(Boolean).join(' · ')} · ${translate('resources.service-containers.fields.debt')}: `
              }
            />
            <MoneyField source="debt" currencySource="currency" />
          </>
        }
        tertiaryText={(c) => <ContainerStatus status={c.status} />}
        rowClick="show"
      >
        <Datagrid rowClick="show" bulkActionButtons={false}>
          <TextField source="id" />
          <TextField source="contract_no" sortable={false} />
          <TextField source="customer_name" sortable={false} />
          <TextField source="building_name" sortable={false} />
          <TextField source="services" sortable={false} />
          <MoneyField source="price" currencySource="currency" textAlign="right" />
          <MoneyField source="paid" currencySource="currency" textAlign="right" />
          <MoneyField source="debt" currencySource="currency" textAlign="right" sortable={false} />
          <FunctionField source="status" render={(c: Container) => <ContainerStatus status={c.status} />} />
        </Datagrid>
      </PhoneCards>
    </List>
  );
}
