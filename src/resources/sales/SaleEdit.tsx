import { businessToday } from '../../../domain/businessDay';
import { useEffect, useMemo, useRef } from 'react';
import { Box, Divider, MenuItem, Stack, TextField as MuiTextField, Typography } from '@mui/material';
import {
  AutocompleteArrayInput,
  AutocompleteInput,
  Create,
  Edit,
  Loading,
  minValue,
  NumberInput,
  ReferenceInput,
  required,
  SaveButton,
  SelectInput,
  SimpleForm,
  TextInput,
  Toolbar,
  useGetList,
  useGetOne,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import { useSearchParams } from 'react-router-dom';
import { fromMinor, toMinor } from '../../../domain/money';
import { DateInput, percentRule, RecordForm } from '../../widgets';
import { useEnumChoices } from '../../widgets/choices';
import { CURRENCY_CHOICES, useSaleChoices } from './choices';
import { FormSchedulePreview } from './SchedulePreview';
import type { SaleRecord } from './types';
import { ResponsibleManagerInput } from '../users/ResponsibleManagerInput';
import { CustomFieldInputs } from '../customFields/CustomFieldInputs';

const requiredField = required('validation.required');
const positive = minValue(0.01, 'validation.positive');
const blankToNull = (v: unknown) => (v === '' || v === undefined ? null : v);

interface FreeUnit {
  id: number;
  no: string;
  floor: number;
  area: number;
  block_name: string | null;
  price: number | null;
  currency: string;
  building_id: number;
}

/** The reservation a sale is made from (/sales/create?pre_sale_booking_id=…). */
interface ReservationToSell {
  id: number;
  property_id: number;
  property_no: string;
  customer_id: number;
}

/** POST /sales takes these; the complex picker stays behind. */
const createFields = (d: Record<string, unknown>) => ({
  property_ids: d.property_ids,
  customer_id: d.customer_id,
  agent_id: blankToNull(d.agent_id),
  agent_fee_percent: blankToNull(d.agent_fee_percent) ?? undefined,
  minimum_income_percent: blankToNull(d.minimum_income_percent) ?? undefined,
  price: d.price,
  currency: d.currency,
  contract_no: blankToNull(d.contract_no) ?? undefined,
  contract_type: d.contract_type,
  payment_type: d.payment_type,
  contract_language: d.contract_language,
  contract_start_date: d.contract_start_date,
  contract_end_date: blankToNull(d.contract_end_date) ?? undefined,
  first_payment_date: blankToNull(d.first_payment_date) ?? undefined,
  period_months: blankToNull(d.period_months) ?? undefined,
  payments_count: blankToNull(d.payments_count) ?? undefined,
  formula: blankToNull(d.formula) ?? undefined,
  user_id: blankToNull(d.user_id) ?? undefined,
  activity_type: blankToNull(d.activity_type) ?? undefined,
  note: blankToNull(d.note) ?? undefined,
  pre_sale_booking_id: blankToNull(d.pre_sale_booking_id) ?? undefined,
  renovation_price: blankToNull(d.renovation_price) ?? undefined,
  custom_fields: d.custom_fields,
});

/**
 * The units picker: a complex, then several of its free units (and the unit of the reservation being sold, which is
 * held for this sale); picking units fills the price until it is typed.
 */
function UnitsPicker({ reserved }: { reserved?: FreeUnit }) {
  const translate = useTranslate();
  const { setValue, getFieldState } = useFormContext();
  const buildingId = useWatch({ name: 'building_id' });
  const propertyIds = useWatch({ name: 'property_ids' }) as number[] | undefined;
  const { data: complexes = [] } = useGetList('buildings', {
    pagination: { page: 1, perPage: 1000 },
    sort: { field: 'name', order: 'ASC' },
  });
  const { data: freeUnits = [] } = useGetList<FreeUnit>(
    'properties',
    {
      filter: { status: 'free', building_id: buildingId },
      pagination: { page: 1, perPage: 1000 },
      sort: { field: 'no', order: 'ASC' },
    },
    { enabled: Boolean(buildingId) },
  );
  const free = useMemo(
    () => (reserved && reserved.building_id === buildingId ? [reserved, ...freeUnits] : freeUnits),
    [reserved, buildingId, freeUnits],
  );
  const choices = useMemo(
    () =>
      free.map((u) => ({
        id: u.id,
        name: [u.block_name, translate('sales.unit_label', { no: u.no, floor: u.floor, area: u.area })]
          .filter(Boolean)
          .join(', '),
      })),
    [free, translate],
  );
  const previous = useRef(buildingId);
  useEffect(() => {
    if (previous.current && previous.current !== buildingId) setValue('property_ids', [], { shouldDirty: true });
    previous.current = buildingId;
  }, [buildingId, setValue]);
  useEffect(() => {
    if (getFieldState('price').isDirty) return;
    const chosen = free.filter((u) => propertyIds?.includes(u.id));
    if (!chosen.length) return;
    const total = chosen.reduce((s, u) => s + (u.price == null ? 0 : toMinor(u.price)), 0);
    if (total > 0) setValue('price', fromMinor(total));
    setValue('currency', chosen[0].currency);
  }, [propertyIds, free, getFieldState, setValue]);
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} gap={2} sx={{ width: '100%' }}>
      <MuiTextField
        select
        size="small"
        label={translate('sales.pick_complex')}
        value={buildingId ?? ''}
        onChange={(e) => setValue('building_id', Number(e.target.value), { shouldDirty: true })}
        sx={{ flex: { md: '0 0 300px' } }}
      >
        {complexes.map((c) => (
          <MenuItem key={c.id} value={c.id}>
            {c.name}
          </MenuItem>
        ))}
      </MuiTextField>
      <Box sx={{ flex: 1, minWidth: 0 }} role="group" aria-label={translate('sales.free_units')}>
        <AutocompleteArrayInput
          source="property_ids"
          label="sales.free_units"
          choices={choices}
          validate={requiredField}
          disabled={!buildingId}
          fullWidth
        />
      </Box>
    </Stack>
  );
}

