import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { activityLogs } from '../../server/db/schema';
import { createStaff, multipart, PNG, startTestApp, type TestApp } from './harness';

let t: TestApp;
let admin: string;
let author: Awaited<ReturnType<typeof createStaff>>;
let stranger: Awaited<ReturnType<typeof createStaff>>;

beforeAll(async () => {
  t = await startTestApp({ MAX_UPLOAD_MB: '1' });
  admin = await t.signIn('admin@demo.ge');
  author = await createStaff(t, admin, { permissions: ['view_tickets', 'add_tickets'] });
  stranger = await createStaff(t, admin, { permissions: ['view_tickets', 'add_tickets'] });
});
afterAll(() => t.close());

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

const call = (method: string, url: string, token = admin, payload?: unknown, locale = 'en') =>
  t.app.inject({ method: method as 'GET', url: `/api${url}`, headers: t.as(token, locale), payload: payload as never });

const form = (
  url: string,
  token: string,
  fields: Record<string, string>,
  files: Array<{ filename: string; type: string; data: Buffer }> = [],
  locale = 'en',
) => {
  const body = multipart(fields, Object.fromEntries(files.map((f, i) => [`attachments[${i}]`, f])));
  // the harness names each file part; the server reads every part called attachments (with or without [])
  const payload = body.payload.toString('latin1').replace(/name="attachments\[\d+\]"/g, 'name="attachments[]"');
  return t.app.inject({
    method: 'POST',
    url: `/api${url}`,
    headers: { ...t.as(token, locale), ...body.headers },
    payload: Buffer.from(payload, 'latin1'),
  });
};

const openTicket = async (token = author.token) => {
  const res = await form(
    '/tickets',
    token,
    { subject: 'The invoice does not print', category: 'technical', body: 'Nothing happens on Print.' },
    [{ filename: 'screen.png', type: 'image/png', data: PNG }],
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as {
    id: number;
    status: string;
    items: Array<{ body: string; attachments: Array<{ url: string; original_name: string }> }>;
  };
};

describe('POST /tickets and GET /tickets/{id}', () => {
  it('opens a ticket with its first message and attachment, served through a signed URL', async () => {
    const ticket = await openTicket();
    expect(ticket.status).toBe('open');
    expect(ticket.items).toHaveLength(1);
    expect(ticket.items[0].attachments[0].original_name).toBe('screen.png');
    const file = await t.app.inject({ method: 'GET', url: ticket.items[0].attachments[0].url });
    expect(file.statusCode).toBe(200);
    const read = await call('GET', `/tickets/${ticket.id}`, author.token);
    expect(read.json().data).toMatchObject({
      id: ticket.id,
      category: 'technical',
      category_name: 'Technical problem',
    });
  });

  it('refuses an attachment over the limit with a translated message, and a file of another type', async () => {
    const big = Buffer.concat([PDF, Buffer.alloc(1024 * 1024 + 10, 32)]);
    const res = await form(
      '/tickets',
      author.token,
      { subject: 'Big', category: 'general', body: 'see attached' },
      [{ filename: 'big.pdf', type: 'application/pdf', data: big }],
      'ru',
    );
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(/[а-яА-Я]/);
    const exe = await form('/tickets', author.token, { subject: 'Exe', category: 'general', body: 'x' }, [
      { filename: 'tool.exe', type: 'application/octet-stream', data: Buffer.from('MZ....') },
    ]);
    expect(exe.statusCode).toBe(422);
    expect(exe.json().errors.attachments).toEqual(['Only images (PNG, JPEG, WebP, GIF) and PDF files can be attached']);
  });

  it('refuses a missing subject and an unknown category', async () => {
    const res = await form('/tickets', author.token, { subject: '', category: 'weather', body: 'x' });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['category', 'subject']);
  });
});

