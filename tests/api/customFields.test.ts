import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNotNull, isNull, ne } from 'drizzle-orm';
import { activityLogs, customers, customFieldValueRows, properties, sales } from '../../server/db/schema';
import { customFieldValues, listCustomFields } from '../../server/modules/customFields';
import { createStaff, startTestApp, type TestApp } from './harness';

let t: TestApp;
let admin: string;
let saleA: { id: number; buildingId: number };
let saleB: { id: number; buildingId: number };
let seller: Awaited<ReturnType<typeof createStaff>>;

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
  // a sales manager of complex A only: edits sales there, never touches the fields themselves
  seller = await createStaff(t, admin, {
    permissions: ['view_sales', 'edit_sales', 'view_properties', 'edit_properties'],
    buildings: [saleA.buildingId],
  });
});
afterAll(() => t.close());

const call = (method: string, url: string, token = admin, payload?: unknown) =>
  t.app.inject({ method: method as 'GET', url: `/api${url}`, headers: t.as(token), payload: payload as never });

const createField = async (fields: Record<string, unknown>) => {
  const res = await call('POST', '/custom-fields', admin, { label_ka: 'ველი', ...fields });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; name: string; choices: string[]; values_count: number };
};

describe('custom fields CRUD', () => {
  it('creates, reads, lists with search and sort, updates and deletes a field', async () => {
    const field = await createField({
      name: 'notary_name',
      label_ka: 'ნოტარიუსი',
      label_en: 'Notary',
      label_ru: 'Нотариус',
      type: 'text',
      record_kind: 'sale',
      choices: ['ignored'],
    });
    expect(field).toMatchObject({ name: 'notary_name', choices: [], values_count: 0 });

    const one = await t.app.inject({
      method: 'GET',
      url: `/api/custom-fields/${field.id}`,
      headers: t.as(admin, 'en'),
    });
    expect(one.json().data).toMatchObject({
      label: 'Notary',
      label_ka: 'ნოტარიუსი',
      type: 'text',
      record_kind: 'sale',
    });

    await createField({
      name: 'floor_finish',
      label_ka: 'მოპირკეთება',
      type: 'choice',
      record_kind: 'unit',
      choices: ['თეთრი', 'შავი'],
    });
    const found = await call('GET', '/custom-fields?query=notary');
    expect(found.json().data.map((f: { name: string }) => f.name)).toEqual(['notary_name']);
    const units = await call('GET', '/custom-fields?record_kind=unit');
    expect(units.json().data.map((f: { name: string }) => f.name)).toEqual(['floor_finish']);
    const sorted = await call('GET', '/custom-fields?sort=name&order=desc&perpage=1');
    expect(sorted.json().data[0].name).toBe('notary_name');
    expect(sorted.json().meta).toMatchObject({ total: 2, per_page: 1, last_page: 2 });

    const updated = await call('PUT', `/custom-fields/${field.id}`, admin, {
      name: 'notary',
      label_ka: 'ნოტარიუსის სახელი',
      type: 'text',
      record_kind: 'sale',
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data).toMatchObject({ name: 'notary', label_en: null, label: 'ნოტარიუსის სახელი' });

    const deleted = await call('DELETE', `/custom-fields/${field.id}`);
    expect(deleted.statusCode).toBe(200);
    expect((await call('GET', `/custom-fields/${field.id}`)).statusCode).toBe(404);
    const [logged] = await t.database.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.recordType, 'custom-fields'), eq(activityLogs.action, 'delete')));
    expect(logged.recordId).toBe(String(field.id));
  });

  it('refuses a bad name, a duplicate name on the same record kind, a choice field without choices', async () => {
    for (const name of ['Bad', '1st', 'with-dash', 'spaces here', '_lead', 'ნოტარიუსი']) {
      const res = await call('POST', '/custom-fields', admin, {
        name,
        label_ka: 'x',
        type: 'text',
        record_kind: 'sale',
      });
      expect(res.statusCode, name).toBe(422);
      expect(Object.keys(res.json().errors), name).toEqual(['name']);
    }
    await createField({ name: 'agent_note', type: 'text', record_kind: 'customer' });
    const duplicate = await call('POST', '/custom-fields', admin, {
      name: 'agent_note',
      label_ka: 'x',
      type: 'number',
      record_kind: 'customer',
    });
    expect(duplicate.statusCode).toBe(422);
    expect(duplicate.json().errors.name).toEqual(['This record already has a field with this name']);
    // the same name on another record kind is another placeholder's owner: allowed
    await createField({ name: 'agent_note', type: 'text', record_kind: 'complex' });

    const noChoices = await call('POST', '/custom-fields', admin, {
      name: 'parking',
      label_ka: 'x',
      type: 'choice',
      record_kind: 'sale',
      choices: [],
    });
    expect(noChoices.statusCode).toBe(422);
    expect(Object.keys(noChoices.json().errors)).toEqual(['choices']);
    const badType = await call('POST', '/custom-fields', admin, {
      name: 'x',
      label_ka: 'x',
      type: 'money',
      record_kind: 'lot',
    });
    expect(Object.keys(badType.json().errors).sort()).toEqual(['record_kind', 'type']);
  });

  it('needs the custom-field permissions: 403 without them', async () => {
    expect((await call('GET', '/custom-fields', seller.token)).statusCode).toBe(403);
    const res = await call('POST', '/custom-fields', seller.token, {
      name: 'nope',
      label_ka: 'x',
      type: 'text',
      record_kind: 'sale',
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('values of a record', () => {
  it('validates every value by its type, keeps them, clears them, and gives them to templates', async () => {
    const area = await createField({ name: 'balcony_area', type: 'number', record_kind: 'sale' });
    await createField({ name: 'handover_date', type: 'date', record_kind: 'sale' });
    await createField({ name: 'furnished', type: 'boolean', record_kind: 'sale' });
    await createField({ name: 'parking', type: 'choice', record_kind: 'sale', choices: ['underground', 'street'] });
    await createField({ name: 'notary_office', type: 'text', record_kind: 'sale' });
    const url = `/custom-fields/values/sale/${saleA.id}`;

    const wrong = await call('PUT', url, seller.token, {
      custom_fields: {
        balcony_area: 'twelve',
        handover_date: '2026-02-30',
        furnished: 'maybe',
        parking: 'roof',
        nothing_like_it: 'x',
      },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({
      'custom_fields.balcony_area': ['Enter a number'],
      'custom_fields.handover_date': ['Enter a date'],
      'custom_fields.furnished': ['Choose yes or no'],
      'custom_fields.parking': ['Choose one of the choices'],
      'custom_fields.nothing_like_it': ['There is no such field'],
    });
    const none = await t.database.db
      .select()
      .from(customFieldValueRows)
      .where(eq(customFieldValueRows.recordId, saleA.id));
    expect(none).toEqual([]);

    const saved = await call('PUT', url, seller.token, {
      custom_fields: {
        balcony_area: '1234.5',
        handover_date: '2027-03-01',
        furnished: true,
        parking: 'underground',
        notary_office: '  Tbilisi, Rustaveli 1 ',
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const values = Object.fromEntries(
      (saved.json().data as Array<{ name: string; value: unknown }>).map((v) => [v.name, v.value]),
    );
    expect(values).toEqual({
      balcony_area: 1234.5,
      handover_date: '2027-03-01',
      furnished: true,
      parking: 'underground',
      notary_office: 'Tbilisi, Rustaveli 1',
    });
    const stored = await t.database.db
      .select({ value: customFieldValueRows.value })
      .from(customFieldValueRows)
      .where(and(eq(customFieldValueRows.recordId, saleA.id), eq(customFieldValueRows.fieldId, area.id)));
    expect(stored).toEqual([{ value: '1234.5' }]);
    const [logged] = await t.database.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.recordType, 'custom-field-values'), eq(activityLogs.recordId, String(saleA.id))));
    expect(logged).toMatchObject({
      action: 'update',
      userId: seller.id,
      buildingId: saleA.buildingId,
      oldValues: null,
    });

    const read = await t.app.inject({ method: 'GET', url: `/api${url}`, headers: t.as(seller.token, 'en') });
    expect(read.statusCode).toBe(200);
    const furnished = (read.json().data as Array<{ name: string; display: string }>).find(
      (v) => v.name === 'furnished',
    );
    expect(furnished?.display).toBe('Yes');

    // templates: every field of the kind by name, printed; a field left empty is ''
    const forTemplate = await customFieldValues(t.database.db, 'sale', saleA.id, { locale: 'ka' });
    expect(forTemplate).toEqual({
      balcony_area: '1,234.5',
      handover_date: '01.03.2027',
      furnished: 'კი',
      parking: 'underground',
      notary_office: 'Tbilisi, Rustaveli 1',
    });
    expect((await listCustomFields(t.database.db)).some((f) => f.name === 'parking' && f.record_kind === 'sale')).toBe(
      true,
    );

    // a field left out keeps its value; null and '' clear
    const cleared = await call('PUT', url, seller.token, { custom_fields: { parking: null, notary_office: '' } });
    expect(cleared.statusCode).toBe(200);
    const after = await customFieldValues(t.database.db, 'sale', saleA.id);
    expect(after).toMatchObject({ balcony_area: '1,234.5', parking: '', notary_office: '' });

    // a field holding values keeps its type
    const retype = await call('PUT', `/custom-fields/${area.id}`, admin, {
      name: 'balcony_area',
      label_ka: 'x',
      type: 'text',
      record_kind: 'sale',
    });
    expect(retype.statusCode).toBe(422);
    expect(Object.keys(retype.json().errors)).toEqual(['type']);
    // deleting the field deletes its values
    await call('DELETE', `/custom-fields/${area.id}`);
    const gone = await t.database.db
      .select()
      .from(customFieldValueRows)
      .where(eq(customFieldValueRows.fieldId, area.id));
    expect(gone).toEqual([]);
  });

  it("answers 404 for a record of another complex or none at all, 403 without the record's permission", async () => {
    expect((await call('GET', `/custom-fields/values/sale/${saleB.id}`, seller.token)).statusCode).toBe(404);
    const put = await call('PUT', `/custom-fields/values/sale/${saleB.id}`, seller.token, { custom_fields: {} });
    expect(put.statusCode).toBe(404);
    expect((await call('GET', `/custom-fields/values/sale/999999`)).statusCode).toBe(404);
    expect((await call('GET', `/custom-fields/values/lot/${saleA.id}`)).statusCode).toBe(404);

    const [otherUnit] = await t.database.db
      .select({ id: properties.id })
      .from(properties)
      .where(ne(properties.buildingId, saleA.buildingId))
      .limit(1);
    expect((await call('GET', `/custom-fields/values/unit/${otherUnit.id}`, seller.token)).statusCode).toBe(404);
    expect((await call('GET', `/custom-fields/values/complex/${saleB.buildingId}`, seller.token)).statusCode).toBe(403);
    const [customer] = await t.database.db.select({ id: customers.id }).from(customers).limit(1);
    expect((await call('GET', `/custom-fields/values/customer/${customer.id}`, seller.token)).statusCode).toBe(403);

    const reader = await createStaff(t, admin, { permissions: ['view_sales'], buildings: [saleA.buildingId] });
    const readOnly = await call('PUT', `/custom-fields/values/sale/${saleA.id}`, reader.token, { custom_fields: {} });
    expect(readOnly.statusCode).toBe(403);
    expect((await call('GET', `/custom-fields/values/sale/${saleA.id}`, reader.token)).statusCode).toBe(200);
  });

  it("reads a cancelled sale's values for those who may see cancelled sales, and never changes them", async () => {
    const [cancelled] = await t.database.db
      .select({ id: sales.id, buildingId: sales.buildingId })
      .from(sales)
      .where(isNotNull(sales.deletedAt))
      .limit(1);
    const read = await call('GET', `/custom-fields/values/sale/${cancelled.id}`);
    expect(read.statusCode, read.body).toBe(200);
    expect(Array.isArray(read.json().data)).toBe(true);
    const put = await call('PUT', `/custom-fields/values/sale/${cancelled.id}`, admin, { custom_fields: {} });
    expect(put.statusCode).toBe(404);
    // a reader of live sales only does not learn that the cancelled one exists
    const reader = await createStaff(t, admin, { permissions: ['view_sales'], buildings: [cancelled.buildingId] });
    expect((await call('GET', `/custom-fields/values/sale/${cancelled.id}`, reader.token)).statusCode).toBe(404);
  });

  it("gives a new record's form the kind's fields, empty, to whoever reads or writes such records", async () => {
    await createField({ name: 'site_manager', type: 'text', record_kind: 'complex' });
    const res = await call('GET', '/custom-fields/values/complex');
    expect(res.statusCode).toBe(200);
    const entry = (res.json().data as Array<{ name: string; value: unknown }>).find((v) => v.name === 'site_manager');
    expect(entry).toMatchObject({ value: null });
    expect((await call('GET', '/custom-fields/values/complex', seller.token)).statusCode).toBe(403);
    expect((await call('GET', '/custom-fields/values/sale', seller.token)).statusCode).toBe(200);
  });

  it('keeps values of customers, units and complexes apart from sales with the same id', async () => {
    await createField({ name: 'vip', type: 'boolean', record_kind: 'customer' });
    const [customer] = await t.database.db.select({ id: customers.id }).from(customers).limit(1);
    const res = await call('PUT', `/custom-fields/values/customer/${customer.id}`, admin, {
      custom_fields: { vip: 'false' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await customFieldValues(t.database.db, 'customer', customer.id, { locale: 'en' })).toEqual({
      agent_note: '',
      vip: 'No',
    });
    const onSale = await call('PUT', `/custom-fields/values/sale/${saleA.id}`, admin, { custom_fields: { vip: true } });
    expect(onSale.json().errors).toEqual({ 'custom_fields.vip': ['There is no such field'] });
  });
});

describe('the activity log of custom fields', () => {
  const linesOf = (recordType: string, id: number) =>
    t.database.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.recordType, recordType), eq(activityLogs.recordId, String(id))))
      .orderBy(activityLogs.id);

  it("a field's create and edit have their lines, of no complex", async () => {
    const field = await createField({ name: 'logged_field', type: 'text', record_kind: 'customer' });
    const renamed = { name: 'logged_field', label_ka: 'ახალი სახელი', type: 'text', record_kind: 'customer' };
    const edit = await call('PUT', `/custom-fields/${field.id}`, admin, renamed);
    expect(edit.statusCode, edit.body).toBe(200);
    expect(
      (await linesOf('custom-fields', field.id)).map((l) => [l.action, l.statusCode, l.buildingId, l.oldValues]),
    ).toEqual([
      ['create', 201, null, null],
      ['update', 200, null, null],
    ]);
  });

  it("a record's values are logged with its complex: a unit's, a complex's own, none for a customer", async () => {
    await createField({ name: 'unit_note', type: 'text', record_kind: 'unit' });
    await createField({ name: 'complex_note', type: 'text', record_kind: 'complex' });
    await createField({ name: 'customer_note', type: 'text', record_kind: 'customer' });
    const [unit] = await t.database.db.select().from(properties).where(isNull(properties.archivedAt)).limit(1);
    const [customer] = await t.database.db.select().from(customers).where(isNull(customers.deletedAt)).limit(1);
    for (const [kind, id, name] of [
      ['unit', unit.id, 'unit_note'],
      ['complex', unit.buildingId, 'complex_note'],
      ['customer', customer.id, 'customer_note'],
    ] as const) {
      const res = await call('PUT', `/custom-fields/values/${kind}/${id}`, admin, { custom_fields: { [name]: 'x' } });
      expect(res.statusCode, res.body).toBe(200);
    }
    // the line of each write, told apart by the field it sent (ids of different kinds may coincide)
    const lineOf = async (id: number, name: string) =>
      (await linesOf('custom-field-values', id))
        .filter((l) => name in ((l.changes as { custom_fields?: object }).custom_fields ?? {}))
        .map((l) => [l.route, l.buildingId]);
    const route = '/api/custom-fields/values/:recordKind/:recordId';
    expect(await lineOf(unit.id, 'unit_note')).toEqual([[route, unit.buildingId]]);
    expect(await lineOf(unit.buildingId, 'complex_note')).toEqual([[route, unit.buildingId]]);
    expect(await lineOf(customer.id, 'customer_note')).toEqual([[route, null]]);
  });
});
