/** Custom fields: fields a developer adds to its sales, customers, units and complexes, and their values. */
import { index, integer, jsonb, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { CustomFieldRecordKind, CustomFieldType } from '../../../domain/customFields';
import { createdAt, updatedAt } from './columns';

/** A field: its placeholder name (unique per record kind), its label in three languages, its type and choices. */
export const customFields = pgTable(
  'custom_fields',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    labelKa: text('label_ka').notNull(),
    labelEn: text('label_en'),
    labelRu: text('label_ru'),
    type: text('type').$type<CustomFieldType>().notNull(),
    recordKind: text('record_kind').$type<CustomFieldRecordKind>().notNull(),
    /** The choices of a 'choice' field, in their order; [] for the other types. */
    choices: jsonb('choices').$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('custom_fields_kind_name_idx').on(t.recordKind, t.name)],
);

/**
 * One record's value of a field, as text in the canonical form of domain/customFields (no row: no value). The record is
 * a sale, customer, property or building by `record_kind`; deleting the field deletes its values.
 */
export const customFieldValueRows = pgTable(
  'custom_field_values',
  {
    fieldId: integer('field_id')
      .notNull()
      .references(() => customFields.id, { onDelete: 'cascade' }),
    recordKind: text('record_kind').$type<CustomFieldRecordKind>().notNull(),
    recordId: integer('record_id').notNull(),
    value: text('value').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.fieldId, t.recordId] }),
    index('custom_field_values_record_idx').on(t.recordKind, t.recordId),
  ],
);
