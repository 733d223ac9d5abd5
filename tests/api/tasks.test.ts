import { businessToday } from '../../domain/businessDay';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull, ne } from 'drizzle-orm';
import { customers, notifications, sales } from '../../server/db/schema';
import { createStaff, startTestApp, type TestApp } from './harness';

let t: TestApp;
let admin: string;
let worker: Awaited<ReturnType<typeof createStaff>>;
let other: Awaited<ReturnType<typeof createStaff>>;
let saleA: { id: number; buildingId: number };
let saleB: { id: number; buildingId: number };

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.signIn('admin@demo.ge');
  const [first] = await t.database.db
    .select({ id: sales.id, buildingId: sales.buildingId })
    .from(sales)
    .where(isNull(sales.deletedAt))
    .limit(1);
  const [second] = await t.database.db
    .select({ id: sales.id, buildingId: sales.buildingId })
    .from(sales)
    .where(and(ne(sales.buildingId, first.buildingId), isNull(sales.deletedAt)))
    .limit(1);
  saleA = first;
  saleB = second;
  // a member of staff who works with tasks in complex A only, and one who may only read tasks
  worker = await createStaff(t, admin, {
    permissions: ['view_tasks', 'add_tasks', 'view_sales'],
    buildings: [saleA.buildingId],
  });
  other = await createStaff(t, admin, { permissions: ['view_tasks'], buildings: [saleA.buildingId] });
});
afterAll(() => t.close());

const call = (method: string, url: string, token = admin, payload?: unknown) =>
  t.app.inject({ method: method as 'GET', url: `/api${url}`, headers: t.as(token), payload: payload as never });

const createTask = async (fields: Record<string, unknown>, token = admin) => {
  const res = await call('POST', '/tasks', token, { title: 'Call the customer', ...fields });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; status: string; assignee_id: number | null; participant_ids: number[] };
};

describe('POST /tasks', () => {
  it('creates a task, then updates it through the same call; the assignee is notified once', async () => {
    const task = await createTask({
      description: 'About the second installment',
      priority: 'high',
      due_date: '2030-01-10',
      assignee_id: worker.id,
      participant_ids: [other.id],
      sale_id: saleA.id,
    });
    expect(task).toMatchObject({ status: 'open', assignee_id: worker.id, participant_ids: [other.id] });
    const notices = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, worker.id), eq(notifications.kind, 'task_assigned')));
    expect(notices).toHaveLength(1);
    expect(notices[0].params).toEqual({ title: 'Call the customer' });
    expect(notices[0].link).toBe(`/tasks/${task.id}`);

    const updated = await call('POST', '/tasks', admin, {
      id: task.id,
      title: 'Call the customer again',
      priority: 'normal',
      status: 'in_progress',
      assignee_id: worker.id,
      participant_ids: [],
      sale_id: saleA.id,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data).toMatchObject({ title: 'Call the customer again', status: 'in_progress' });
    expect(updated.json().data.participant_ids).toEqual([]);
    const again = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, worker.id), eq(notifications.kind, 'task_assigned')));
    expect(again).toHaveLength(1);

    const read = await call('GET', `/tasks/${task.id}`);
    expect(read.json().data).toMatchObject({ id: task.id, status: 'in_progress', sale_id: saleA.id });
  });

  it('refuses a missing title, an unknown priority and an assignee who does not work with tasks', async () => {
    const res = await call('POST', '/tasks', admin, { title: '', priority: 'urgent' });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['priority', 'title']);
    const accountant = await t.database.db.execute("select id from users where email = 'accountant@demo.ge'" as never);
    const accountantId = (accountant as unknown as { rows: Array<{ id: number }> }).rows[0].id;
    const refused = await call('POST', '/tasks', admin, { title: 'x', assignee_id: accountantId });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.assignee_id).toEqual(['This employee does not work with tasks']);
  });

  it('refuses a link to a sale of another complex for a user outside it, and creating without add_tasks', async () => {
    const res = await call('POST', '/tasks', worker.token, { title: 'Elsewhere', sale_id: saleB.id });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.sale_id).toBeDefined();
    expect((await call('POST', '/tasks', other.token, { title: 'Not allowed' })).statusCode).toBe(403);
  });
});