function CustomerInput() {
  return (
    <ReferenceInput source="customer_id" reference="customers" filter={{ shortMode: 1 }} perPage={50}>
      <AutocompleteInput
        optionText="name"
        validate={requiredField}
        fullWidth
        filterToQuery={(search) => ({ q: search })}
      />
    </ReferenceInput>
  );
}

/** Changing the customer of a sale needs the date and the reason of the change. */
function CustomerChange() {
  const translate = useTranslate();
  const record = useRecordContext<SaleRecord>();
  const customerId = useWatch({ name: 'customer_id' });
  if (!record || customerId == null || customerId === record.customer_id) return null;
  return (
    <Box sx={{ width: '100%' }}>
      <Typography variant="body2" color="warning.main" gutterBottom>
        {translate('sales.customer_change_hint')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} gap={2}>
        <DateInput source="customer_change_date" validate={requiredField} />
        <TextInput source="customer_change_reason" validate={requiredField} fullWidth />
      </Stack>
    </Box>
  );
}

/** Terms both pages share: agent, contract, responsible details. */
function ContractInputs() {
  const contractTypes = useEnumChoices('contract_type');
  const paymentTypes = useSaleChoices('payment_type');
  const languages = useSaleChoices('contract_language');
  return (
    <>
      <Stack direction={{ xs: 'column', md: 'row' }} gap={2} sx={{ width: '100%' }}>
        <ReferenceInput source="agent_id" reference="agents" perPage={50}>
          <AutocompleteInput
            optionText="name"
            fullWidth
            filterToQuery={(search) => ({ q: search })}
            emptyText="sales.no_agent"
          />
        </ReferenceInput>
        <NumberInput source="agent_fee_percent" validate={percentRule} />
        <NumberInput source="minimum_income_percent" validate={percentRule} />
      </Stack>
      <Stack direction={{ xs: 'column', md: 'row' }} gap={2} sx={{ width: '100%' }}>
        <TextInput source="contract_no" />
        <SelectInput source="contract_type" choices={contractTypes} validate={requiredField} />
        <SelectInput source="payment_type" choices={paymentTypes} validate={requiredField} />
        <SelectInput source="contract_language" choices={languages} validate={requiredField} />
      </Stack>
      <Stack direction={{ xs: 'column', md: 'row' }} gap={2}>
        <DateInput source="contract_start_date" validate={requiredField} />
        <DateInput source="contract_end_date" />
      </Stack>
    </>
  );
}

function OtherInputs() {
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} gap={2} sx={{ width: '100%' }}>
      <ResponsibleManagerInput source="user_id" sx={{ minWidth: 220 }} />
      <TextInput source="activity_type" />
      <NumberInput source="renovation_price" min={0} />
      <TextInput source="note" multiline fullWidth />
    </Stack>
  );
}

/** The schedule fields with the live preview beside them. */
export function ScheduleInputs() {
  return (
    <Stack direction={{ xs: 'column', lg: 'row' }} gap={3} sx={{ width: '100%' }}>
      <Box>
        <DateInput source="first_payment_date" validate={requiredField} />
        <Stack direction="row" gap={2}>
          <NumberInput source="period_months" validate={requiredField} min={1} />
          <NumberInput source="payments_count" validate={requiredField} min={1} />
        </Stack>
        <TextInput source="formula" helperText="1200:4,1700:3" fullWidth />
      </Box>
      <FormSchedulePreview />
    </Stack>
  );
}

