import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import PizZip from 'pizzip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { docTemplates, sales, users, wordTemplates } from '../../server/db/schema';
import { multipart, PNG, startTestApp, type TestApp } from './harness';
import { buildDocx, linkedPicture, outsideRelation, paragraph } from './fixtures/docx';
import { inflatingDocx } from './fixtures/zipBomb';
import { walkZip } from '../../server/core/zipParts';
import { WORD_TEMPLATE_LIMITS } from '../../server/modules/wordTemplates';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const INLINE_PNG = `data:image/png;base64,${PNG.toString('base64')}`;
const hasSoffice = (process.env.PATH ?? '').split(':').some((dir) => fs.existsSync(path.join(dir, 'soffice')));

let t: TestApp;
let admin: string;
let adminId: number;
let saleId: number;
/** A server on this machine that a print must never ask: the address a template names to make the server fetch. */
let listener: http.Server;
let asked: string[];
let secret: string;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.signIn('admin@demo.ge');
  const db = t.database.db;
  [{ id: adminId }] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@demo.ge'));
  [{ id: saleId }] = await db
    .select({ id: sales.id })
    .from(sales)
    .where(and(isNull(sales.deletedAt)))
    .orderBy(asc(sales.id))
    .limit(1);
  asked = [];
  listener = http.createServer((request, response) => {
    asked.push(request.url ?? '');
    response.setHeader('content-type', 'text/plain');
    response.end('the secret answer');
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  secret = `http://127.0.0.1:${(listener.address() as { port: number }).port}/secret.txt`;
});
afterAll(async () => {
  await new Promise((resolve) => listener.close(resolve));
  await t.close();
});

const call = (method: string, url: string, payload?: unknown, locale = 'en') =>
  t.app.inject({ method: method as 'GET', url: `/api${url}`, headers: t.as(admin, locale), payload: payload as never });

const download = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
};

const uploadWord = (data: Buffer, locale = 'en') => {
  const body = multipart(
    { name: 'Linked', type: 'contract', language: 'en' },
    { file: { filename: 'linked.docx', type: DOCX, data } },
  );
  return t.app.inject({
    method: 'POST',
    url: '/api/word-templates',
    headers: { ...t.as(admin, locale), ...body.headers },
    payload: body.payload,
  });
};

/** A Word template kept as an older version kept it: its file stored and its row written, past today's checks. */
async function keptBefore(name: string, file: Buffer) {
  const filename = `${name}.docx`;
  const stored = await t.app.files.save('word-templates', { filename, mimetype: DOCX, buffer: file }, [DOCX], 'file');
  const [row] = await t.database.db
    .insert(wordTemplates)
    .values({
      name,
      type: 'contract',
      language: 'en',
      originalName: filename,
      path: stored,
      size: file.length,
      tags: ['contract_no'],
      createdBy: adminId,
    })
    .returning();
  return row;
}

