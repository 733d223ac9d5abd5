import { useEffect, useState } from 'react';
import { Badge, Box, Button, Card, CardContent, Collapse, Paper, Stack } from '@mui/material';
import FilterListIcon from '@mui/icons-material/FilterList';
import ClearIcon from '@mui/icons-material/Clear';
import FlagIcon from '@mui/icons-material/Flag';
import {
  AutocompleteInput,
  FilterList,
  FilterListItem,
  FilterLiveForm,
  NumberInput,
  ReferenceArrayInput,
  ReferenceInput,
  SavedQueriesList,
  SearchInput,
  SelectArrayInput,
  SelectInput,
  TextInput,
  useListContext,
  useStore,
  useTranslate,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import { SALE_STATUSES } from '../../../domain/sales';
import { DateInput, DateRangeInput } from '../../widgets';
import { useCan } from '../../layout/useCan';
import { useBlocks, useEnumChoices } from '../../widgets/choices';
import { useCountries } from '../customers/choices';
import { CURRENCY_CHOICES, useSaleChoices } from './choices';
import { CurrentPageFilter, filtersInUse, PaymentPercentFilter } from './SaleFilterRules';

export const SALE_FILTERS_OPEN_KEY = 'sales.filtersOpen';
/** The panel holds every sale filter: closed until the user opens it, then as the user left it. */
const OPEN_BY_DEFAULT = false;

const small = { size: 'small' as const, helperText: false as const, fullWidth: false };

function YesNo({ source }: { source: string }) {
  const translate = useTranslate();
  const choices = [
    { id: 'true', name: translate('sales.yes') },
    { id: 'false', name: translate('sales.no') },
  ];
  return <SelectInput source={source} choices={choices} emptyText="sales.any" {...small} sx={{ minWidth: 170 }} />;
}

/** Blocks of the first complex chosen in the filter. */
function BlockFilter() {
  const buildingIds = useWatch({ name: 'building_ids' }) as number[] | undefined;
  const blocks = useBlocks(buildingIds?.[0]);
  return (
    <SelectInput
      source="block"
      choices={blocks}
      disabled={!buildingIds?.length}
      emptyText="sales.any"
      {...small}
      sx={{ minWidth: 140 }}
    />
  );
}

/** A country filter: its choices load with the opened panel, not with the list. */
function CountryFilter({ source }: { source: string }) {
  const { choices } = useCountries();
  return <SelectInput source={source} choices={choices} emptyText="sales.any" {...small} sx={{ minWidth: 170 }} />;
}

/** The filters of the live sales (the trash filters by its cancellation date only). */
function LiveSaleFilters() {
  const can = useCan();
  const statuses = useSaleChoices('status');
  const renovation = useSaleChoices('renovation_status');
  const owners = useSaleChoices('owner');
  const languages = useSaleChoices('contract_language');
  const contractTypes = useEnumChoices('contract_type');
  const states = useEnumChoices('property_state');
  const types = useEnumChoices('property_type');
  return (
    <>
      <ReferenceInput source="customer_id" reference="customers" filter={{ shortMode: 1 }} perPage={50}>
        <AutocompleteInput
          optionText="name"
          label="resources.sales.fields.customer_id"
          filterToQuery={(q) => ({ q })}
          {...small}
          sx={{ minWidth: 220 }}
        />
      </ReferenceInput>
      <CountryFilter source="customer_country" />
      <CountryFilter source="customer_citizen" />
      {can('agents', 'list') && (
        <ReferenceInput source="agent_id" reference="agents" perPage={50}>
          <AutocompleteInput
            optionText="name"
            label="resources.sales.fields.agent_id"
            filterToQuery={(q) => ({ q })}
            {...small}
            sx={{ minWidth: 200 }}
          />
        </ReferenceInput>
      )}
      {can('users', 'list') && (
        <ReferenceInput source="user_id" reference="users" perPage={100}>
          <AutocompleteInput
            optionText="full_name"
            label="resources.sales.fields.user_id"
            filterToQuery={(q) => ({ q })}
            {...small}
            sx={{ minWidth: 200 }}
          />
        </ReferenceInput>
      )}
      <SelectInput
        source="payment_ccy"
        choices={CURRENCY_CHOICES}
        emptyText="sales.any"
        {...small}
        sx={{ minWidth: 120 }}
      />
      <SelectArrayInput source="sale_statuses" choices={statuses} {...small} sx={{ minWidth: 180 }} />
      <SelectArrayInput source="renovation_statuses" choices={renovation} {...small} sx={{ minWidth: 180 }} />
      <SelectInput
        source="contract_type"
        choices={contractTypes}
        emptyText="sales.any"
        {...small}
        sx={{ minWidth: 170 }}
      />
      <SelectInput source="contract_lang" choices={languages} emptyText="sales.any" {...small} sx={{ minWidth: 150 }} />
      <SelectInput source="property_state" choices={states} emptyText="sales.any" {...small} sx={{ minWidth: 170 }} />
      <SelectInput source="property_type" choices={types} emptyText="sales.any" {...small} sx={{ minWidth: 170 }} />
      <SelectInput source="owner" choices={owners} emptyText="sales.any" {...small} sx={{ minWidth: 160 }} />
      <TextInput source="activity_type" {...small} sx={{ width: 170 }} />
      <TextInput source="info_source" {...small} sx={{ width: 170 }} />
      <PaymentPercentFilter />
      <DateRangeInput source="contract_start_date" resource="sales" />
      <DateRangeInput
        source="first_installment_date"
        label="resources.sales.fields.first_payment_date"
        resource="sales"
      />
      <DateRangeInput source="installment_due" label="resources.sales.fields.installment_due" resource="sales" />
      <DateRangeInput source="adding_date" label="resources.sales.fields.created_at" resource="sales" />
      <DateInput source="customer_birth_date" {...small} />
      <YesNo source="has_payments" />
      <YesNo source="has_docs" />
      <YesNo source="with_multiple_properties" />
      <YesNo source="customer_has_phone" />
      <YesNo source="customer_has_email" />
      <YesNo source="cancellation_candidate" />
    </>
  );
}

/** The collapsible filter panel holding every sale filter. */
export function SaleFilterPanel({ trashed = false }: { trashed?: boolean }) {
  const translate = useTranslate();
  const [open] = useStore(SALE_FILTERS_OPEN_KEY, OPEN_BY_DEFAULT);
  // the panel's lookups (complexes, customers, agents, managers) load when it is first opened, not with the list
  const [opened, setOpened] = useState(open);
  useEffect(() => {
    if (open) setOpened(true);
  }, [open]);
  const { setFilters, displayedFilters } = useListContext();
  return (
    <Collapse in={open} unmountOnExit={false}>
      {opened && (
        <Paper variant="outlined" sx={{ m: 1, p: 2 }}>
          <FilterLiveForm debounce={400}>
            <Stack gap={1} direction="row" flexWrap="wrap" columnGap={2} alignItems="flex-start">
              <SearchInput source="q" fullWidth={false} sx={{ width: 240 }} />
              <NumberInput source="id" {...small} sx={{ width: 100 }} />
              <TextInput source="contract_no" {...small} sx={{ width: 160 }} />
              <TextInput source="property_num" {...small} sx={{ width: 130 }} />
              <ReferenceArrayInput
                source="building_ids"
                reference="buildings"
                perPage={1000}
                sort={{ field: 'name', order: 'ASC' }}
              >
                <SelectArrayInput
                  optionText="name"
                  label="resources.sales.fields.building_ids"
                  {...small}
                  sx={{ minWidth: 200 }}
                />
              </ReferenceArrayInput>
              <BlockFilter />
              {trashed ? (
                <>
                  <DateRangeInput source="date" label="resources.sales.fields.cancelled_on" resource="sales" />
                </>
              ) : (
                <LiveSaleFilters />
              )}
              <CurrentPageFilter />
            </Stack>
          </FilterLiveForm>
          <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
            <Button size="small" startIcon={<ClearIcon />} onClick={() => setFilters({}, displayedFilters)}>
              {translate('sales.clear_filters')}
            </Button>
          </Box>
        </Paper>
      )}
    </Collapse>
  );
}

/** Shows or hides the panel; the badge counts the filters in use. */
export function SaleFiltersToggle() {
  const translate = useTranslate();
  const [open, setOpen] = useStore(SALE_FILTERS_OPEN_KEY, OPEN_BY_DEFAULT);
  const { filterValues } = useListContext();
  const inUse = filtersInUse(filterValues);
  return (
    <Button
      size="small"
      onClick={() => setOpen(!open)}
      aria-expanded={open}
      startIcon={
        <Badge badgeContent={inUse} color="primary">
          <FilterListIcon />
        </Badge>
      }
    >
      {translate('sales.filters')}
    </Button>
  );
}

/**
 * The side column: saved filter sets (react-admin's saved queries, kept per user in the browser) and quick statuses.
 */
export function SaleSidebar() {
  const translate = useTranslate();
  return (
    <Card sx={{ order: -1, mr: 1, mt: 1, width: 220, flexShrink: 0, display: { xs: 'none', md: 'block' } }}>
      <CardContent>
        {/* its heading leaves room for the help or save icon react-admin floats at its right edge */}
        <Box sx={{ '& .MuiTypography-overline': { display: 'block', pr: 3.5, lineHeight: 1.5 } }}>
          <SavedQueriesList />
        </Box>
        <FilterList label="resources.sales.fields.status" icon={<FlagIcon />}>
          {SALE_STATUSES.filter((s) => s !== 'canceled').map((status) => (
            <FilterListItem
              key={status}
              label={translate(`sales.status.${status}`)}
              value={{ sale_statuses: [status] }}
            />
          ))}
        </FilterList>
      </CardContent>
    </Card>
  );
}
