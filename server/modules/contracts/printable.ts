import fs from 'node:fs/promises';
import path from 'node:path';
import { Element, isTag, isText, Text, type AnyNode, type Document, type ParentNode } from 'domhandler';
import { DomUtils, parseDocument } from 'htmlparser2';
import { PLACEHOLDER_COLOR, SCHEDULE_LOOP } from '../../../domain/documentPlaceholders';
import { storedPath, type FileStore } from '../../core/files';
import { INLINE_IMAGE, STORED_IMAGE } from '../docTemplates';

const FIELD = '\\{[a-z][a-z0-9_]*\\}';
const ONLY_FIELDS = new RegExp(`^[\\s\\u00a0]*(${FIELD}[\\s\\u00a0]*)*$`);
const ENDS_WITH_FIELD = new RegExp(`${FIELD}$`);
/** Blanks an inserted field leaves before punctuation typed after it: the editor writes a space after each field. */
const SPACE_BEFORE_PUNCTUATION = /^[ \u00a0]+(?=[,.;:!?)\]»”])/;
const BLOCKS = new Set(['p', 'li', 'td', 'th', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'div']);
/** Where the schedule table may stay: a table in a table's cell is a table still; elsewhere it leaves its block. */
const TABLE_HOLDERS = new Set(['td', 'th']);
const IMAGE_TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
};

const hex = PLACEHOLDER_COLOR.slice(1)
  .match(/../g)!
  .map((pair) => parseInt(pair, 16));
const FIELD_COLORS = new Set([PLACEHOLDER_COLOR, `rgb(${hex.join(',')})`]);

const serialize = (document: Document) => DomUtils.getOuterHTML(document, { encodeEntities: 'utf8' });
const blockOf = (node: AnyNode) => {
  let parent = node.parent;
  while (parent && isTag(parent) && !BLOCKS.has(parent.name)) parent = parent.parent;
  return parent;
};
const textsOf = (document: Document) => DomUtils.filter(isText, document.children, true) as Text[];

/** The editor's red marks a field in the template only: a span holding nothing but fields loses that colour. */
function unmarkFields(document: Document) {
  const spans = DomUtils.findAll((e) => e.name === 'span' && Boolean(e.attribs.style), document.children);
  for (const span of spans) {
    if (!ONLY_FIELDS.test(DomUtils.textContent(span))) continue;
    const rules = span.attribs.style
      .split(';')
      .map((rule) => rule.trim())
      .filter(Boolean);
    const kept = rules.filter((rule) => {
      const [name, value = ''] = rule.split(':').map((part) => part.trim().toLowerCase());
      return !(name === 'color' && FIELD_COLORS.has(value.replace(/\s+/g, '')));
    });
    if (kept.length === rules.length) continue;
    if (kept.length) span.attribs.style = kept.join(';');
    else delete span.attribs.style;
    if (Object.keys(span.attribs).length === 0) {
      for (const child of [...span.children]) DomUtils.prepend(span, child);
      DomUtils.removeElement(span);
    }
  }
}

/**
 * "{property_price} {contract_currency}" (or "{property_price} USD") would print the currency twice: the price carries
 * it already. The currency written after the price in the same paragraph is dropped, with the blank before it.
 */
function dropRepeatedCurrency(document: Document, currency: string) {
  const repeated = new RegExp(`^[\\s\\u00a0]*(\\{contract_currency\\}|${currency})(?![\\p{L}\\d])`, 'u');
  const texts = textsOf(document);
  texts.forEach((text, index) => {
    text.data = text.data.replace(
      new RegExp(`\\{property_price\\}[\\s\\u00a0]*(\\{contract_currency\\}|${currency})(?![\\p{L}\\d])`, 'gu'),
      '{property_price}',
    );
    if (!/\{property_price\}[\s\u00a0]*$/.test(text.data)) return;
    const block = blockOf(text);
    const blanks: Text[] = [];
    for (const next of texts.slice(index + 1)) {
      if (blockOf(next) !== block) return;
      if (/^[\s\u00a0]*$/.test(next.data)) {
        blanks.push(next);
        continue;
      }
      if (!repeated.test(next.data)) return;
      next.data = next.data.replace(repeated, '');
      for (const blank of blanks) blank.data = '';
      text.data = text.data.replace(/[\s\u00a0]+$/, '');
      return;
    }
  });
}

