import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../i18n';
import { multipart, PNG, startTestApp, type TestApp } from './harness';

/**
 * One rule for every uploaded file's name: its extension names the file's type, and the characters that reorder text
 * on screen (a right-to-left override shows `invoice\u202Efdp.exe` as "invoiceexe.pdf") are not kept.
 */
let t: TestApp;
let admin: string;
let agentId: number;
beforeAll(async () => {
  t = await startTestApp();
  admin = await t.signIn('admin@demo.ge');
  const agent = await t.app.inject({
    method: 'POST',
    url: '/api/agents',
    headers: t.as(admin),
    payload: { name: 'Upload names agent' },
  });
  agentId = agent.json().data.id;
});
afterAll(() => t.close());

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const upload = (
  url: string,
  fields: Record<string, string>,
  field: string,
  file: { filename: string; data: Buffer; type: string },
) => {
  const body = multipart(fields, { [field]: file });
  return t.app.inject({ method: 'POST', url, headers: { ...t.as(admin), ...body.headers }, payload: body.payload });
};

/** Each kind of upload: where it goes, its field, a file of a type it takes, and the message its refusal shows. */
const UPLOADS: Array<{
  what: string;
  url: () => string;
  fields: Record<string, string>;
  field: string;
  file: { data: Buffer; type: string };
  refusal: string;
}> = [
  {
    what: 'a ticket attachment',
    url: () => '/api/tickets',
    fields: { subject: 'Names', category: 'general', body: 'see attached' },
    field: 'attachments',
    file: { data: PDF, type: 'application/pdf' },
    refusal: 'tickets.file_type',
  },
  {
    what: "an agent's file (as a sale's)",
    url: () => `/api/agents/${agentId}/addFile`,
    fields: {},
    field: 'file',
    file: { data: PDF, type: 'application/pdf' },
    refusal: 'owner_files.file_type',
  },
  {
    what: 'an avatar',
    url: () => '/api/users/me',
    fields: { _method: 'PUT' },
    field: 'avatar',
    file: { data: PNG, type: 'image/png' },
    refusal: 'validation.file_type',
  },
];

describe('an uploaded file whose name says another type', () => {
  it.each(UPLOADS)('is refused as $what, on its field', async ({ url, fields, field, file, refusal }) => {
    const res = await upload(url(), fields, field, { ...file, filename: 'invoice\u202Efdp.exe' });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors[field]).toEqual([translate('en', refusal)]);
  });
});

describe('the characters that reorder a name on screen', () => {
  it('are not kept in the stored name', async () => {
    const res = await upload(
      '/api/tickets',
      { subject: 'Names', category: 'general', body: 'see attached' },
      'attachments',
      { filename: 're\u202Eport\u2066.pdf', data: PDF, type: 'application/pdf' },
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.items[0].attachments[0].original_name).toBe('report.pdf');
  });
});