/** First payment follows the contract date until it is typed. */
function FirstPaymentFollowsContract() {
  const { setValue } = useFormContext();
  const { dirtyFields } = useFormState();
  const start = useWatch({ name: 'contract_start_date' });
  useEffect(() => {
    if (start && !dirtyFields.first_payment_date) setValue('first_payment_date', start);
  }, [start, dirtyFields.first_payment_date, setValue]);
  return null;
}

/** After a save the user lands on the sale page, /sales/{id}. */
export const salePage = (_resource: string | undefined, id: unknown) => `/sales/${id}`;

const today = () => businessToday();

/**
 * /sales/create: units of one complex, customer, agent, price, contract and the schedule with its live preview; from a
 * reservation, its unit and customer are filled in and saving the sale converts the reservation.
 */
export function SaleCreate() {
  const translate = useTranslate();
  const [params] = useSearchParams();
  const reservationId = Number(params.get('pre_sale_booking_id')) || undefined;
  const { data: reservation, isPending: reservationPending } = useGetOne<ReservationToSell>(
    'pre-sale-bookings',
    { id: reservationId as number },
    { enabled: Boolean(reservationId), retry: false },
  );
  const propertyId = reservation?.property_id ?? (Number(params.get('property_id')) || undefined);
  const { data: unit, isPending } = useGetOne<FreeUnit>(
    'properties',
    { id: propertyId as number },
    { enabled: Boolean(propertyId) },
  );
  if ((reservationId && reservationPending) || (propertyId && isPending)) return <Loading />;
  const defaults = {
    customer_id: reservation?.customer_id,
    pre_sale_booking_id: reservation?.id,
    building_id: unit?.building_id,
    property_ids: unit ? [unit.id] : [],
    price: unit?.price ?? undefined,
    currency: unit?.currency ?? 'USD',
    contract_type: 'installment',
    payment_type: 'bank_transfer',
    contract_language: 'ka',
    contract_start_date: today(),
    first_payment_date: today(),
    period_months: 1,
    payments_count: 1,
  };
  return (
    <Create resource="sales" transform={createFields} redirect={salePage}>
      <SimpleForm
        defaultValues={defaults}
        warnWhenUnsavedChanges={false}
        toolbar={
          // a form filled in from a unit or a reservation is ready to save as it stands
          <Toolbar>
            <SaveButton alwaysEnable />
          </Toolbar>
        }
      >
        {reservation && (
          <Typography variant="body2" color="info.main">
            {translate('sales.from_reservation', { id: reservation.id, no: reservation.property_no })}
          </Typography>
        )}
        <UnitsPicker reserved={reservation ? unit : undefined} />
        <CustomerInput />
        <Stack direction={{ xs: 'column', md: 'row' }} gap={2}>
          <NumberInput source="price" validate={[requiredField, positive]} />
          <SelectInput source="currency" choices={CURRENCY_CHOICES} validate={requiredField} />
        </Stack>
        <ContractInputs />
        <FirstPaymentFollowsContract />
        <Divider flexItem sx={{ my: 2 }} />
        <ScheduleInputs />
        <Divider flexItem sx={{ my: 2 }} />
        <OtherInputs />
        <CustomFieldInputs recordKind="sale" />
      </SimpleForm>
    </Create>
  );
}

/** PUT /sales/{id} takes these; the customer change's date and reason go only when the customer changes. */
const editFields = (d: Record<string, unknown>, { previousData }: { previousData?: SaleRecord } = {}) => {
  const changed = previousData ? d.customer_id !== previousData.customer_id : false;
  return {
    contract_no: d.contract_no,
    customer_id: d.customer_id,
    ...(changed
      ? { customer_change_date: d.customer_change_date, customer_change_reason: d.customer_change_reason }
      : {}),
    agent_id: blankToNull(d.agent_id),
    agent_fee_percent: blankToNull(d.agent_fee_percent),
    minimum_income_percent: blankToNull(d.minimum_income_percent),
    contract_type: d.contract_type,
    payment_type: d.payment_type,
    contract_language: d.contract_language,
    contract_start_date: d.contract_start_date,
    contract_end_date: blankToNull(d.contract_end_date),
    user_id: blankToNull(d.user_id) ?? undefined,
    activity_type: blankToNull(d.activity_type),
    note: blankToNull(d.note),
    renovation_price: blankToNull(d.renovation_price),
    custom_fields: d.custom_fields,
  };
};

/** /sales/{id}/edit: the sale's terms (units and schedule change from the sale page). */
export function SaleEdit() {
  return (
    <Edit mutationMode="pessimistic" transform={editFields} redirect={salePage}>
      <RecordForm warnWhenUnsavedChanges={false}>
        <CustomerInput />
        <CustomerChange />
        <ContractInputs />
        <OtherInputs />
        <CustomFieldInputs recordKind="sale" />
      </RecordForm>
    </Edit>
  );
}