/** "{customer_name} , born" prints "Name, born": the blank the editor adds after a field goes before punctuation. */
function closeUpPunctuation(document: Document) {
  const texts = textsOf(document);
  texts.forEach((text, index) => {
    text.data = text.data.replace(new RegExp(`(${FIELD})[ \\u00a0]+(?=[,.;:!?)\\]»”])`, 'g'), '$1');
    const before = texts[index - 1];
    if (before && ENDS_WITH_FIELD.test(before.data) && blockOf(before) === blockOf(text))
      text.data = text.data.replace(SPACE_BEFORE_PUNCTUATION, '');
  });
}

const isBlank = (element: Element) =>
  DomUtils.textContent(element).replace(/[\s\u00a0]/g, '') === '' &&
  !DomUtils.existsOne((e) => e.name === 'img' || e.name === 'table', element.children);

/**
 * Splits `element` around `node`: the part after it becomes a copy of `element` placed after `node`, and `node` leaves
 * `element` to stand between the two. A part left empty is removed; an ordered list goes on counting where it was.
 */
function splitAround(element: Element, node: AnyNode) {
  const after = new Element(element.name, { ...element.attribs });
  for (let next = node.next; next;) {
    const following = next.next;
    DomUtils.appendChild(after, next);
    next = following;
  }
  DomUtils.append(element, node);
  DomUtils.append(node, after);
  if (element.name === 'ol') {
    const start = Number(element.attribs.start ?? 1) || 1;
    after.attribs.start = String(start + element.children.filter((c) => isTag(c) && c.name === 'li').length);
  }
  if (isBlank(after)) DomUtils.removeElement(after);
  if (isBlank(element)) DomUtils.removeElement(element);
}

/**
 * The schedule is a table: wherever {payment_schedule} stands (alone in a paragraph, inside a mark, inside a list item)
 * the blocks around it are split so that it stands on its own between them; a paragraph cannot hold a table, and the
 * .docx converter drops one found there.
 */
function liftSchedule(document: Document) {
  const field = `{${SCHEDULE_LOOP}}`;
  for (const text of textsOf(document)) {
    const at = text.data.indexOf(field);
    if (at < 0) continue;
    const parts = [text.data.slice(0, at), field, text.data.slice(at + field.length)];
    const placeholder = new Text(field);
    DomUtils.append(text, placeholder);
    text.data = parts[0];
    if (parts[2]) DomUtils.append(placeholder, new Text(parts[2]));
    let holder: ParentNode | null = placeholder.parent;
    while (holder && isTag(holder) && !TABLE_HOLDERS.has(holder.name)) {
      splitAround(holder, placeholder);
      holder = placeholder.parent;
    }
  }
}

/**
 * A sanitised rich-text body made ready to fill and print as its preview shows it: fields in the text's colour, the
 * schedule table on its own, no blank before punctuation after a field, the currency not repeated after the price.
 */
export function printableBody(body: string, currency: string) {
  const document = parseDocument(body);
  dropRepeatedCurrency(document, currency);
  closeUpPunctuation(document);
  unmarkFields(document);
  liftSchedule(document);
  return serialize(document);
}

/**
 * The images of a filled body: an image stored here stays (as data when `inline`: the .docx converter then fetches
 * nothing), inline data stays, any other address is removed: printing never fetches what a template names.
 */
export async function printableImages(html: string, files: FileStore, inline: boolean) {
  const document = parseDocument(html);
  const images = DomUtils.findAll((e) => e.name === 'img', document.children);
  for (const image of images) {
    const src = image.attribs.src ?? '';
    if (INLINE_IMAGE.test(src)) continue;
    const relative = storedPath(src);
    const type = relative && STORED_IMAGE.test(relative) ? IMAGE_TYPES[path.extname(relative).toLowerCase()] : null;
    if (!relative || !type) {
      DomUtils.removeElement(image);
      continue;
    }
    if (!inline) continue;
    try {
      image.attribs.src = `data:${type};base64,${(await fs.readFile(files.resolve(relative))).toString('base64')}`;
    } catch {
      DomUtils.removeElement(image);
    }
  }
  return serialize(document);
}
