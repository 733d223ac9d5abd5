import fs from 'node:fs/promises';
import path from 'node:path';
import {
  fillHtml,
  placeholdersIn,
  type FilledPlaceholders,
  type TemplateLanguage,
} from '../../../domain/documentPlaceholders';
import type { FileStore } from '../../core/files';
import { translate } from '../../../i18n';
import type { DocTemplateRow } from '../docTemplates';
import { docxText, renderDocx, type WordTemplateRow } from '../wordTemplates';

export type PrintSource = { kind: 'doc'; row: DocTemplateRow } | { kind: 'word'; row: WordTemplateRow };

const LANG: Record<TemplateLanguage, string> = { ka: 'ka-GE', en: 'en-US', ru: 'ru-RU' };
const IMAGE_TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
};

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** An image's address that is not data: html-to-docx would download it, from wherever it points. */
const IMAGE_ADDRESS = /(<img\b[^>]*?\bsrc=")(?!data:)[^"]*"/gi;

/**
 * Stored images (the editor's uploads, the facsimile) go into the .docx as data; an image at any other address is
 * left out. The server fetches no address a template names: one pointing inside the network would be fetched from
 * there.
 */
async function inlineImages(html: string, files: FileStore) {
  const sources = [...html.matchAll(/src="\/api\/files\/([^"?]+)[^"]*"/g)];
  let out = html;
  for (const [whole, relative] of sources) {
    const type = IMAGE_TYPES[path.extname(relative).toLowerCase()];
    try {
      const bytes = await fs.readFile(files.resolve(decodeURIComponent(relative)));
      out = out.replace(whole, type ? `src="data:${type};base64,${bytes.toString('base64')}"` : 'src=""');
    } catch {
      out = out.replace(whole, 'src=""');
    }
  }
  return out.replace(IMAGE_ADDRESS, '$1"');
}

/**
 * Fills a template for one sale: the preview's HTML, the .docx, and the placeholders the template uses that had no
 * value. Rich-text bodies become .docx through html-to-docx; Word templates are filled by docxtemplater.
 */
export async function renderTemplate(
  source: PrintSource,
  filled: FilledPlaceholders,
  locale: TemplateLanguage,
  files: FileStore,
  withDocx: boolean,
) {
  if (source.kind === 'doc') {
    const headings = {
      number: translate(locale, 'templates.schedule.number'),
      due_date: translate(locale, 'templates.schedule.due_date'),
      amount: translate(locale, 'templates.schedule.amount'),
    };
    const { html, unknown } = fillHtml(source.row.body, filled, headings);
    const used = placeholdersIn(source.row.body);
    const missing = filled.missing.filter((m) => used.includes(m));
    if (!withDocx) return { html, unknown, missing, docx: null };
    const document = `<!DOCTYPE html><html lang="${locale}"><head><meta charset="UTF-8" /></head><body>${await inlineImages(html, files)}</body></html>`;
    const htmlToDocx = (await import('@turbodocx/html-to-docx')).default; // loaded on the first print: a large library
    const output = await htmlToDocx(document, null, {
      lang: LANG[locale],
      font: 'Noto Sans',
      title: source.row.name,
      table: { row: { cantSplit: true } },
    });
    const docx = Buffer.isBuffer(output)
      ? output
      : Buffer.from(output instanceof ArrayBuffer ? output : await (output as Blob).arrayBuffer());
    return { html, unknown, missing, docx };
  }
  const template = await fs.readFile(files.resolve(source.row.path));
  const docx = renderDocx(template, filled.values, filled.schedule);
  const html = docxText(docx)
    .map((p) => `<p>${escapeHtml(p)}</p>`)
    .join('');
  const missing = filled.missing.filter((m) => source.row.tags.includes(m));
  return { html, unknown: [] as string[], missing, docx };
}
