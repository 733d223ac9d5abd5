import { and, asc, eq, sql } from 'drizzle-orm';
import {
  DEFAULT_MESSAGE_RULES,
  MESSAGE_KINDS,
  type MessageKind,
  type MessageRules,
} from '../../../domain/customerMessages';
import { LOCALES, type Locale } from '../../../i18n';
import type { Db, Tx } from '../../db/client';
import { notificationTemplates, settings } from '../../db/schema';
import { DEFAULT_TEMPLATES, type TemplateText } from './defaultTemplates';

const RULES_KEY = 'customer_message_rules';

/** Writes the product's wording of every kind × language that has no template yet (every start; cheap). */
export async function ensureTemplates(db: Db) {
  const rows = MESSAGE_KINDS.flatMap((kind) =>
    LOCALES.map((locale) => ({ kind, locale, ...DEFAULT_TEMPLATES[kind][locale] })),
  );
  await db.insert(notificationTemplates).values(rows).onConflictDoNothing();
}

export type Template = typeof notificationTemplates.$inferSelect;

export function createTemplatesRepository(db: Db | Tx) {
  return {
    list: () => db.select().from(notificationTemplates).orderBy(asc(notificationTemplates.id)),

    async find(id: number) {
      const [row] = await db.select().from(notificationTemplates).where(eq(notificationTemplates.id, id));
      return row;
    },

    /** The template of a kind in a language, or the product's own wording if the row was never written. */
    async text(kind: MessageKind, locale: Locale): Promise<TemplateText> {
      const [row] = await db
        .select()
        .from(notificationTemplates)
        .where(and(eq(notificationTemplates.kind, kind), eq(notificationTemplates.locale, locale)));
      return row ?? DEFAULT_TEMPLATES[kind][locale];
    },

    /** Every template at once, for a run that writes many messages. */
    async all(): Promise<Map<string, TemplateText>> {
      const rows = await db.select().from(notificationTemplates);
      const map = new Map<string, TemplateText>();
      for (const kind of MESSAGE_KINDS)
        for (const locale of LOCALES) map.set(`${kind}:${locale}`, DEFAULT_TEMPLATES[kind][locale]);
      for (const row of rows) map.set(`${row.kind}:${row.locale}`, row);
      return map;
    },

    async update(id: number, text: TemplateText, userId: number) {
      const [row] = await db
        .update(notificationTemplates)
        .set({ ...text, updatedBy: userId, updatedAt: new Date() })
        .where(eq(notificationTemplates.id, id))
        .returning();
      return row;
    },

    async rules(): Promise<MessageRules> {
      const [row] = await db.select().from(settings).where(eq(settings.key, RULES_KEY));
      return row
        ? { ...DEFAULT_MESSAGE_RULES, ...(JSON.parse(row.value) as Partial<MessageRules>) }
        : DEFAULT_MESSAGE_RULES;
    },

    async saveRules(rules: MessageRules) {
      const value = JSON.stringify(rules);
      await db
        .insert(settings)
        .values({ key: RULES_KEY, value })
        .onConflictDoUpdate({ target: settings.key, set: { value: sql`excluded.value` } });
      return rules;
    },
  };
}