describe('who sees which tasks', () => {
  it('shows a user the tasks they wrote, hold or take part in; edit_tasks and admin see everyone’s', async () => {
    const mine = await createTask({ title: 'Worker own' }, worker.token);
    const theirs = await createTask({ title: 'Admin private' });
    const shared = await createTask({ title: 'Shared with other', participant_ids: [other.id] });
    const ids = async (token: string, query = '') =>
      ((await call('GET', `/tasks?perpage=0${query}`, token)).json().data as Array<{ id: number }>).map((r) => r.id);

    const workerSees = await ids(worker.token);
    expect(workerSees).toContain(mine.id);
    expect(workerSees).not.toContain(theirs.id);
    expect((await call('GET', `/tasks/${theirs.id}`, worker.token)).statusCode).toBe(404);

    const otherSees = await ids(other.token);
    expect(otherSees).toContain(shared.id);
    expect(otherSees).not.toContain(mine.id);

    const adminSees = await ids(admin);
    expect(adminSees).toEqual(expect.arrayContaining([mine.id, theirs.id, shared.id]));
    const adminMine = await ids(admin, '&mine=1');
    expect(adminMine).not.toContain(mine.id);
    expect(adminMine).toContain(theirs.id);
  });

  it('never shows a task about another complex’s sale, even to its assignee, nor names it in the notice', async () => {
    const elsewhere = await createTask({ title: 'Complex B secret', sale_id: saleB.id, assignee_id: worker.id });
    expect((await call('GET', `/tasks/${elsewhere.id}`, worker.token)).statusCode).toBe(404);
    const list = (await call('GET', '/tasks?perpage=0', worker.token)).json().data as Array<{ id: number }>;
    expect(list.map((r) => r.id)).not.toContain(elsewhere.id);
    // the assignee hears that a task came, from whom, and that it is about a complex it cannot open: nothing more
    const notices = (await call('GET', '/notifications?perpage=50', worker.token)).json().data as Array<{
      text: string;
      link: string | null;
    }>;
    const told = notices.filter((n) => n.link === `/tasks/${elsewhere.id}` || n.text.includes('outside'));
    expect(told).toEqual([
      {
        ...told[0],
        text: 'A task about a complex outside your access was assigned to you by ნინო ბერიძე; ask them for its details',
        link: null,
      },
    ]);
    expect(notices.map((n) => n.text).join(' ')).not.toContain('Complex B secret');
  });

  it('filters by status, priority, due and assignee', async () => {
    const today = businessToday();
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const late = await createTask({ title: 'Late', due_date: yesterday, priority: 'low', assignee_id: other.id });
    const now = await createTask({ title: 'Today', due_date: today, priority: 'high' });
    const done = await createTask({ title: 'Done late', due_date: yesterday, status: 'done' });
    const ids = async (query: string) =>
      ((await call('GET', `/tasks?perpage=0&${query}`)).json().data as Array<{ id: number }>).map((r) => r.id);
    const overdue = await ids('due=overdue');
    expect(overdue).toContain(late.id);
    expect(overdue).not.toContain(done.id);
    expect(overdue).not.toContain(now.id);
    expect(await ids('due=today')).toContain(now.id);
    expect(await ids('due=week')).toContain(now.id);
    expect(await ids('status[]=done')).toContain(done.id);
    expect(await ids('status[]=done')).not.toContain(late.id);
    expect(await ids('priority[]=low')).toContain(late.id);
    expect(await ids('priority[]=low')).not.toContain(now.id);
    expect(await ids(`assignee_id=${other.id}`)).toEqual([late.id]);
    const page = await call('GET', '/tasks?perpage=2&page=1&sort=due_date&order=asc');
    expect(page.json().meta).toMatchObject({ current_page: 1, per_page: 2 });
  });
});

