import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { docTemplates } from '../../server/db/schema';
import { CONTRACT_PLACEHOLDERS, DOC_TEMPLATE_TYPES } from '../../domain/documentPlaceholders';
import { createStaff, multipart, PNG, startTestApp, type TestApp } from './harness';

let t: TestApp;
let admin: string;
let reader: Awaited<ReturnType<typeof createStaff>>;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.signIn('admin@demo.ge');
  reader = await createStaff(t, admin, { permissions: ['view_doc_templates'] });
});
afterAll(() => t.close());

const call = (method: string, url: string, token = admin, payload?: unknown, locale = 'en') =>
  t.app.inject({ method: method as 'GET', url: `/api${url}`, headers: t.as(token, locale), payload: payload as never });

describe('document templates', () => {
  it('creates, reads, edits and deletes a template; the body is sanitised on the server', async () => {
    const created = await call('POST', '/doc-templates', admin, {
      name: 'Main contract (ka)',
      type: 'contract',
      language: 'ka',
      body:
        '<p style="text-align: center">Buyer: <span style="color: #d32f2f">{customer_name}</span></p>' +
        `<script>alert(1)</script><img src="data:image/png;base64,${PNG.toString('base64')}" onerror="alert(2)">` +
        '<a href="javascript:alert(3)">x</a>',
    });
    expect(created.statusCode, created.body).toBe(201);
    const template = created.json().data as { id: number; body: string };
    expect(template.body).toContain('<span style="color:#d32f2f">{customer_name}</span>');
    expect(template.body).toContain('text-align:center');
    expect(template.body).not.toMatch(/script|onerror|javascript/);
    const [stored] = await t.database.db.select().from(docTemplates).where(eq(docTemplates.id, template.id));
    expect(stored.body).toBe(template.body);

    const list = await call('GET', '/doc-templates', reader.token);
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((d: { name: string }) => d.name)).toContain('Main contract (ka)');
    const filtered = await call('GET', '/doc-templates?type=invoice', reader.token);
    expect(filtered.json().data.map((d: { id: number }) => d.id)).not.toContain(template.id);

    const edited = await call('PUT', `/doc-templates/${template.id}`, admin, {
      name: 'Main contract',
      type: 'pre_contract',
      language: 'en',
      body: '<p>Price: {property_price}</p>',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ name: 'Main contract', type: 'pre_contract', language: 'en' });
    const withFields = await call('GET', `/doc-templates/${template.id}?fields=1`, reader.token);
    const fields = withFields.json().data.fields as Array<{ name: string; label: string }>;
    expect(fields.map((f) => f.name)).toEqual(expect.arrayContaining([...CONTRACT_PLACEHOLDERS]));
    expect(fields.find((f) => f.name === 'property_wprice')?.label).toBe('Price in words');
    expect((await call('GET', `/doc-templates/${template.id}`, reader.token)).json().data.fields).toBeUndefined();

    expect((await call('DELETE', `/doc-templates/${template.id}`, reader.token)).statusCode).toBe(403);
    expect((await call('DELETE', `/doc-templates/${template.id}`)).statusCode).toBe(200);
    expect((await call('GET', `/doc-templates/${template.id}`)).statusCode).toBe(404);
  });

  it('lists the template types in the caller language', async () => {
    const res = await call('GET', '/doc-templates/types', reader.token, undefined, 'ru');
    const types = res.json().data as Array<{ id: string; name: string }>;
    expect(types.map((x) => x.id)).toEqual([...DOC_TEMPLATE_TYPES]);
    expect(types.find((x) => x.id === 'pre_contract')?.name).toBe('Предварительный договор');
  });

  it('refuses a template without a name or with an unknown type', async () => {
    const res = await call('POST', '/doc-templates', admin, { name: '', type: 'poem', language: 'ka', body: '' });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(expect.arrayContaining(['name', 'type']));
    expect((await call('POST', '/doc-templates', reader.token, { name: 'x' })).statusCode).toBe(403);
  });

  it('uploads an image into the body: {url} on success, {error: {message}} on failure', async () => {
    const ok = multipart({}, { upload: { filename: 'logo.png', type: 'image/png', data: PNG } });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/doc-templates/images',
      headers: { ...t.as(admin), ...ok.headers },
      payload: ok.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    const url = res.json().url as string;
    const image = await t.app.inject({ method: 'GET', url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');

    const bad = multipart({}, { upload: { filename: 'notes.txt', type: 'text/plain', data: Buffer.from('hello') } });
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/doc-templates/images',
      headers: { ...t.as(admin), ...bad.headers },
      payload: bad.payload,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.message).toBe("Couldn't upload file: notes.txt.");

    const unstorable = multipart(
      { title: 'a\u0000b' },
      { upload: { filename: 'logo.png', type: 'image/png', data: PNG } },
    );
    const early = await t.app.inject({
      method: 'POST',
      url: '/api/doc-templates/images',
      headers: { ...t.as(admin), ...unstorable.headers },
      payload: unstorable.payload,
    });
    expect(early.statusCode, early.body).toBe(422);
    expect(early.json()).toMatchObject({ message: expect.any(String), errors: { title: [expect.any(String)] } });
  });
});
