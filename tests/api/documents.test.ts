import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { barterProperties, barters, buildings, documentFiles, properties } from '../../server/db/schema';
import { createStaff, multipart, startTestApp, type TestApp } from './harness';
import { statusFromDeals } from './dealFixtures';

let t: TestApp;
let admin: string;
const PDF = Buffer.from('%PDF-1.4\n%%EOF\n');
const tag = `doc${Date.now().toString(36)}`;
let agentId: number;
let agentFileName: string;
let barterNear: number;
let barterFar: number;
let firstBuilding: number;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.signIn('admin@demo.ge');
  const agent = await t.app.inject({
    method: 'POST',
    url: '/api/agents',
    headers: t.as(admin),
    payload: { name: `${tag} agent` },
  });
  agentId = agent.json().data.id;
  agentFileName = `${tag}-agent.pdf`;
  const body = multipart(
    { title: 'ID card' },
    { file: { filename: agentFileName, type: 'application/pdf', data: PDF } },
  );
  const up = await t.app.inject({
    method: 'POST',
    url: `/api/agents/${agentId}/addFile`,
    headers: { ...t.as(admin), ...body.headers },
    payload: body.payload,
  });
  expect(up.statusCode).toBe(201);

  // Two barter deals (made directly: the barter screens are another slice),
  // one on a unit of each end of the demo's complexes.
  const db = t.database.db;
  const complexes = await db.select().from(buildings).orderBy(asc(buildings.id));
  firstBuilding = complexes[0].id;
  const [near] = await db.select().from(properties).where(eq(properties.buildingId, complexes[0].id)).limit(1);
  const [far] = await db
    .select()
    .from(properties)
    .where(eq(properties.buildingId, complexes[complexes.length - 1].id))
    .limit(1);
  for (const [unit, name] of [
    [near, 'near'],
    [far, 'far'],
  ] as const) {
    const [barter] = await db
      .insert(barters)
      .values({ counterparty: `${tag} ${name} builder`, value: '1000', agreedOn: '2026-01-01' })
      .returning();
    await db.insert(barterProperties).values({ barterId: barter.id, propertyId: unit.id });
    await statusFromDeals(db, [unit.id]);
    await db.insert(documentFiles).values({
      ownerType: 'barter',
      ownerId: barter.id,
      originalName: `${tag}-${name}.pdf`,
      path: `documents/barter/${tag}-${name}.pdf`,
      mimetype: 'application/pdf',
      size: 10,
    });
    if (name === 'near') barterNear = barter.id;
    else barterFar = barter.id;
  }
});
afterAll(() => t.close());

type Doc = {
  original_name: string;
  owner_type: string;
  owner_id: number;
  owner_name: string;
  url: string;
  title: string | null;
};
const documents = async (token: string, query = '') => {
  const res = await t.app.inject({ method: 'GET', url: `/api/documents?query=${tag}${query}`, headers: t.as(token) });
  return { status: res.statusCode, body: res.json() as { data: Doc[]; meta: { total: number } } };
};

describe('GET /documents', () => {
  it('lists the files of agents and barters with their owners, for the administrator', async () => {
    const { status, body } = await documents(admin, '&sort=original_name');
    expect(status).toBe(200);
    expect(body.data.map((d) => [d.original_name, d.owner_type, d.owner_id, d.owner_name])).toEqual([
      [agentFileName, 'agent', agentId, `${tag} agent`],
      [`${tag}-far.pdf`, 'barter', barterFar, `${tag} far builder`],
      [`${tag}-near.pdf`, 'barter', barterNear, `${tag} near builder`],
    ]);
    expect(body.meta.total).toBe(3);
    expect(body.data[0].url).toMatch(/^\/api\/files\/documents\/agent\//);
    expect(body.data[0].title).toBe('ID card');
  });

  it('filters by owner type and pages', async () => {
    const { body } = await documents(admin, '&owner_type=barter');
    expect(body.data.map((d) => d.owner_type)).toEqual(['barter', 'barter']);
    const page = await documents(admin, '&perpage=1&page=2');
    expect(page.body.data).toHaveLength(1);
    expect(page.body.meta.total).toBe(3);
  });

  it('leaves out files whose owner the user may not see', async () => {
    // Barters only, and only the first complex: the far barter's file and the agent's file are left out.
    const scoped = await createStaff(t, admin, {
      permissions: ['view_advanced_payments', 'view_barters'],
      buildings: [firstBuilding],
    });
    expect((await documents(scoped.token)).body.data.map((d) => d.original_name)).toEqual([`${tag}-near.pdf`]);
    const agentsOnly = await createStaff(t, admin, { permissions: ['view_advanced_payments', 'view_agents'] });
    expect((await documents(agentsOnly.token)).body.data.map((d) => d.original_name)).toEqual([agentFileName]);
    // A deleted agent's files leave the list.
    await t.app.inject({ method: 'DELETE', url: `/api/agents/${agentId}`, headers: t.as(admin) });
    expect((await documents(agentsOnly.token)).body.data).toEqual([]);
  });

  it('needs view_advanced_payments', async () => {
    const other = await createStaff(t, admin, { permissions: ['view_agents'] });
    expect((await documents(other.token)).status).toBe(403);
  });
});
