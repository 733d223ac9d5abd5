import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import {
  activityLogs,
  barterProperties,
  barters,
  buildings,
  comments,
  documentFiles,
  preSaleBookings,
  properties,
  users,
} from '../../server/db/schema';
import { createStaff, multipart, startTestApp, type TestApp } from './harness';

/** Defects found when the product was tried from outside, each held by a test that failed before. */
let t: TestApp;
let adminToken: string;

beforeAll(async () => {
  t = await startTestApp();
  adminToken = await t.signIn('admin@demo.ge');
});
afterAll(() => t.close());

const db = () => t.database.db;
const call = (
  method: string,
  url: string,
  token = adminToken,
  payload?: unknown,
  headers: Record<string, string> = {},
) => t.app.inject({ method: method as 'GET', url, payload: payload as never, headers: { ...t.as(token), ...headers } });

describe("a customer's related records", () => {
  it('show barters and their documents only to who reads barters in one of the barter’s complexes', async () => {
    const [barter] = await db()
      .select({ id: barters.id, customerId: barters.customerId, buildingId: properties.buildingId })
      .from(barters)
      .innerJoin(barterProperties, eq(barterProperties.barterId, barters.id))
      .innerJoin(properties, eq(properties.id, barterProperties.propertyId))
      .where(isNotNull(barters.customerId))
      .orderBy(asc(barters.id))
      .limit(1);
    expect(barter).toBeDefined();
    const other = (await db().select({ id: buildings.id }).from(buildings).orderBy(asc(buildings.id))).find(
      (b) => b.id !== barter.buildingId,
    )!;
    await db().insert(documentFiles).values({
      ownerType: 'barter',
      ownerId: barter.id,
      originalName: 'barter-deed.pdf',
      path: 'documents/deed.pdf',
      mimetype: 'application/pdf',
      size: 10,
    });
    const related = async (token: string) => {
      const res = await call('GET', `/api/customers/${barter.customerId}/related`, token);
      expect(res.statusCode, res.body).toBe(200);
      const data = res.json().data;
      return {
        barters: data.barters.map((b: { id: number }) => b.id),
        documents: data.documents.map((d: { original_name: string }) => d.original_name),
      };
    };

    expect(await related(adminToken)).toMatchObject({
      barters: expect.arrayContaining([barter.id]),
      documents: expect.arrayContaining(['barter-deed.pdf']),
    });

    const otherComplex = await createStaff(t, adminToken, {
      permissions: ['view_customers', 'view_barters'],
      buildings: [other.id],
    });
    const noBarters = await createStaff(t, adminToken, {
      permissions: ['view_customers'],
      buildings: [barter.buildingId],
    });
    const noBuildings = await createStaff(t, adminToken, { permissions: ['view_customers', 'view_barters'] });
    for (const staff of [otherComplex, noBarters, noBuildings]) {
      expect(await related(staff.token)).toEqual({ barters: [], documents: [] });
    }
    const sameComplex = await createStaff(t, adminToken, {
      permissions: ['view_customers', 'view_barters'],
      buildings: [barter.buildingId],
    });
    expect(await related(sameComplex.token)).toMatchObject({ barters: [barter.id], documents: ['barter-deed.pdf'] });
  });
});

describe('buildings a user hands out', () => {
  it('are only those the user can see itself; buildings the other user holds may stay', async () => {
    const all = (await db().select({ id: buildings.id }).from(buildings).orderBy(asc(buildings.id))).map((b) => b.id);
    const manager = await createStaff(t, adminToken, {
      permissions: ['view_users', 'add_users', 'edit_users'],
      buildings: [all[0]],
    });
    const own = await call('PUT', `/api/users/${manager.id}`, manager.token, { buildings: all });
    expect(own.statusCode).toBe(403);
    const created = await call('POST', '/api/users', manager.token, {
      full_name: 'Scoped',
      email: 'scoped-new@demo.ge',
      password: 'scoped-pass-1',
      roles: [],
      buildings: [all[1]],
    });
    expect(created.statusCode).toBe(403);
    expect(await db().$count(users, eq(users.email, 'scoped-new@demo.ge'))).toBe(0);
    const fine = await call('POST', '/api/users', manager.token, {
      full_name: 'Scoped',
      email: 'scoped-ok@demo.ge',
      password: 'scoped-pass-1',
      roles: [],
      buildings: [all[0]],
    });
    expect(fine.statusCode, fine.body).toBe(201);
    const colleague = await createStaff(t, adminToken, { permissions: [], buildings: [all[1]] });
    // Keeping what the colleague holds and adding one the manager sees is allowed; adding an unseen one is not.
    expect(
      (await call('PUT', `/api/users/${colleague.id}`, manager.token, { buildings: [all[1], all[0]] })).statusCode,
    ).toBe(200);
    expect(
      (await call('PUT', `/api/users/${colleague.id}`, manager.token, { buildings: [all[1], all[2]] })).statusCode,
    ).toBe(403);
    const me = await call('GET', `/api/users/${manager.id}`, adminToken);
    expect(me.json().data.buildings).toEqual([all[0]]);
  });
});

