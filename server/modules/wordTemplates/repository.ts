import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { wordTemplates } from '../../db/schema';

export type WordTemplateRow = typeof wordTemplates.$inferSelect;

/** The Word templates' queries. */
export function createWordTemplatesRepository(db: Db) {
  return {
    list: () => db.select().from(wordTemplates).orderBy(asc(wordTemplates.type), asc(wordTemplates.name)),
    async find(id: number) {
      const [row] = await db.select().from(wordTemplates).where(eq(wordTemplates.id, id));
      return row;
    },
    async create(values: typeof wordTemplates.$inferInsert) {
      const [row] = await db.insert(wordTemplates).values(values).returning();
      return row;
    },
    async remove(id: number) {
      const [row] = await db.delete(wordTemplates).where(eq(wordTemplates.id, id)).returning();
      return row;
    },
  };
}
