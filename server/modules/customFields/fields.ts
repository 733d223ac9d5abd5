import { z } from 'zod';
import {
  CUSTOM_FIELD_CHOICE_MAX,
  CUSTOM_FIELD_CHOICES_MAX,
  CUSTOM_FIELD_NAME_MAX,
  CUSTOM_FIELD_NAME_PATTERN,
  CUSTOM_FIELD_RECORD_KINDS,
  CUSTOM_FIELD_TYPES,
} from '../../../domain/customFields';
import { requiredText, V } from '../../../domain/validation';
import { listFilter, oneOf, optionalText, pathId } from '../../core/fields';
import { listQuery } from '../../core/paging';

/** GET /custom-fields: the list query with the record kind and type filters. */
export const customFieldsQuery = listQuery.extend({
  record_kind: listFilter(oneOf(CUSTOM_FIELD_RECORD_KINDS)),
  type: listFilter(oneOf(CUSTOM_FIELD_TYPES)),
});
export type CustomFieldsQuery = z.infer<typeof customFieldsQuery>;

const choiceList = z.preprocess(
  (v) => (v === undefined || v === null || v === '' ? [] : Array.isArray(v) ? v : String(v).split(/\r?\n/)),
  z
    .array(
      z.preprocess(
        (c) => (c && typeof c === 'object' && 'value' in c ? (c as { value: unknown }).value : c),
        z.string({ error: V.invalidType }).trim().max(CUSTOM_FIELD_CHOICE_MAX, { error: V.tooLong }),
      ),
    )
    .transform((list) => list.filter((c) => c !== ''))
    .refine((list) => list.length <= CUSTOM_FIELD_CHOICES_MAX, { error: 'custom_fields.errors.too_many_choices' })
    .refine((list) => new Set(list).size === list.length, { error: 'custom_fields.errors.duplicate_choice' }),
);

/** POST and PUT /custom-fields: a choice field needs at least one choice, the others carry none. */
export const customFieldBody = z
  .object({
    name: requiredText(CUSTOM_FIELD_NAME_MAX).regex(CUSTOM_FIELD_NAME_PATTERN, { error: 'custom_fields.errors.name' }),
    label_ka: requiredText(255),
    label_en: optionalText(255),
    label_ru: optionalText(255),
    type: oneOf(CUSTOM_FIELD_TYPES),
    record_kind: oneOf(CUSTOM_FIELD_RECORD_KINDS),
    choices: choiceList.optional(),
  })
  .superRefine((body, ctx) => {
    if (body.type === 'choice' && !body.choices?.length)
      ctx.addIssue({ code: 'custom', path: ['choices'], message: 'custom_fields.errors.choices_required' });
  })
  .transform((body) => ({ ...body, choices: body.type === 'choice' ? (body.choices ?? []) : [] }));
export type CustomFieldInput = z.infer<typeof customFieldBody>;

/** A record kind in the path: /custom-fields/values/{recordKind} (a new record's empty fields). */
export const kindParams = z.object({ recordKind: z.enum(CUSTOM_FIELD_RECORD_KINDS, { error: 'server.not_found' }) });

/** The record a set of values belongs to: /custom-fields/values/{recordKind}/{recordId}. */
export const valuesParams = z.object({
  recordKind: z.enum(CUSTOM_FIELD_RECORD_KINDS, { error: 'server.not_found' }),
  recordId: pathId('server.not_found'),
});

/** PUT /custom-fields/values/...: {custom_fields: {name: value}}; a field left out keeps its value, null clears it. */
export const valuesBody = z.object({
  custom_fields: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]), {
    error: V.invalidType,
  }),
});