describe('text PostgreSQL cannot store', () => {
  const sends = [
    { name: 'a lone surrogate in a comment', url: '/api/comments/sale/3', json: '{"body":"a\\ud800b"}', field: 'body' },
    { name: 'a NUL in a comment', url: '/api/comments/sale/3', json: '{"body":"a\\u0000b"}', field: 'body' },
    {
      name: 'a lone surrogate in a feature group',
      url: '/api/property-feature-groups',
      json: '{"name":"x\\udc00","name_en":"x"}',
      field: 'name',
    },
  ];
  for (const send of sends) {
    it(`refuses ${send.name} with 422 and writes nothing`, async () => {
      const before = { comments: await db().$count(comments), logs: await db().$count(activityLogs) };
      const res = await call('POST', send.url, adminToken, send.json, { 'content-type': 'application/json' });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors[send.field]).toEqual([
        'contains a character that cannot be stored (a NUL or a broken unicode character)',
      ]);
      expect({ comments: await db().$count(comments), logs: await db().$count(activityLogs) }).toEqual(before);
    });
  }

  it('refuses it in a reservation’s note, in Georgian too', async () => {
    const before = await db().$count(preSaleBookings);
    const res = await call(
      'POST',
      '/api/pre-sale-bookings',
      adminToken,
      '{"property_id":1,"customer_id":1,"note":"a\\ud800b"}',
      {
        'content-type': 'application/json',
        'content-language': 'ka',
      },
    );
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors.note[0]).toMatch(/შენახვა/);
    expect(await db().$count(preSaleBookings)).toBe(before);
  });

  it('stores an uploaded file whose name holds a NUL under a clean name', async () => {
    const agent = await call('POST', '/api/agents', adminToken, { name: 'Nul Agent' });
    expect(agent.statusCode, agent.body).toBe(201);
    const id = agent.json().data.id;
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    const form = multipart({}, { file: { filename: 'con\u0000tract.pdf', type: 'application/pdf', data: pdf } });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/agents/${id}/addFile`,
      payload: form.payload,
      headers: { ...t.as(adminToken), ...form.headers },
    });
    expect(res.statusCode, res.body).toBe(201);
    const [stored] = await db()
      .select({ name: documentFiles.originalName })
      .from(documentFiles)
      .where(and(eq(documentFiles.ownerId, id), eq(documentFiles.ownerType, 'agent')));
    expect(stored?.name).toBe('contract.pdf');
  });
});

describe('the per-address sign-in limit', () => {
  const preAuth = (app: TestApp, forwardedFor: string) =>
    app.app.inject({
      method: 'POST',
      url: '/api/pre-auth',
      payload: { email: 'nobody@demo.ge', password: 'wrong-pass' },
      headers: { 'x-forwarded-for': forwardedFor },
    });

  it('is not escaped by a made-up X-Forwarded-For when no proxy is trusted', async () => {
    const app = await startTestApp({ AUTH_RATE_LIMIT_PER_ADDRESS: '5' });
    try {
      const statuses = [];
      for (let i = 0; i < 8; i++) statuses.push((await preAuth(app, `203.0.113.${i}`)).statusCode);
      expect(statuses.slice(0, 5).every((s) => s === 422)).toBe(true);
      expect(statuses.slice(5)).toEqual([429, 429, 429]);
    } finally {
      await app.close();
    }
  });

  it('counts the forwarded address when the proxy is named in TRUST_PROXY', async () => {
    const app = await startTestApp({ AUTH_RATE_LIMIT_PER_ADDRESS: '5', TRUST_PROXY: '127.0.0.1' });
    try {
      for (let i = 0; i < 8; i++) expect((await preAuth(app, `203.0.113.${i}`)).statusCode).toBe(422);
    } finally {
      await app.close();
    }
  });
});
