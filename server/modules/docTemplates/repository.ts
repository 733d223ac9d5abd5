import { and, asc, eq } from 'drizzle-orm';
import type { DocTemplateType, TemplateLanguage } from '../../../domain/documentPlaceholders';
import type { Db } from '../../db/client';
import { docTemplates } from '../../db/schema';

export type DocTemplateRow = typeof docTemplates.$inferSelect;

export interface DocTemplateInput {
  name: string;
  type: DocTemplateType;
  language: TemplateLanguage;
  body: string;
}

/** The document templates' queries. */
export function createDocTemplatesRepository(db: Db) {
  return {
    list: (filter: { type?: DocTemplateType; language?: TemplateLanguage } = {}) =>
      db
        .select()
        .from(docTemplates)
        .where(
          and(
            filter.type ? eq(docTemplates.type, filter.type) : undefined,
            filter.language ? eq(docTemplates.language, filter.language) : undefined,
          ),
        )
        .orderBy(asc(docTemplates.type), asc(docTemplates.name), asc(docTemplates.id)),
    async find(id: number) {
      const [row] = await db.select().from(docTemplates).where(eq(docTemplates.id, id));
      return row;
    },
    async create(input: DocTemplateInput, userId: number) {
      const [row] = await db
        .insert(docTemplates)
        .values({ ...input, createdBy: userId })
        .returning();
      return row;
    },
    async update(id: number, input: DocTemplateInput) {
      const [row] = await db
        .update(docTemplates)
        .set({ ...input, updatedAt: new Date() })
        .where(eq(docTemplates.id, id))
        .returning();
      return row;
    },
    async remove(id: number) {
      const rows = await db.delete(docTemplates).where(eq(docTemplates.id, id)).returning({ id: docTemplates.id });
      return rows.length > 0;
    },
  };
}
