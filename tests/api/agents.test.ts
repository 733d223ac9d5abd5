import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { activityLogs, agents, documentFiles } from '../../server/db/schema';
import { createStaff, multipart, PNG, startTestApp, type TestApp } from './harness';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await startTestApp({ MAX_UPLOAD_MB: '1' });
  admin = await t.signIn('admin@demo.ge');
});
afterAll(() => t.close());

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const call = (method: string, url: string, token = admin, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: method as 'GET',
    url: `/api${url}`,
    headers: { ...t.as(token), ...headers },
    payload: payload as never,
  });
const upload = (
  url: string,
  fields: Record<string, string>,
  file?: { filename: string; type: string; data: Buffer },
  token = admin,
) => {
  const body = multipart(fields, file ? { file } : {});
  return t.app.inject({
    method: 'POST',
    url: `/api${url}`,
    headers: { ...t.as(token), ...body.headers },
    payload: body.payload,
  });
};
const createAgent = async (fields: Record<string, unknown> = {}) => {
  const res = await call('POST', '/agents', admin, {
    name: `Agent ${Math.random().toString(36).slice(2, 8)}`,
    ...fields,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; name: string };
};

describe('the agents list', () => {
  it('shows the 15 demo agents with their fee percents, pages and searches', async () => {
    const res = await call('GET', '/agents?perpage=0');
    expect(res.statusCode).toBe(200);
    const demo = res.json().data.filter((a: { email: string }) => a.email?.endsWith('@demo.ge'));
    expect(demo).toHaveLength(15);
    for (const a of demo) {
      expect(a.fee_percent).toBeGreaterThanOrEqual(1);
      expect(a.fee_percent).toBeLessThanOrEqual(3);
    }
    const page = await call('GET', '/agents?perpage=5&page=2&sort=name&order=desc');
    expect(page.json().data).toHaveLength(5);
    expect(page.json().meta).toMatchObject({ current_page: 2, per_page: 5 });
    const found = await call('GET', `/agents?query=${encodeURIComponent('ლაშა')}`);
    expect(found.json().data.map((a: { name: string }) => a.name)).toEqual(['ლაშა გელაშვილი']);
    const inactive = await call('GET', '/agents?active=false&perpage=0');
    expect(inactive.json().data.every((a: { active: boolean }) => !a.active)).toBe(true);
    expect(inactive.json().data.length).toBeGreaterThan(0);
  });

  it('is closed to a user without agent permissions', async () => {
    const staff = await createStaff(t, admin, { permissions: ['view_customers'] });
    expect((await call('GET', '/agents', staff.token)).statusCode).toBe(403);
  });
});

describe('an agent record', () => {
  it('is created, read, updated and soft-deleted', async () => {
    const created = await createAgent({
      personal_number: '01001012345',
      email: 'new.agent@example.com',
      fee_percent: '2.5',
      iban: 'ge29 nb00 0000 0101 9049 17',
      phone: '555 12 34 56',
    });
    const read = await call('GET', `/agents/${created.id}`);
    expect(read.json().data).toMatchObject({
      personal_number: '01001012345',
      fee_percent: 2.5,
      iban: 'GE29NB0000000101904917',
      active: true,
    });
    const updated = await call('PUT', `/agents/${created.id}`, admin, {
      name: 'Renamed agent',
      fee_percent: 1,
      active: false,
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data).toMatchObject({
      name: 'Renamed agent',
      fee_percent: 1,
      active: false,
      email: 'new.agent@example.com',
    });
    expect((await call('DELETE', `/agents/${created.id}`)).statusCode).toBe(200);
    expect((await call('GET', `/agents/${created.id}`)).statusCode).toBe(404);
    const [row] = await t.database.db.select().from(agents).where(eq(agents.id, created.id));
    expect(row.deletedAt).not.toBeNull();
  });

  it('records a change in the activity log with the fields it replaced', async () => {
    const created = await createAgent({ fee_percent: '2.5' });
    const updated = await call('PUT', `/agents/${created.id}`, admin, { name: 'Logged agent', active: false });
    expect(updated.statusCode, updated.body).toBe(200);
    const [line] = await t.database.db
      .select()
      .from(activityLogs)
      .where(
        and(
          eq(activityLogs.recordType, 'agents'),
          eq(activityLogs.recordId, String(created.id)),
          eq(activityLogs.action, 'update'),
        ),
      );
    expect(line).toMatchObject({
      method: 'PUT',
      statusCode: 200,
      buildingId: null,
      oldValues: { name: created.name, active: true },
    });
  });

  it('refuses bad fields with their messages and writes nothing', async () => {
    const before = await t.database.db.$count(agents);
    const res = await call('POST', '/agents', admin, {
      name: ' ',
      personal_number: '123',
      email: 'nope',
      fee_percent: 150,
      iban: 'GE00XX123',
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['email', 'fee_percent', 'iban', 'name', 'personal_number']);
    expect(res.json().errors.personal_number[0]).toMatch(/11/);
    expect(await t.database.db.$count(agents)).toBe(before);
  });

  it("an agent's fee is a percent from 0 up to but not including 100", async () => {
    const before = await t.database.db.$count(agents);
    for (const fee_percent of [-0.5, 100]) {
      const res = await call('POST', '/agents', admin, { name: 'Percent agent', fee_percent });
      expect(res.statusCode, String(fee_percent)).toBe(422);
      expect(res.json().errors).toEqual({ fee_percent: ['percentage must be in range 0 to 100'] });
    }
    expect(await t.database.db.$count(agents)).toBe(before);
    const fine = await call('POST', '/agents', admin, { name: 'Percent agent', fee_percent: 99.99 });
    expect(fine.statusCode, fine.body).toBe(201);
  });

  it('needs add_agents to create and delete_agents to delete', async () => {
    const viewer = await createStaff(t, admin, { permissions: ['view_agents'] });
    expect((await call('POST', '/agents', viewer.token, { name: 'X' })).statusCode).toBe(403);
    const agent = await createAgent();
    expect((await call('DELETE', `/agents/${agent.id}`, viewer.token)).statusCode).toBe(403);
    expect((await call('GET', `/agents/${agent.id}`, viewer.token)).statusCode).toBe(200);
  });
});

describe("an agent's files", () => {
  it('uploads a PDF keeping its name, lists it with a signed URL that serves it', async () => {
    const agent = await createAgent();
    const res = await upload(
      `/agents/${agent.id}/addFile`,
      { title: 'Contract' },
      { filename: 'ხელშეკრულება.pdf', type: 'application/pdf', data: PDF },
    );
    expect(res.statusCode, res.body).toBe(201);
    const list = await call('GET', `/agents/${agent.id}/files`);
    expect(list.json().data).toHaveLength(1);
    const file = list.json().data[0];
    expect(file).toMatchObject({
      original_name: 'ხელშეკრულება.pdf',
      title: 'Contract',
      size: PDF.length,
      active: true,
      mimetype: 'application/pdf',
    });
    const served = await t.app.inject({ method: 'GET', url: file.url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PDF)).toBe(true);
  });

  it('accepts images, Word and Excel; refuses an .exe, a text file and a renamed file with 422', async () => {
    const agent = await createAgent();
    expect(
      (await upload(`/agents/${agent.id}/addFile`, {}, { filename: 'photo.png', type: 'image/png', data: PNG }))
        .statusCode,
    ).toBe(201);
    const docx = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(40)]);
    expect(
      (
        await upload(
          `/agents/${agent.id}/addFile`,
          {},
          { filename: 'letter.docx', type: 'application/octet-stream', data: docx },
        )
      ).statusCode,
    ).toBe(201);
    for (const file of [
      { filename: 'setup.exe', type: 'application/x-msdownload', data: Buffer.from('MZ\x90\x00') },
      { filename: 'notes.txt', type: 'text/plain', data: Buffer.from('hello') },
      { filename: 'fake.pdf', type: 'application/pdf', data: Buffer.from('hello, not a pdf') },
    ]) {
      const res = await upload(`/agents/${agent.id}/addFile`, {}, file);
      expect(res.statusCode, file.filename).toBe(422);
      expect(res.json().errors.file[0]).toMatch(/PDF/);
    }
    expect((await call('GET', `/agents/${agent.id}/files`)).json().data).toHaveLength(2);
  });

  it('refuses a file over the limit with 413', async () => {
    const agent = await createAgent();
    const big = Buffer.concat([PDF, Buffer.alloc(1024 * 1024 + 10)]);
    const res = await upload(
      `/agents/${agent.id}/addFile`,
      {},
      { filename: 'big.pdf', type: 'application/pdf', data: big },
    );
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(/^The file is too large: at most \d+ MB$/);
    expect(await t.database.db.$count(documentFiles, eq(documentFiles.ownerId, agent.id))).toBe(0);
  });

  it('renames, replaces, deactivates, activates and deletes a file', async () => {
    const agent = await createAgent();
    const doc = (
      await upload(
        `/agents/${agent.id}/addFile`,
        { title: 'Old' },
        { filename: 'a.pdf', type: 'application/pdf', data: PDF },
      )
    ).json().data;
    const renamed = await upload(`/agents/${agent.id}/updateFile`, {
      _method: 'PUT',
      document_id: String(doc.id),
      title: 'New title',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data).toMatchObject({ title: 'New title', original_name: 'a.pdf' });
    const replaced = await upload(
      `/agents/${agent.id}/updateFile`,
      { _method: 'PUT', document_id: String(doc.id) },
      { filename: 'b.png', type: 'image/png', data: PNG },
    );
    expect(replaced.json().data).toMatchObject({
      title: 'New title',
      original_name: 'b.png',
      mimetype: 'image/png',
      size: PNG.length,
    });
    expect((await t.app.inject({ method: 'GET', url: doc.url })).statusCode).toBe(404);

    const off = await call('PATCH', `/agents/${agent.id}/deactivateFile/${doc.id}`);
    expect(off.json().data.active).toBe(false);
    let [row] = await t.database.db.select().from(documentFiles).where(eq(documentFiles.id, doc.id));
    expect(row.active).toBe(false);
    const on = await upload(`/agents/${agent.id}/updateFile`, {
      _method: 'PUT',
      document_id: String(doc.id),
      active: 'true',
    });
    expect(on.json().data.active).toBe(true);

    expect((await call('DELETE', `/agents/${agent.id}/deleteFile/${doc.id}`)).statusCode).toBe(200);
    [row] = await t.database.db.select().from(documentFiles).where(eq(documentFiles.id, doc.id));
    expect(row).toBeUndefined();
    expect((await t.app.inject({ method: 'GET', url: replaced.json().data.url })).statusCode).toBe(404);
  });

  it("answers 404 for another owner's file and for a deleted agent's files", async () => {
    const a = await createAgent();
    const b = await createAgent();
    const doc = (
      await upload(`/agents/${a.id}/addFile`, {}, { filename: 'a.pdf', type: 'application/pdf', data: PDF })
    ).json().data;
    expect((await call('DELETE', `/agents/${b.id}/deleteFile/${doc.id}`)).statusCode).toBe(404);
    expect((await call('PATCH', `/agents/${b.id}/deactivateFile/${doc.id}`)).statusCode).toBe(404);
    await call('DELETE', `/agents/${a.id}`);
    expect((await call('GET', `/agents/${a.id}/files`)).statusCode).toBe(404);
    expect(
      (await upload(`/agents/${a.id}/addFile`, {}, { filename: 'a.pdf', type: 'application/pdf', data: PDF }))
        .statusCode,
    ).toBe(404);
  });

  it('gives no file list and no upload to users without agent permissions', async () => {
    const agent = await createAgent();
    await upload(`/agents/${agent.id}/addFile`, {}, { filename: 'a.pdf', type: 'application/pdf', data: PDF });
    const outsider = await createStaff(t, admin, { permissions: ['view_customers'] });
    expect((await call('GET', `/agents/${agent.id}/files`, outsider.token)).statusCode).toBe(403);
    const viewer = await createStaff(t, admin, { permissions: ['view_agents'] });
    expect((await call('GET', `/agents/${agent.id}/files`, viewer.token)).json().data).toHaveLength(1);
    expect(
      (
        await upload(
          `/agents/${agent.id}/addFile`,
          {},
          { filename: 'a.pdf', type: 'application/pdf', data: PDF },
          viewer.token,
        )
      ).statusCode,
    ).toBe(403);
  });
});
