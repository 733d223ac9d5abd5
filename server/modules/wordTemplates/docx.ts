import Docxtemplater from 'docxtemplater';
import InspectModule from 'docxtemplater/js/inspect-module.js';
import PizZip from 'pizzip';
import { MISSING_VALUE, SCHEDULE_LOOP } from '../../../domain/documentPlaceholders';
import { AppError } from '../../core/errors';

const OPTIONS = { paragraphLoop: true, linebreaks: true, errorLogging: false } as const;

interface TemplateErrorProperties {
  id?: string;
  xtag?: string;
  context?: string;
  explanation?: string;
  file?: string;
}

const PART_NAMES: Array<[RegExp, string]> = [
  [/header/, 'header'],
  [/footer/, 'footer'],
  [/footnote/, 'footnotes'],
];

/** The text of each paragraph of one part of the .docx, to say where a broken tag is. */
const paragraphsOf = (zip: PizZip, file: string) => {
  const xml = zip.file(file)?.asText() ?? '';
  return [...xml.matchAll(/<w:p[ >][\s\S]*?<\/w:p>/g)].map((m) =>
    [...m[0].matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>/g)].map((t) => t[1]).join(''),
  );
};

/** "paragraph 3 of the body: «Buyer: {customer_name»" — where a broken tag sits. */
function whereOf(zip: PizZip, error: TemplateErrorProperties) {
  const file = error.file ?? 'word/document.xml';
  const part = PART_NAMES.find(([pattern]) => pattern.test(file))?.[1] ?? 'body';
  const needle = (error.xtag ?? error.context ?? '').trim();
  const paragraphs = paragraphsOf(zip, file);
  const index = needle ? paragraphs.findIndex((p) => p.includes(needle)) : -1;
  if (index < 0) return { part, paragraph: 0, text: '' };
  const text = paragraphs[index].length > 80 ? `${paragraphs[index].slice(0, 77)}...` : paragraphs[index];
  return { part, paragraph: index + 1, text };
}

const openZip = (buffer: Buffer) => {
  try {
    return new PizZip(buffer);
  } catch {
    throw new AppError(422, 'templates.errors.not_docx', {}, { file: ['templates.errors.not_docx'] });
  }
};

/** docxtemplater's compile errors as one 422 naming the first broken tag and where it is. */
function brokenTemplate(zip: PizZip, error: unknown, partName: (part: string) => string = (p) => p): never {
  const errors = (error as { properties?: { errors?: Array<{ properties?: TemplateErrorProperties }> } }).properties
    ?.errors ?? [{ properties: (error as { properties?: TemplateErrorProperties }).properties }];
  const first = errors[0]?.properties ?? {};
  if (!first.id && !first.xtag)
    throw new AppError(422, 'templates.errors.not_docx', {}, { file: ['templates.errors.not_docx'] });
  const where = whereOf(zip, first);
  const params = {
    tag: first.xtag ?? first.context ?? '?',
    part: partName(where.part),
    paragraph: where.paragraph,
    text: where.text,
    count: errors.length,
  };
  throw new AppError(422, 'templates.errors.broken_tag', params, { file: [['templates.errors.broken_tag', params]] });
}

/**
 * Opens an uploaded .docx and lists its tags with docxtemplater's InspectModule (Word's runs split by spelling marks
 * are joined by docxtemplater itself). A broken tag or a placeholder outside `known` is a 422 that names it.
 */
export function inspectDocx(
  buffer: Buffer,
  known: { top: readonly string[]; row: readonly string[] },
  partName?: (part: string) => string,
) {
  const zip = openZip(buffer);
  const inspect = new InspectModule();
  try {
    new Docxtemplater(zip, { ...OPTIONS, modules: [inspect] });
  } catch (error) {
    brokenTemplate(zip, error, partName);
  }
  const tags = inspect.getAllTags() as Record<string, Record<string, unknown>>;
  const unknown: string[] = [];
  for (const [name, inner] of Object.entries(tags)) {
    if (!known.top.includes(name)) unknown.push(name);
    if (name === SCHEDULE_LOOP)
      for (const field of Object.keys(inner ?? {})) if (!known.row.includes(field)) unknown.push(`${name}.${field}`);
  }
  if (unknown.length) {
    const params = { names: unknown.map((n) => `{${n}}`).join(', ') };
    throw new AppError(422, 'templates.errors.unknown_placeholders', params, {
      file: [['templates.errors.unknown_placeholders', params]],
    });
  }
  return Object.keys(tags);
}

/**
 * Fills a Word template: each {name} with its text, the schedule loop row by row; nothing left prints as MISSING_VALUE.
 */
export function renderDocx(buffer: Buffer, values: Record<string, string>, schedule: Array<Record<string, string>>) {
  const zip = openZip(buffer);
  let doc: Docxtemplater;
  try {
    doc = new Docxtemplater(zip, { ...OPTIONS, nullGetter: () => MISSING_VALUE });
  } catch (error) {
    brokenTemplate(zip, error);
  }
  doc.render({ ...values, [SCHEDULE_LOOP]: schedule });
  return doc.getZip().generate({ type: 'nodebuffer', compression: 'DEFLATE' }) as Buffer;
}

/** The paragraphs' text of a filled .docx (the print dialog's preview of a Word template). */
export function docxText(buffer: Buffer) {
  const zip = openZip(buffer);
  return paragraphsOf(zip, 'word/document.xml');
}