describe('GET /tasks/actual', () => {
  it('counts open tasks assigned to me or where I take part, and drops one when it is done', async () => {
    const fresh = await createStaff(t, admin, { permissions: ['view_tasks', 'edit_tasks'] });
    const count = async () => (await call('GET', '/tasks/actual', fresh.token)).json().data.count as number;
    expect(await count()).toBe(0);
    const assigned = await createTask({ title: 'For fresh', assignee_id: fresh.id });
    await createTask({ title: 'Fresh takes part', participant_ids: [fresh.id] });
    await createTask({ title: 'Already done', assignee_id: fresh.id, status: 'done' });
    expect(await count()).toBe(2);
    // the assignee marks it done
    const res = await call('POST', '/tasks', fresh.token, {
      id: assigned.id,
      title: 'For fresh',
      status: 'done',
      assignee_id: fresh.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await count()).toBe(1);
  });
});

describe('changing and deleting', () => {
  it('lets the author or assignee change a task, not a mere participant; deleting needs delete_tasks', async () => {
    const task = await createTask({ title: 'Shared', participant_ids: [other.id], assignee_id: worker.id });
    const byParticipant = await call('POST', '/tasks', other.token, { id: task.id, title: 'Hijacked' });
    expect(byParticipant.statusCode).toBe(403);
    const byAssignee = await call('POST', '/tasks', worker.token, {
      id: task.id,
      title: 'Shared',
      status: 'in_progress',
      assignee_id: worker.id,
      participant_ids: [other.id],
    });
    expect(byAssignee.statusCode, byAssignee.body).toBe(200);
    expect(byAssignee.json().data.can_edit).toBe(true);
    expect((await call('DELETE', `/tasks/${task.id}`, worker.token)).statusCode).toBe(403);
    expect((await call('DELETE', `/tasks/${task.id}`)).statusCode).toBe(200);
    expect((await call('GET', `/tasks/${task.id}`)).statusCode).toBe(404);
    expect((await call('DELETE', `/tasks/${task.id}`)).statusCode).toBe(404);
  });

  it('lets an assignee mark done a task about a customer they could not pick themselves', async () => {
    const ownOnly = await createStaff(t, admin, { permissions: ['view_tasks', 'view_only_own_customers'] });
    const [{ id: customerId }] = await t.database.db
      .select({ id: customers.id })
      .from(customers)
      .where(isNull(customers.deletedAt))
      .limit(1);
    const task = await createTask({ title: 'About a customer', customer_id: customerId, assignee_id: ownOnly.id });
    const picked = await call('POST', '/tasks', ownOnly.token, {
      id: task.id,
      title: 'About a customer',
      customer_id: customerId,
      assignee_id: ownOnly.id,
      status: 'done',
    });
    expect(picked.statusCode, picked.body).toBe(200);
    expect(picked.json().data.status).toBe('done');
  });

  it('is closed to a user without task permissions', async () => {
    const outsider = await createStaff(t, admin, { permissions: ['view_customers'] });
    expect((await call('GET', '/tasks', outsider.token)).statusCode).toBe(403);
    expect((await call('GET', '/tasks/actual', outsider.token)).statusCode).toBe(403);
    expect((await call('POST', '/tasks', outsider.token, { title: 'x' })).statusCode).toBe(403);
  });
});

describe('MODULE_TASKS off', () => {
  it('answers 404 on every task route', async () => {
    const off = await startTestApp({ MODULE_TASKS: 'false' });
    try {
      const token = await off.signIn('admin@demo.ge');
      for (const [method, url] of [
        ['GET', '/api/tasks'],
        ['GET', '/api/tasks/actual'],
        ['GET', '/api/tasks/1'],
        ['POST', '/api/tasks'],
        ['DELETE', '/api/tasks/1'],
      ]) {
        const res = await off.app.inject({
          method: method as 'GET',
          url,
          headers: off.as(token),
          payload: {} as never,
        });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
      }
      const config = await off.app.inject({ method: 'GET', url: '/api/config' });
      expect(config.json().data?.flags?.tasks ?? config.json().flags?.tasks).toBe(false);
    } finally {
      await off.close();
    }
  });
});