/** Prints a template for the sale as .docx, then as PDF where LibreOffice is installed; answers the .docx. */
async function printBoth(kind: 'doc' | 'word', id: number) {
  const printed = await call('POST', `/sales/${saleId}/contracts`, {
    template_kind: kind,
    template_id: id,
    locale: 'en',
  });
  expect(printed.statusCode, printed.body).toBe(201);
  const docx = await download(printed.json().data.url);
  if (hasSoffice) {
    const pdf = await call('POST', `/sales/${saleId}/contracts/${printed.json().data.id}/pdf`);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect((await download(pdf.json().data.url)).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  }
  return new PizZip(docx);
}

describe('printing fetches nothing', () => {
  it('a rich-text template kept before images were checked prints without its outside one, asking nobody', async () => {
    // kept as an older version kept it: straight into the table, past today's check at save
    const [row] = await t.database.db
      .insert(docTemplates)
      .values({
        name: 'Older body',
        type: 'contract',
        language: 'en',
        body: `<p>Contract {contract_no}</p><p><img src="${secret}" /></p><p><img src="${INLINE_PNG}" /></p>`,
        createdBy: adminId,
      })
      .returning();
    const preview = await call('GET', `/sales/${saleId}/contracts/preview?template_kind=doc&template_id=${row.id}`);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().data.html).not.toContain('127.0.0.1');
    expect(preview.json().data.html).toContain(INLINE_PNG);
    const zip = await printBoth('doc', row.id);
    const media = Object.keys(zip.files).filter((name) => name.startsWith('word/media/') && !zip.files[name].dir);
    // the inline picture is in the file, the outside one is not: nothing was fetched to put there
    expect(media.map((name) => path.extname(name))).toEqual(['.png']);
    expect(zip.file('word/document.xml')!.asText()).not.toContain('127.0.0.1');
    expect(asked).toEqual([]);
  }, 120_000);

  it('a Word template kept before outside links were refused prints as .docx and PDF, asking nobody', async () => {
    const template = buildDocx(
      paragraph('Contract {contract_no}') + linkedPicture('rIdSecret'),
      outsideRelation('rIdSecret', secret),
    );
    expect((await uploadWord(template)).statusCode).toBe(422);
    const row = await keptBefore('Older Word', template);
    const zip = await printBoth('word', row.id);
    expect(zip.file('word/document.xml')!.asText()).toMatch(/Contract [^{<]+</);
    expect(asked).toEqual([]);
  }, 120_000);
});

describe('what a template may hold', () => {
  it('refuses an image from an outside address at save, on the body, in the caller language', async () => {
    for (const src of [secret, 'https://example.com/logo.png', '/api/files/doc-templates/x.png', 'x']) {
      const res = await call('POST', '/doc-templates', {
        name: 'Outside image',
        type: 'contract',
        language: 'ka',
        body: `<p>Buyer {customer_name}</p><p><img src="${src}"></p>`,
      });
      expect(res.statusCode, src).toBe(422);
      expect(res.json().errors.body[0], src).toContain(`«${src}» is an outside address`);
    }
    const georgian = await call(
      'POST',
      '/doc-templates',
      { name: 'x', type: 'contract', language: 'ka', body: `<img src="${secret}">` },
      'ka',
    );
    expect(georgian.json().errors.body[0]).toContain('გარე მისამართია');
    expect(await t.database.db.$count(docTemplates, eq(docTemplates.name, 'Outside image'))).toBe(0);
  });

  it('keeps an image uploaded through the editor and one pasted as data', async () => {
    const image = multipart({}, { upload: { filename: 'logo.png', type: 'image/png', data: PNG } });
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/doc-templates/images',
      headers: { ...t.as(admin), ...image.headers },
      payload: image.payload,
    });
    const url = uploaded.json().url as string;
    const res = await call('POST', '/doc-templates', {
      name: 'Own images',
      type: 'contract',
      language: 'en',
      body: `<p><img src="${url}"></p><p><img src="${INLINE_PNG}"></p>`,
    });
    expect(res.statusCode, res.body).toBe(201);
    // an address of a stored file the server did not sign is not taken
    const forged = url.replace(/signature=[^&]+/, 'signature=forged');
    const refused = await call('PUT', `/doc-templates/${res.json().data.id}`, {
      name: 'Own images',
      type: 'contract',
      language: 'en',
      body: `<p><img src="${forged}"></p>`,
    });
    expect(refused.statusCode).toBe(422);
  });

  it('refuses a Word template linking to an outside address, whatever part holds the link, naming it', async () => {
    const linked = buildDocx(
      paragraph('Contract {contract_no}') + linkedPicture('rId7'),
      outsideRelation('rId7', secret),
    );
    const res = await uploadWord(linked);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.file[0]).toBe(
      `The Word file loads content from an outside address (${secret}): ` +
        'put pictures into the document, not links to them',
    );
    // an attached template, in a header's own relations
    const zip = new PizZip(buildDocx(paragraph('Contract {contract_no}')));
    zip.file(
      'word/_rels/header1.xml.rels',
      `<Relationships>${outsideRelation('rId1', 'file:///etc/passwd', 'attachedTemplate')}</Relationships>`,
    );
    const inHeader = await uploadWord(zip.generate({ type: 'nodebuffer' }), 'ka');
    expect(inHeader.statusCode).toBe(422);
    expect(inHeader.json().message).toContain('გარე მისამართიდან');
    // a hyperlink is only followed by a click: kept
    const hyperlink = buildDocx(
      paragraph('Contract {contract_no}'),
      outsideRelation('rId9', 'mailto:sales@demo.ge', 'hyperlink'),
    );
    expect((await uploadWord(hyperlink)).statusCode).toBe(201);
  });

  it('refuses a Word template inflating past the limit while it unzips, before anything reads it whole', async () => {
    const bomb = await inflatingDocx(300);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const before = await t.database.db.$count(wordTemplates);
    const res = await uploadWord(bomb);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.file[0]).toBe(
      'The Word file unpacks to more than 32 MB, or a part of it grows too much: it is not accepted',
    );
    expect(await t.database.db.$count(wordTemplates)).toBe(before);
    // the sizes its directory gives refuse it unread; a file lying about them is found out within a chunk of the limit
    const inflatedBy = async (file: Buffer) => {
      let inflated = 0;
      const walk = await walkZip(file, {
        limits: WORD_TEMPLATE_LIMITS,
        read: () => (chunk) => void (inflated += chunk.length),
      });
      return { walk, inflated };
    };
    const honest = await inflatedBy(bomb);
    expect(honest.walk).toBe('too_large');
    // the two small parts before it, not a byte of the body
    expect(honest.inflated).toBeLessThan(4096);
    const liar = await inflatingDocx(300, 1000);
    expect((await uploadWord(liar)).statusCode).toBe(422);
    const lied = await inflatedBy(liar);
    expect(lied.walk).toBe('too_large');
    expect(lied.inflated).toBeLessThan(WORD_TEMPLATE_LIMITS.totalBytes + 1024 * 1024);
    // a kept one is refused at print the same way
    const row = await keptBefore('Bomb', bomb);
    const printed = await call('POST', `/sales/${saleId}/contracts`, { template_kind: 'word', template_id: row.id });
    expect(printed.statusCode).toBe(422);
  }, 60_000);
});
