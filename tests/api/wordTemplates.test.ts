import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import { wordTemplates } from '../../server/db/schema';
import { createStaff, multipart, startTestApp, type TestApp } from './harness';
import { buildDocx, paragraph, table } from './fixtures/docx';

let t: TestApp;
let admin: string;
let reader: Awaited<ReturnType<typeof createStaff>>;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.signIn('admin@demo.ge');
  reader = await createStaff(t, admin, { permissions: ['view_doc_templates'] });
});
afterAll(() => t.close());

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

const upload = (data: Buffer, fields: Record<string, string> = {}, token = admin, filename = 'contract.docx') => {
  const body = multipart(
    { name: 'Contract', type: 'contract', language: 'ka', ...fields },
    { file: { filename, type: DOCX, data } },
  );
  return t.app.inject({
    method: 'POST',
    url: '/api/word-templates',
    headers: { ...t.as(token), ...body.headers },
    payload: body.payload,
  });
};

const GOOD = buildDocx(
  paragraph('Contract {contract_no}') +
    // Word splits a tag across runs when it marks spelling: docxtemplater joins them
    paragraph('Buyer: {custo', 'mer_name}') +
    table(['No.', 'Date', 'Amount'], ['{#payment_schedule}{number}', '{due_date}', '{amount}{/payment_schedule}']),
);

describe('Word templates', () => {
  it('uploads a .docx, lists its placeholders, and deletes it with its file', async () => {
    const res = await upload(GOOD, { name: 'Sale contract', language: 'ru' });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json().data as { id: number; tags: string[]; language: string };
    expect(created.tags.sort()).toEqual(['contract_no', 'customer_name', 'payment_schedule']);
    expect(created.language).toBe('ru');
    const [row] = await t.database.db.select().from(wordTemplates).where(eq(wordTemplates.id, created.id));
    const stored = t.app.files.resolve(row.path);
    expect(fs.readFileSync(stored).equals(GOOD)).toBe(true);

    const list = await t.app.inject({ method: 'GET', url: '/api/word-templates', headers: t.as(reader.token) });
    expect(list.json().data.map((w: { name: string }) => w.name)).toContain('Sale contract');

    const denied = await t.app.inject({
      method: 'DELETE',
      url: `/api/word-templates/${created.id}`,
      headers: t.as(reader.token),
    });
    expect(denied.statusCode).toBe(403);
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/api/word-templates/${created.id}`,
      headers: t.as(admin),
    });
    expect(gone.statusCode).toBe(200);
    expect(fs.existsSync(stored)).toBe(false);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/word-templates/${created.id}`,
      headers: t.as(admin),
    });
    expect(again.statusCode).toBe(404);
  });

  it('refuses a template with a broken tag, naming the tag and where it is', async () => {
    const broken = buildDocx(paragraph('Contract {contract_no}') + paragraph('Schedule: {#payment_schedule}{amount}'));
    const res = await upload(broken);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(/payment_schedule/);
    expect(res.json().message).toMatch(/body, paragraph 2: «Schedule: /);
    expect(res.json().errors.file[0]).toMatch(/payment_schedule/);
  });

  it('refuses unknown placeholders, naming them', async () => {
    const res = await upload(buildDocx(paragraph('Dear {customer_name}, {customer_nickname} {favourite_colour}')));
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('Unknown placeholders: {customer_nickname}, {favourite_colour}');
    // the facsimile is an image, placed by rich-text templates only
    const facsimile = await upload(buildDocx(paragraph('{complex_director_facsimile}')));
    expect(facsimile.json().message).toBe('Unknown placeholders: {complex_director_facsimile}');
  });

  it('refuses a file that is not a .docx, and a user without add_doc_templates', async () => {
    // the demo's own Word template is there from the start
    const before = await t.database.db.$count(wordTemplates);
    expect((await upload(Buffer.from('not a zip'), {}, admin, 'contract.docx')).statusCode).toBe(422);
    expect((await upload(GOOD, {}, admin, 'contract.pdf')).statusCode).toBe(422);
    expect((await upload(GOOD, {}, reader.token)).statusCode).toBe(403);
    expect(await t.database.db.$count(wordTemplates)).toBe(before);
  });
});
