/** Contracts and documents: rich-text document templates, Word templates, and the contracts printed from them. */
import { index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import type { DocTemplateType, TemplateLanguage } from '../../../domain/documentPlaceholders';
import { createdAt, updatedAt } from './columns';
import { documentFiles } from './customers';
import { sales } from './sales';
import { users } from './users';

/** A document template written in the rich-text editor: its kind, language and sanitised HTML body. */
export const docTemplates = pgTable(
  'doc_templates',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    type: text('type').$type<DocTemplateType>().notNull(),
    language: text('language').$type<TemplateLanguage>().notNull(),
    body: text('body').notNull(),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('doc_templates_type_idx').on(t.type, t.language)],
);

/** An uploaded .docx filled with docxtemplater; `tags` are the placeholders found in it at upload. */
export const wordTemplates = pgTable('word_templates', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  type: text('type').$type<DocTemplateType>().notNull(),
  language: text('language').$type<TemplateLanguage>().notNull(),
  originalName: text('original_name').notNull(),
  path: text('path').notNull(),
  size: integer('size').notNull(),
  tags: jsonb('tags').$type<string[]>().notNull().default([]),
  createdBy: integer('created_by').references(() => users.id),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * A contract printed for a sale: the .docx kept with the sale's files, who made it, when, from which template and in
 * which language. Printing again adds a row; the earlier ones stay.
 */
export const saleContracts = pgTable(
  'sale_contracts',
  {
    id: serial('id').primaryKey(),
    saleId: integer('sale_id')
      .notNull()
      .references(() => sales.id),
    documentFileId: integer('document_file_id')
      .notNull()
      .references(() => documentFiles.id, { onDelete: 'cascade' }),
    templateKind: text('template_kind').$type<'word' | 'doc'>().notNull(),
    templateId: integer('template_id').notNull(),
    templateName: text('template_name').notNull(),
    type: text('type').$type<DocTemplateType>().notNull(),
    locale: text('locale').$type<TemplateLanguage>().notNull(),
    missing: jsonb('missing').$type<string[]>().notNull().default([]),
    /** The PDF made from the .docx by LibreOffice, once someone asked for it. */
    pdfPath: text('pdf_path'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('sale_contracts_sale_idx').on(t.saleId)],
);
