import { and, asc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { CustomFieldRecordKind } from '../../../domain/customFields';
import type { Db, Tx } from '../../db/client';
import type { RecordWrite } from '../../core/activityLog';
import { customFields, customFieldValueRows } from '../../db/schema';
import { invalid, isUniqueViolation, notFound } from '../../core/errors';
import { likePattern, listPage, totalCount } from '../../core/paging';
import type { CustomFieldInput, CustomFieldsQuery } from './fields';

export type CustomFieldRow = typeof customFields.$inferSelect & { valuesCount: number };

const valuesCount = sql<number>`(select cast(count(*) as integer) from ${customFieldValueRows}
  where ${customFieldValueRows.fieldId} = ${customFields.id})`;

const SORTS = {
  id: customFields.id,
  name: customFields.name,
  label: customFields.labelKa,
  label_ka: customFields.labelKa,
  label_en: customFields.labelEn,
  label_ru: customFields.labelRu,
  type: customFields.type,
  record_kind: customFields.recordKind,
  created_at: customFields.createdAt,
  updated_at: customFields.updatedAt,
  values_count: valuesCount,
};

const searchOf = (text: string): SQL =>
  or(
    ilike(customFields.name, likePattern(text)),
    ilike(customFields.labelKa, likePattern(text)),
    ilike(customFields.labelEn, likePattern(text)),
    ilike(customFields.labelRu, likePattern(text)),
  )!;

const duplicateName = () => invalid({ name: ['custom_fields.errors.duplicate'] });

/** The custom fields themselves: the list with search, sort and paging, one field, and the writes. */
export function createCustomFieldsRepository(db: Db) {
  const find = async (id: number, tx: Db | Tx = db): Promise<CustomFieldRow> => {
    const [row] = await tx
      .select({ field: customFields, valuesCount })
      .from(customFields)
      .where(eq(customFields.id, id));
    if (!row) throw notFound();
    return { ...row.field, valuesCount: row.valuesCount };
  };

  const nameTaken = async (tx: Db | Tx, input: CustomFieldInput, exceptId?: number) => {
    const [row] = await tx
      .select({ id: customFields.id })
      .from(customFields)
      .where(
        and(
          eq(customFields.recordKind, input.record_kind),
          eq(customFields.name, input.name),
          exceptId ? ne(customFields.id, exceptId) : undefined,
        ),
      );
    return Boolean(row);
  };

  const columnsOf = (input: CustomFieldInput) => ({
    name: input.name,
    labelKa: input.label_ka,
    labelEn: input.label_en ?? null,
    labelRu: input.label_ru ?? null,
    type: input.type,
    recordKind: input.record_kind,
    choices: input.choices,
  });

  /** A unique-index race that slipped past nameTaken still answers 422 for the name. */
  const guarded = async <T>(write: () => Promise<T>) => {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error, 'custom_fields_kind_name_idx')) throw duplicateName();
      throw error;
    }
  };

  return {
    find,

    async list(q: CustomFieldsQuery) {
      const where = and(
        q.query ? searchOf(q.query) : undefined,
        q.record_kind?.length ? inArray(customFields.recordKind, q.record_kind) : undefined,
        q.type?.length ? inArray(customFields.type, q.type) : undefined,
      );
      const { rows, meta } = await listPage(
        q,
        { columns: SORTS, fallback: 'id', then: asc(customFields.id) },
        ({ orderBy, limit, offset }) =>
          db
            .select({ field: customFields, valuesCount, total: totalCount })
            .from(customFields)
            .where(where)
            .orderBy(...orderBy)
            .limit(limit)
            .offset(offset),
        () => this.count(where),
      );
      return { rows: rows.map((r) => ({ ...r.field, valuesCount: r.valuesCount })), meta };
    },

    async count(where: SQL | undefined) {
      const [row] = await db
        .select({ n: sql<number>`cast(count(*) as integer)` })
        .from(customFields)
        .where(where);
      return row.n;
    },

    /** A field of no complex: its write is recorded (activity log) last in its transaction; so is an edit's. */
    async create(input: CustomFieldInput, record: RecordWrite) {
      return db.transaction(async (tx) => {
        if (await nameTaken(tx, input)) throw duplicateName();
        const [row] = await guarded(() => tx.insert(customFields).values(columnsOf(input)).returning());
        const field = await find(row.id, tx);
        await record(tx, { recordId: row.id, buildingId: null });
        return field;
      });
    },

    /** A field that holds values keeps its type and record kind (they would no longer fit). */
    async update(id: number, input: CustomFieldInput, record: RecordWrite) {
      return db.transaction(async (tx) => {
        const existing = await find(id, tx);
        if (await nameTaken(tx, input, id)) throw duplicateName();
        if (existing.valuesCount > 0) {
          const errors: Record<string, string[]> = {};
          if (existing.type !== input.type) errors.type = ['custom_fields.errors.in_use'];
          if (existing.recordKind !== input.record_kind) errors.record_kind = ['custom_fields.errors.in_use'];
          if (Object.keys(errors).length) throw invalid(errors);
        }
        await guarded(() =>
          tx
            .update(customFields)
            .set({ ...columnsOf(input), updatedAt: new Date() })
            .where(eq(customFields.id, id)),
        );
        const field = await find(id, tx);
        await record(tx, { recordId: id, buildingId: null });
        return field;
      });
    },

    /** Deleting a field deletes its values (the foreign key cascades). */
    async remove(id: number) {
      await find(id);
      await db.delete(customFields).where(eq(customFields.id, id));
    },

    /** The fields of one record kind, in the order they were made. */
    async ofKind(kind: CustomFieldRecordKind, tx: Db | Tx = db) {
      return tx.select().from(customFields).where(eq(customFields.recordKind, kind)).orderBy(asc(customFields.id));
    },
  };
}
