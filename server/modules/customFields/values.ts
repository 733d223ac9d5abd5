import { and, eq, isNull, sql } from 'drizzle-orm';
import { hasAnyPermission, isViewOnly } from '../../../domain/access';
import {
  displayCustomValue,
  formValueOf,
  parseCustomValue,
  type CustomFieldRecordKind,
} from '../../../domain/customFields';
import type { DateFormat } from '../../../domain/dateFormats';
import type { Permission } from '../../../domain/permissions';
import type { Db, Tx } from '../../db/client';
import { buildings, customers, customFields, customFieldValueRows, properties, sales } from '../../db/schema';
import { forbidden, invalid, notFound } from '../../core/errors';
import { inBuildingScope } from '../../core/scope';
import type { CurrentUser } from '../../core/types';
import { visibleTo } from '../customers';
import { saleVisible, saleVisibleWithCancelled } from '../saleLedger';

type FieldRow = typeof customFields.$inferSelect;

/** Who may read and who may write a record kind's values: the permissions of the record itself. */
export const VALUE_ACCESS: Record<CustomFieldRecordKind, { read: Permission[]; write: Permission[] }> = {
  sale: { read: ['view_sales', 'view_only_own_sales'], write: ['add_sales', 'edit_sales'] },
  customer: { read: ['view_customers', 'view_only_own_customers'], write: ['add_customers', 'edit_customers'] },
  unit: { read: ['view_properties'], write: ['add_properties', 'edit_properties'] },
  complex: { read: ['view_buildings'], write: ['add_buildings', 'edit_buildings'] },
};

/** Every permission that reads some record kind's values (the routes' declared access; the kind narrows it). */
export const ANY_VALUE_READER = [...new Set(Object.values(VALUE_ACCESS).flatMap((a) => a.read))];
export const ANY_VALUE_WRITER = [...new Set(Object.values(VALUE_ACCESS).flatMap((a) => a.write))];

/**
 * The record must be one the caller sees, through its own module's rule (a sale's building scope and own-sales rule,
 * a customer's own-customers rule, a unit's or complex's building scope): otherwise 404, as for the record itself.
 * Answers the record's complex (none for a customer).
 */
async function assertVisible(
  db: Db | Tx,
  user: CurrentUser,
  kind: CustomFieldRecordKind,
  id: number,
  mode: 'read' | 'write',
) {
  const visibleRecord: Record<CustomFieldRecordKind, () => PromiseLike<Array<{ buildingId: number | null }>>> = {
    // a cancelled sale's page reads its values too; only a live sale's change
    sale: () =>
      db
        .select({ buildingId: sales.buildingId })
        .from(sales)
        .where(and(eq(sales.id, id), mode === 'read' ? saleVisibleWithCancelled(user) : saleVisible(user))),
    customer: () =>
      db
        .select({ buildingId: sql<null>`null` })
        .from(customers)
        .where(and(eq(customers.id, id), isNull(customers.deletedAt), visibleTo(user))),
    unit: () =>
      db
        .select({ buildingId: properties.buildingId })
        .from(properties)
        .where(and(eq(properties.id, id), inBuildingScope(user, properties.buildingId))),
    complex: () =>
      db
        .select({ buildingId: buildings.id })
        .from(buildings)
        .where(and(eq(buildings.id, id), inBuildingScope(user, buildings.id))),
  };
  const [row] = await visibleRecord[kind]();
  if (!row) throw notFound();
  return row.buildingId;
}

/** The caller may read (or write) this kind's values and sees the record: else 403 or 404. Answers its complex. */
export async function checkRecordAccess(
  db: Db | Tx,
  user: CurrentUser,
  kind: CustomFieldRecordKind,
  id: number,
  mode: 'read' | 'write',
) {
  const allowed = hasAnyPermission(user, VALUE_ACCESS[kind][mode]) && !(mode === 'write' && isViewOnly(user));
  if (!allowed) throw forbidden();
  return assertVisible(db, user, kind, id, mode);
}

const labelIn = (field: FieldRow, locale: string) =>
  (locale === 'en' ? field.labelEn : locale === 'ru' ? field.labelRu : null) || field.labelKa;

/** The fields of a kind, each with the record's stored value (null when it has none). */
async function storedValues(db: Db | Tx, kind: CustomFieldRecordKind, recordId: number) {
  const rows = await db
    .select({ field: customFields, value: customFieldValueRows.value })
    .from(customFields)
    .leftJoin(
      customFieldValueRows,
      and(eq(customFieldValueRows.fieldId, customFields.id), eq(customFieldValueRows.recordId, recordId)),
    )
    .where(eq(customFields.recordKind, kind))
    .orderBy(customFields.id);
  return rows.map((r) => ({ field: r.field, value: r.value ?? null }));
}

/** GET /custom-fields/values/...: every field of the kind with the record's value, as forms and pages use it. */
export async function valuesOf(
  db: Db | Tx,
  kind: CustomFieldRecordKind,
  recordId: number,
  options: { locale: string; dateFormat?: DateFormat },
) {
  return (await storedValues(db, kind, recordId)).map(({ field, value }) => ({
    field_id: field.id,
    name: field.name,
    label: labelIn(field, options.locale),
    type: field.type,
    choices: field.choices,
    value: formValueOf(field.type, value),
    display: displayCustomValue(field.type, value, options),
  }));
}

/**
 * Writes a record's values in the caller's transaction: `values` names fields of the kind (one left out keeps its
 * value; null or '' clears it). Every value is checked against its field's type first: a wrong one answers 422 under
 * `custom_fields.<name>`, and nothing is written.
 */
export async function saveCustomFieldValues(
  tx: Db | Tx,
  kind: CustomFieldRecordKind,
  recordId: number,
  values: Record<string, unknown>,
) {
  const fields = new Map(
    (await tx.select().from(customFields).where(eq(customFields.recordKind, kind))).map((f) => [f.name, f]),
  );
  const errors: Record<string, string[]> = {};
  const writes: Array<{ field: FieldRow; value: string | null }> = [];
  for (const [name, raw] of Object.entries(values)) {
    const field = fields.get(name);
    if (!field) {
      errors[`custom_fields.${name}`] = ['custom_fields.errors.unknown'];
      continue;
    }
    const parsed = parseCustomValue(field, raw);
    if (parsed.ok) writes.push({ field, value: parsed.value });
    else errors[`custom_fields.${name}`] = [parsed.error];
  }
  if (Object.keys(errors).length) throw invalid(errors);
  for (const { field, value } of writes) {
    const key = and(eq(customFieldValueRows.fieldId, field.id), eq(customFieldValueRows.recordId, recordId));
    if (value === null) {
      await tx.delete(customFieldValueRows).where(key);
      continue;
    }
    await tx
      .insert(customFieldValueRows)
      .values({ fieldId: field.id, recordKind: kind, recordId, value })
      .onConflictDoUpdate({
        target: [customFieldValueRows.fieldId, customFieldValueRows.recordId],
        set: { value, updatedAt: new Date() },
      });
  }
}

/**
 * A record's custom fields as a template fills them: every field of the kind by its name, the value printed
 * as a page prints it (a date in `dateFormat`, DD.MM.YYYY unless told; a yes/no in `locale`, Georgian unless told),
 * '' for a field the record leaves empty, so the caller can list it as missing.
 */
export async function customFieldValues(
  db: Db | Tx,
  recordKind: CustomFieldRecordKind,
  recordId: number,
  options: { locale?: string; dateFormat?: DateFormat } = {},
): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const { field, value } of await storedValues(db, recordKind, recordId))
    out[field.name] = displayCustomValue(field.type, value, options);
  return out;
}