describe('GET /tickets?mode=', () => {
  it('lists mine, assigned and (with edit_tickets) all, filtered by status', async () => {
    const mine = await openTicket();
    const ids = async (token: string, query: string) =>
      ((await call('GET', `/tickets?perpage=0&${query}`, token)).json().data as Array<{ id: number }>).map((r) => r.id);
    expect(await ids(author.token, 'mode=mine')).toContain(mine.id);
    expect(await ids(stranger.token, 'mode=mine')).not.toContain(mine.id);
    expect((await call('GET', `/tickets/${mine.id}`, stranger.token)).statusCode).toBe(404);
    expect((await call('GET', '/tickets?mode=all', author.token)).statusCode).toBe(403);
    expect(await ids(admin, 'mode=all')).toContain(mine.id);
    expect(await ids(admin, 'mode=all&status[]=closed')).not.toContain(mine.id);

    const assigned = await form('/tickets', author.token, {
      subject: 'For the stranger',
      category: 'payments',
      body: 'please look',
      assignee_id: String(stranger.id),
    });
    expect(assigned.statusCode, assigned.body).toBe(201);
    expect(await ids(stranger.token, 'mode=assigned')).toContain(assigned.json().data.id);
    const people = (await call('GET', '/tickets/assignees', author.token)).json().data as Array<{ id: number }>;
    expect(people.map((p) => p.id)).toEqual(expect.arrayContaining([author.id, stranger.id]));
    const outsider = await createStaff(t, admin, { permissions: ['view_customers'] });
    const refused = await form('/tickets', author.token, {
      subject: 'For an outsider',
      category: 'general',
      body: 'x',
      assignee_id: String(outsider.id),
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.assignee_id).toEqual(['This employee does not work with tickets']);
  });

  it('answers the categories in the request language', async () => {
    const res = await call('GET', '/ticket-categories', author.token, undefined, 'ka');
    expect(res.json().data).toContainEqual({ id: 'general', name: 'ზოგადი კითხვა' });
  });
});

describe('the conversation, closing and rating', () => {
  it('answers, closes, and takes a rating 1 to 5 only from the author once closed', async () => {
    const ticket = await openTicket();
    const answer = await form('/ticket-item', admin, { ticket_id: String(ticket.id), body: 'Try again now.' }, [
      { filename: 'fix.pdf', type: 'application/pdf', data: PDF },
    ]);
    expect(answer.statusCode, answer.body).toBe(201);
    expect(answer.json().data.status).toBe('answered');
    expect(answer.json().data.items).toHaveLength(2);
    expect(answer.json().data.items[1].attachments).toHaveLength(1);

    const early = await call('POST', `/tickets/make-rating/${ticket.id}`, author.token, { rating: 5 });
    expect(early.statusCode).toBe(422);
    expect(early.json().errors.rating).toEqual(['A ticket can be rated only once it is closed']);

    const closed = await call('POST', `/tickets/close-ticket/${ticket.id}`, author.token);
    expect(closed.statusCode).toBe(200);
    expect(closed.json().data).toMatchObject({ status: 'closed', can_rate: true, can_reply: false });

    for (const rating of [0, 6, 2.5, 'five']) {
      const res = await call('POST', `/tickets/make-rating/${ticket.id}`, author.token, { rating });
      expect(res.statusCode, String(rating)).toBe(422);
    }
    expect((await call('POST', `/tickets/make-rating/${ticket.id}`, admin, { rating: 5 })).statusCode).toBe(403);
    const rated = await call('POST', `/tickets/make-rating/${ticket.id}`, author.token, { rating: 4 });
    expect(rated.statusCode).toBe(200);
    expect(rated.json().data.rating).toBe(4);

    const late = await form('/ticket-item', author.token, { ticket_id: String(ticket.id), body: 'one more' });
    expect(late.statusCode).toBe(409);
  });

  it('changes a ticket through POST /hoa/{id} with _method PATCH and deletes it with delete_tickets', async () => {
    const ticket = await openTicket();
    const changed = await form(`/hoa/${ticket.id}`, author.token, { _method: 'PATCH', subject: 'Printing fixed?' }, [
      { filename: 'more.png', type: 'image/png', data: PNG },
    ]);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data.subject).toBe('Printing fixed?');
    expect(changed.json().data.items.flatMap((i: { attachments: unknown[] }) => i.attachments)).toHaveLength(2);
    expect((await form(`/hoa/${ticket.id}`, stranger.token, { _method: 'PATCH', subject: 'x' })).statusCode).toBe(404);
    expect((await call('DELETE', `/tickets/${ticket.id}`, author.token)).statusCode).toBe(403);
    expect((await call('DELETE', `/tickets/${ticket.id}`)).statusCode).toBe(200);
    expect((await call('GET', `/tickets/${ticket.id}`)).statusCode).toBe(404);
  });

  it('records each write in the activity log: the ticket, no complex, and what a change replaced', async () => {
    const ticket = await openTicket();
    expect((await form('/ticket-item', admin, { ticket_id: String(ticket.id), body: 'Looking.' })).statusCode).toBe(
      201,
    );
    const changed = await form(`/hoa/${ticket.id}`, author.token, { _method: 'PATCH', subject: 'Prints now' });
    expect(changed.statusCode, changed.body).toBe(200);
    const lines = await t.database.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.recordType, 'tickets'), eq(activityLogs.recordId, String(ticket.id))))
      .orderBy(activityLogs.id);
    expect(lines.map((l) => [l.action, l.method, l.statusCode, l.buildingId, l.oldValues])).toEqual([
      ['create', 'POST', 201, null, null],
      ['ticket_replied', 'POST', 201, null, null],
      ['update', 'PATCH', 200, null, { subject: 'The invoice does not print' }],
    ]);
  });

  it('is closed to a user without ticket permissions', async () => {
    const outsider = await createStaff(t, admin, { permissions: ['view_customers'] });
    expect((await call('GET', '/tickets', outsider.token)).statusCode).toBe(403);
    expect((await call('GET', '/ticket-categories', outsider.token)).statusCode).toBe(403);
  });
});
