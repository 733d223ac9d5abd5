import fs from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import PizZip from 'pizzip';
import {
  CONTRACT_PLACEHOLDERS,
  PLACEHOLDER_COLOR,
  SCHEDULE_LOOP,
  SCHEDULE_ROW_FIELDS,
  TEMPLATE_LANGUAGES,
  type TemplateLanguage,
} from '../../../domain/documentPlaceholders';
import type { Db } from '../client';
import { docTemplates, users, wordTemplates } from '../schema';
import { inspectDocx } from '../../modules/wordTemplates';
import {
  DEMO_DOCUMENTS,
  DEMO_WORD_CONTRACT,
  WORD_SCHEDULE_HEADINGS,
  type Block,
  type SeededKind,
} from './templateTexts';

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** `**bold**` pieces of a line: [text, bold] in order. */
const pieces = (line: string) =>
  line
    .split('**')
    .map((text, index) => [text, index % 2 === 1] as const)
    .filter(([text]) => text !== '');

/** A line as the editor writes it: each field in the editor's red, bold pieces as <strong>. */
const htmlLine = (line: string) =>
  pieces(line)
    .map(([text, bold]) => {
      const marked = escapeXml(text).replace(
        /\{[a-z][a-z0-9_]*\}/g,
        (f) => `<span style="color:${PLACEHOLDER_COLOR}">${f}</span>`,
      );
      return bold ? `<strong>${marked}</strong>` : marked;
    })
    .join('');

const htmlBlock = (block: Block) => {
  if ('title' in block) return `<h1 style="text-align:center">${htmlLine(block.title)}</h1>`;
  if ('centre' in block) return `<p style="text-align:center">${htmlLine(block.centre)}</p>`;
  if ('heading' in block) return `<h2>${htmlLine(block.heading)}</h2>`;
  if ('schedule' in block) return `<p>${htmlLine(`{${SCHEDULE_LOOP}}`)}</p>`;
  if ('signature' in block) return `<p>${htmlLine(block.signature)} ______________________</p>`;
  // lines broken by hand are not justified: their last words would be spread across the page
  const lines = block.text.split('\n');
  return `<p${lines.length > 1 ? '' : ' style="text-align:justify"'}>${lines.map(htmlLine).join('<br />')}</p>`;
};

/** A rich-text body of the demo, as the template editor would have saved it. */
export const demoBody = (blocks: Block[]) => blocks.map(htmlBlock).join('');

const run = (text: string, bold = false, size?: number) =>
  `<w:r>${bold || size ? `<w:rPr>${bold ? '<w:b/>' : ''}${size ? `<w:sz w:val="${size}"/>` : ''}</w:rPr>` : ''}` +
  `<w:t xml:space="preserve">${escapeXml(text)}</w:t></w:r>`;
const wordParagraph = (lines: string[], { align = '', bold = false, size = 0, after = 120 } = {}) =>
  `<w:p><w:pPr><w:spacing w:after="${after}"/>${align ? `<w:jc w:val="${align}"/>` : ''}</w:pPr>` +
  lines
    .map((line) =>
      pieces(line)
        .map(([text, strong]) => run(text, bold || strong, size))
        .join(''),
    )
    .join('<w:r><w:br/></w:r>') +
  '</w:p>';
const cell = (text: string, bold = false) =>
  `<w:tc><w:tcPr><w:tcW w:w="0" w:type="auto"/></w:tcPr>${wordParagraph([text], { bold, after: 0 })}</w:tc>`;

/** The schedule as a Word table: a heading row, then one row that the loop repeats per installment. */
const wordSchedule = (language: TemplateLanguage) => {
  const border = 'w:val="single" w:sz="4" w:space="0" w:color="000000"';
  const borders = ['top', 'left', 'bottom', 'right', 'insideH', 'insideV'].map((side) => `<w:${side} ${border}/>`);
  const loop = [`{#${SCHEDULE_LOOP}}{number}`, '{due_date}', '{amount}', `{currency}{/${SCHEDULE_LOOP}}`];
  return (
    `<w:tbl><w:tblPr><w:tblW w:w="5000" w:type="pct"/><w:tblBorders>${borders.join('')}</w:tblBorders></w:tblPr>` +
    `<w:tr>${WORD_SCHEDULE_HEADINGS[language].map((h) => cell(h, true)).join('')}</w:tr>` +
    `<w:tr>${loop.map((c) => cell(c)).join('')}</w:tr></w:tbl>`
  );
};

