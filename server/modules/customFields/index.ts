/**
 * The front door of the custom-fields module: its routes, a record's values as a template fills them, the
 * fields' definitions (a template's placeholders), and the write other modules may call inside their own transaction.
 */
import { asc } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { customFields } from '../../db/schema';

export { default as customFieldsRoutes } from './routes';
export { customFieldValues, saveCustomFieldValues } from './values';

/** Every custom field (all record kinds), in the order they were made: the placeholders templates may use. */
export async function listCustomFields(db: Db | Tx) {
  const rows = await db.select().from(customFields).orderBy(asc(customFields.id));
  return rows.map((f) => ({
    id: f.id,
    name: f.name,
    label_ka: f.labelKa,
    label_en: f.labelEn,
    label_ru: f.labelRu,
    type: f.type,
    record_kind: f.recordKind,
    choices: f.choices,
  }));
}
