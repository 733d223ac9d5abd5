import {
  ArrayInput,
  BooleanInput,
  Create,
  Edit,
  NumberInput,
  ReferenceInput,
  SelectInput,
  SimpleForm,
  SimpleFormIterator,
  TextInput,
  maxLength,
  minValue,
  required,
  useTranslate,
} from 'react-admin';
import { CURRENCY_CHOICES } from '../../widgets/choices';
import { useServiceChoices } from './choices';
import { RecordForm } from '../../widgets';

const requiredField = required('validation.required');

/** The fields of a service: names in three languages, unit of measure, active, and a price per complex or for all. */
function ServiceInputs() {
  const { units } = useServiceChoices();
  const translate = useTranslate();
  return (
    <>
      <TextInput source="name_ka" validate={[requiredField, maxLength(255)]} fullWidth />
      <TextInput source="name_en" validate={maxLength(255)} fullWidth />
      <TextInput source="name_ru" validate={maxLength(255)} fullWidth />
      <SelectInput source="unit" choices={units} validate={requiredField} defaultValue="unit" />
      <BooleanInput source="active" defaultValue={true} />
      <ArrayInput source="prices" defaultValue={[]}>
        <SimpleFormIterator inline disableReordering>
          <ReferenceInput
            source="building_id"
            reference="buildings"
            perPage={1000}
            sort={{ field: 'name', order: 'ASC' }}
          >
            <SelectInput
              optionText="name"
              emptyText={translate('services.all_complexes')}
              label="resources.services.fields.building_id"
              sx={{ minWidth: 200 }}
            />
          </ReferenceInput>
          <NumberInput
            source="price"
            validate={[requiredField, minValue(0.01, 'validation.positive')]}
            min={0}
            step={0.01}
            label="resources.services.fields.price"
          />
          <SelectInput
            source="currency"
            choices={CURRENCY_CHOICES}
            validate={requiredField}
            defaultValue="GEL"
            label="resources.services.fields.currency"
          />
        </SimpleFormIterator>
      </ArrayInput>
    </>
  );
}

/** Only what the API takes: the record's read-only fields (name, in_use, building names) stay behind. */
const transform = (data: Record<string, unknown>) => ({
  name_ka: data.name_ka,
  name_en: data.name_en ?? null,
  name_ru: data.name_ru ?? null,
  unit: data.unit,
  active: data.active ?? true,
  prices: ((data.prices as Array<Record<string, unknown>> | undefined) ?? []).map((p) => ({
    building_id: p.building_id || null,
    price: p.price,
    currency: p.currency,
  })),
});

export function ServiceCreate() {
  return (
    <Create redirect="list" transform={transform}>
      <SimpleForm>
        <ServiceInputs />
      </SimpleForm>
    </Create>
  );
}

export function ServiceEdit() {
  return (
    <Edit redirect="list" mutationMode="pessimistic" transform={transform}>
      <RecordForm>
        <ServiceInputs />
      </RecordForm>
    </Edit>
  );
}