const wordBlock = (block: Block, language: TemplateLanguage) => {
  if ('title' in block) return wordParagraph([block.title], { align: 'center', bold: true, size: 28 });
  if ('centre' in block) return wordParagraph([block.centre], { align: 'center' });
  if ('heading' in block) return wordParagraph([block.heading], { bold: true, after: 60 });
  if ('schedule' in block) return wordSchedule(language);
  if ('signature' in block) return wordParagraph([`${block.signature} ______________________`]);
  const lines = block.text.split('\n');
  return wordParagraph(lines, { align: lines.length > 1 ? '' : 'both' });
};

/** A Word file of the demo document: A4, 2 cm margins, Sylfaen (Georgian letters on every Windows). */
export function demoDocx(blocks: Block[], language: TemplateLanguage) {
  const zip = new PizZip();
  const xml = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';
  const main = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
  zip.file(
    '[Content_Types].xml',
    `${xml}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/word/document.xml" ' +
      'ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
      '<Override PartName="/word/styles.xml" ' +
      'ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/></Types>',
  );
  zip.file(
    '_rels/.rels',
    `${xml}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
      '<Relationship Id="rId1" ' +
      'Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" ' +
      'Target="word/document.xml"/></Relationships>',
  );
  zip.file(
    'word/_rels/document.xml.rels',
    `${xml}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
      '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" ' +
      'Target="styles.xml"/></Relationships>',
  );
  const lang = { ka: 'ka-GE', en: 'en-US', ru: 'ru-RU' }[language];
  zip.file(
    'word/styles.xml',
    `${xml}<w:styles xmlns:w="${main}"><w:docDefaults><w:rPrDefault><w:rPr>` +
      '<w:rFonts w:ascii="Sylfaen" w:hAnsi="Sylfaen" w:cs="Sylfaen" w:eastAsia="Sylfaen"/>' +
      `<w:sz w:val="22"/><w:lang w:val="${lang}"/></w:rPr></w:rPrDefault></w:docDefaults></w:styles>`,
  );
  zip.file(
    'word/document.xml',
    `${xml}<w:document xmlns:w="${main}"><w:body>${blocks.map((b) => wordBlock(b, language)).join('')}` +
      '<w:sectPr><w:pgSz w:w="11906" w:h="16838"/>' +
      '<w:pgMar w:top="1134" w:right="1134" w:bottom="1134" w:left="1134" ' +
      'w:header="567" w:footer="567" w:gutter="0"/>' +
      '</w:sectPr></w:body></w:document>',
  );
  return zip.generate({ type: 'nodebuffer', compression: 'DEFLATE' }) as Buffer;
}

/**
 * The demo's templates, so printing works on a fresh start: a contract, a pre-contract, a payment schedule and an
 * invoice in the rich-text editor in each of ka, en and ru, and the Georgian contract as a Word template, its file
 * written under `filesDir` as an upload would be.
 */
export async function seedTemplates(db: Db, filesDir: string) {
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@demo.ge'));
  const kinds = Object.keys(DEMO_DOCUMENTS) as SeededKind[];
  await db.insert(docTemplates).values(
    kinds.flatMap((type) =>
      TEMPLATE_LANGUAGES.map((language) => ({
        name: DEMO_DOCUMENTS[type][language].name,
        type,
        language,
        body: demoBody(DEMO_DOCUMENTS[type][language].blocks),
        createdBy: admin?.id ?? null,
      })),
    ),
  );
  const docx = demoDocx(DEMO_WORD_CONTRACT.blocks, DEMO_WORD_CONTRACT.language);
  const tags = inspectDocx(docx, { top: CONTRACT_PLACEHOLDERS, row: SCHEDULE_ROW_FIELDS });
  const relative = path.posix.join('word-templates', `${randomUUID()}.docx`);
  await fs.mkdir(path.join(filesDir, 'word-templates'), { recursive: true });
  await fs.writeFile(path.join(filesDir, relative), docx);
  await db.insert(wordTemplates).values({
    name: DEMO_WORD_CONTRACT.name,
    type: 'contract',
    language: DEMO_WORD_CONTRACT.language,
    originalName: 'contract-ka.docx',
    path: relative,
    size: docx.length,
    tags,
    createdBy: admin?.id ?? null,
  });
}
