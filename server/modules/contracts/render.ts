import fs from 'node:fs/promises';
import {
  fillHtml,
  placeholdersIn,
  type FilledPlaceholders,
  type TemplateLanguage,
} from '../../../domain/documentPlaceholders';
import type { FileStore } from '../../core/files';
import { translate } from '../../../i18n';
import type { DocTemplateRow } from '../docTemplates';
import { checkWordPackage, docxText, renderDocx, type WordTemplateRow } from '../wordTemplates';
import { printableBody, printableImages } from './printable';

export type PrintSource = { kind: 'doc'; row: DocTemplateRow } | { kind: 'word'; row: WordTemplateRow };

const LANG: Record<TemplateLanguage, string> = { ka: 'ka-GE', en: 'en-US', ru: 'ru-RU' };
/** A4 in twentieths of a point, with margins of 2 cm (header and footer 1 cm from the edge). */
const A4 = { width: 11906, height: 16838 };
const CM2 = 1134;
const MARGINS = { top: CM2, right: CM2, bottom: CM2, left: CM2, header: 567, footer: 567, gutter: 0 };

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A filled rich-text body as a .docx (html-to-docx), on A4; its images are already data, so nothing is fetched. */
async function htmlDocx(html: string, locale: TemplateLanguage, title: string) {
  const head = `<!DOCTYPE html><html lang="${locale}"><head><meta charset="UTF-8" /></head>`;
  const document = `${head}<body>${html}</body></html>`;
  const htmlToDocx = (await import('@turbodocx/html-to-docx')).default; // loaded on the first print: a large library
  const output = await htmlToDocx(document, null, {
    lang: LANG[locale],
    font: 'Noto Sans',
    title,
    orientation: 'portrait',
    pageSize: A4,
    margins: MARGINS,
    table: { row: { cantSplit: true } },
  });
  return Buffer.isBuffer(output)
    ? output
    : Buffer.from(output instanceof ArrayBuffer ? output : await (output as Blob).arrayBuffer());
}

/**
 * Fills a template for one sale: the preview's HTML, the .docx, and the placeholders the template uses that had no
 * value. Rich-text bodies become .docx through html-to-docx from the same HTML the preview shows; Word templates are
 * filled by docxtemplater after what their package inflates to is checked again (one may be older than the checks).
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
    const body = printableBody(source.row.body, filled.values.contract_currency);
    const { html: filledHtml, unknown } = fillHtml(body, filled, headings);
    const html = await printableImages(filledHtml, files, false);
    const used = placeholdersIn(source.row.body);
    const missing = filled.missing.filter((m) => used.includes(m));
    if (!withDocx) return { html, unknown, missing, docx: null };
    const docx = await htmlDocx(await printableImages(filledHtml, files, true), locale, source.row.name);
    return { html, unknown, missing, docx };
  }
  const template = await fs.readFile(files.resolve(source.row.path));
  await checkWordPackage(template, { allowOutsideLinks: true });
  const docx = renderDocx(template, filled.values, filled.schedule);
  const html = docxText(docx)
    .map((p) => `<p>${escapeHtml(p)}</p>`)
    .join('');
  const missing = filled.missing.filter((m) => source.row.tags.includes(m));
  return { html, unknown: [] as string[], missing, docx };
}
