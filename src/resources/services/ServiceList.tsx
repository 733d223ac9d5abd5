import { Chip, Stack } from '@mui/material';
import {
  BooleanField,
  CreateButton,
  Datagrid,
  FunctionField,
  List,
  NullableBooleanInput,
  SearchInput,
  SelectInput,
  TextField,
  TopToolbar,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import type { Service } from '../../../domain/contracts/services';
import { useCan } from '../../layout/useCan';
import {
  DEFAULT_PER_PAGE,
  DeleteWithConfirmButton,
  EmptyList,
  Paginator,
  PhoneCards,
  useLocaleFormat,
} from '../../widgets';
import { useServiceChoices } from './choices';

function Actions() {
  const can = useCan();
  return <TopToolbar>{can('services', 'create') && <CreateButton />}</TopToolbar>;
}

/** A service's prices as chips: the complex (or "all complexes") and the price in its currency. */
function Prices({ service }: { service: Service }) {
  const { amount: formatAmount } = useLocaleFormat();
  const translate = useTranslate();
  return (
    <Stack direction="row" gap={0.5} flexWrap="wrap">
      {service.prices.map((p) => (
        <Chip
          key={`${p.building_id ?? 'all'}`}
          size="small"
          variant="outlined"
          label={`${p.building_name ?? translate('services.all_complexes')}: ${formatAmount(p.price, p.currency)}`}
        />
      ))}
    </Stack>
  );
}

/** A card's line: the service's unit, then its prices per complex in the user's digits. */
function CardLine() {
  const service = useRecordContext<Service>();
  const { amount: formatAmount } = useLocaleFormat();
  const translate = useTranslate();
  if (!service) return null;
  const prices = service.prices.map(
    (p) => `${p.building_name ?? translate('services.all_complexes')}: ${formatAmount(p.price, p.currency)}`,
  );
  return <>{[translate(`services.units.${service.unit}`), ...prices].join(' · ')}</>;
}

/** A service no renovation container uses may be deleted. */
function DeleteUnusedButton() {
  const service = useRecordContext<Service>();
  return service && !service.in_use ? <DeleteWithConfirmButton /> : null;
}

/** /services: every service with its unit, prices per complex and whether it is active; a row opens its form. */
export function ServiceList() {
  const { units } = useServiceChoices();
  const can = useCan();
  const translate = useTranslate();
  const filters = [
    <SearchInput key="q" source="q" alwaysOn />,
    <SelectInput key="unit" source="unit" choices={units} alwaysOn />,
    <NullableBooleanInput key="active" source="active" alwaysOn />,
  ];
  return (
    <List
      filters={filters}
      actions={<Actions />}
      pagination={<Paginator />}
      perPage={DEFAULT_PER_PAGE}
      sort={{ field: 'id', order: 'ASC' }}
      empty={<EmptyList mayCreate={can('services', 'create')} />}
    >
      <PhoneCards<Service>
        primaryText={(s) => s.name}
        secondaryText={<CardLine />}
        tertiaryText={(s) =>
          s.active && <Chip size="small" color="success" label={translate('resources.services.fields.active')} />
        }
        rowClick={can('services', 'edit') ? 'edit' : false}
        actions={can('services', 'delete') && <DeleteUnusedButton />}
      >
        <Datagrid rowClick={can('services', 'edit') ? 'edit' : false} bulkActionButtons={false}>
          <TextField source="id" />
          <TextField source="name" sortable={false} />
          <FunctionField source="unit" render={(s: Service) => translate(`services.units.${s.unit}`)} />
          <FunctionField source="prices" sortable={false} render={(s: Service) => <Prices service={s} />} />
          <BooleanField source="active" />
          <BooleanField source="in_use" sortable={false} />
          {can('services', 'delete') && (
            <FunctionField render={(s: Service) => (s.in_use ? null : <DeleteWithConfirmButton />)} />
          )}
        </Datagrid>
      </PhoneCards>
    </List>
  );
}
