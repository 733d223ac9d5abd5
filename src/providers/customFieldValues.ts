import type { DataProvider, Identifier } from 'react-admin';
import type { CustomFieldValueEntry } from '../../domain/contracts/customFields';
import type { CustomFieldRecordKind } from '../../domain/customFields';
import { api } from './httpClient';

/** The resources whose forms carry custom fields, and the record kind each is. */
export const RECORD_KIND_OF: Record<string, CustomFieldRecordKind> = {
  sales: 'sale',
  customers: 'customer',
  properties: 'unit',
  buildings: 'complex',
};

const valuesPath = (kind: CustomFieldRecordKind, id?: Identifier) =>
  `/custom-fields/values/${kind}${id === undefined ? '' : `/${id}`}`;

/** GET /custom-fields/values/{kind}/{id}: the kind's fields with the record's values (no id: a new record's, empty). */
export const readCustomFieldValues = (kind: CustomFieldRecordKind, id?: Identifier) =>
  api<{ data: CustomFieldValueEntry[] }>(valuesPath(kind, id)).then((r) => r.data);

/** PUT /custom-fields/values/{kind}/{id}: the values by field name (null clears one). */
export const writeCustomFieldValues = (kind: CustomFieldRecordKind, id: Identifier, values: Record<string, unknown>) =>
  api<{ data: CustomFieldValueEntry[] }>(valuesPath(kind, id), {
    method: 'PUT',
    body: { custom_fields: values },
  }).then((r) => r.data);

const takeValues = (data: unknown) => {
  const { custom_fields: values, ...rest } = (data ?? {}) as Record<string, unknown>;
  const given = values && typeof values === 'object' && Object.keys(values).length ? values : undefined;
  return { rest, values: given as Record<string, unknown> | undefined };
};

/**
 * The forms of sales, customers, units and complexes send their custom fields as `custom_fields: {name: value}` (the
 * <CustomFieldInputs/> of src/resources/customFields): the record is saved without them, then they are written through
 * their own call with the record's id. A refused value rejects like a refused record field, under its input's name.
 */
export function withCustomFieldValues<P extends DataProvider>(provider: P): P {
  return {
    ...provider,
    async create(resource, params) {
      const kind = RECORD_KIND_OF[resource];
      if (!kind) return provider.create(resource, params);
      const { rest, values } = takeValues(params.data);
      const result = await provider.create(resource, { ...params, data: rest as typeof params.data });
      if (values) await writeCustomFieldValues(kind, result.data.id, values);
      return result;
    },
    async update(resource, params) {
      const kind = RECORD_KIND_OF[resource];
      if (!kind) return provider.update(resource, params);
      const { rest, values } = takeValues(params.data);
      const result = await provider.update(resource, { ...params, data: rest as typeof params.data });
      if (values) await writeCustomFieldValues(kind, params.id, values);
      return result;
    },
  };
}
