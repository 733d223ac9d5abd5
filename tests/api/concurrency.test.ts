import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { rows } from '../../server/db/client';
import { payments, properties } from '../../server/db/schema';
import {
  complexes,
  createSale,
  db,
  freeUnits,
  newCustomer,
  saleBody,
  send,
  statusOf,
  useSalesFixtures,
} from './salesFixtures';

useSalesFixtures();

/**
 * One unit asked for by 100 requests at once, of the four kinds of deal that take a unit (booking,
 * reservation, sale, barter): exactly one is accepted and the unit holds that one deal; 100 payments at once on one
 * sale, each with its own key, add up to the tetri; one key sent 20 times at once makes one payment.
 */
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

describe('one unit, a hundred requests at once', () => {
  it('accepts exactly one deal of any kind, and the unit holds that one', async () => {
    const [unit] = await freeUnits(complexes[0].id, 1);
    const customer = await newCustomer('კონკურენტი მყიდველი');
    const kinds = {
      booking: () =>
        send('POST', '/api/bookings', {
          property_id: unit.id,
          customer_id: customer.id,
          period_from: inDays(1),
          period_to: inDays(30),
          price: '100',
          currency: 'GEL',
          paid: false,
        }),
      reservation: () =>
        send('POST', '/api/pre-sale-bookings', {
          property_id: unit.id,
          customer_id: customer.id,
          hold_until: inDays(7),
        }),
      sale: () => send('POST', '/api/sales', saleBody([unit.id], customer.id)),
      barter: () =>
        send('POST', '/api/barter', {
          counterparty: 'შპს „მშენებელი“',
          description: 'Windows',
          value: 1000,
          currency: 'USD',
          agreed_on: '2026-03-01',
          property_ids: [unit.id],
        }),
    };
    const names = Object.keys(kinds) as Array<keyof typeof kinds>;
    const answers = await Promise.all(
      Array.from({ length: 100 }, async (_, i) => ({ kind: names[i % 4], res: await kinds[names[i % 4]]() })),
    );
    const accepted = answers.filter((a) => a.res.statusCode === 201);
    expect(accepted.map((a) => a.kind)).toHaveLength(1);
    const refused = answers.filter((a) => a.res.statusCode !== 201);
    expect(new Set(refused.map((a) => a.res.statusCode))).toEqual(new Set([409]));
    expect(refused.every((a) => typeof a.res.json().message === 'string')).toBe(true);

    const [held] = await rows<{ bookings: number; reservations: number; sales: number; barters: number }>(
      db(),
      sql`select
        (select count(*)::int from bookings where property_id = ${unit.id}) as bookings,
        (select count(*)::int from pre_sale_bookings where property_id = ${unit.id}) as reservations,
        (select count(*)::int from sale_properties where property_id = ${unit.id}) as sales,
        (select count(*)::int from barter_properties where property_id = ${unit.id}) as barters`,
    );
    const kind = accepted[0].kind;
    expect(held).toEqual({
      bookings: kind === 'booking' ? 1 : 0,
      reservations: kind === 'reservation' ? 1 : 0,
      sales: kind === 'sale' ? 1 : 0,
      barters: kind === 'barter' ? 1 : 0,
    });
    const expected = { booking: 'booked', reservation: 'pre_booked', sale: 'sold', barter: 'barter' }[kind];
    expect(await statusOf(unit.id)).toBe(expected);
    expect((await db().select().from(properties).where(eq(properties.id, unit.id)))[0].status).toBe(expected);
  }, 120_000);
});

describe('payments at once on one sale', () => {
  it('100 with their own keys: the paid total is the sum of those accepted, to the tetri', async () => {
    const { sale } = await createSale(complexes[0].id, { price: 100000, currency: 'GEL', formula: null });
    const amounts = Array.from({ length: 100 }, (_, i) => (100 + (i % 7) + i * 13) / 100);
    const answers = await Promise.all(
      amounts.map((amount) =>
        send(
          'POST',
          '/api/payments/pay',
          { sale_id: sale.id, amount, currency: 'GEL', paid_on: '2026-01-15', mode: 'sale' },
          undefined,
          { 'idempotency-key': randomUUID() },
        ),
      ),
    );
    expect(answers.filter((r) => r.statusCode >= 500)).toEqual([]);
    const acceptedCents = answers
      .map((r, i) => (r.statusCode === 201 ? Math.round(amounts[i] * 100) : 0))
      .reduce((a, b) => a + b, 0);
    expect(answers.filter((r) => r.statusCode !== 201).map((r) => r.body)).toEqual([]);
    const [state] = await rows<{ paid_total: string; installments_paid: string; payments: string }>(
      db(),
      sql`select s.paid_total::text, (select sum(paid)::text from installments where sale_id = s.id) as installments_paid,
        (select sum(credited)::text from payments where sale_id = s.id and voided_at is null) as payments
        from sales s where s.id = ${sale.id}`,
    );
    expect(Math.round(Number(state.paid_total) * 100)).toBe(acceptedCents);
    expect(Math.round(Number(state.installments_paid) * 100)).toBe(acceptedCents);
    expect(Math.round(Number(state.payments) * 100)).toBe(acceptedCents);
    // on PostgreSQL most of them found the sale changed since their snapshot and ran again waiting for its lock: each
    // payment has one log line and its key the answer it got, nothing of a first try is left
    const ids = answers.map((r) => String(r.json().data.id));
    const [logged] = await rows<{ lines: number; answered: number }>(
      db(),
      sql`select (select count(*)::int from activity_logs where route = '/api/payments/pay'
          and record_id = any(${sql.param(ids)}::text[])) as lines,
        (select count(*)::int from idempotency_keys where status_code = 201
          and response::jsonb -> 'data' ->> 'id' = any(${sql.param(ids)}::text[])) as answered`,
    );
    expect(logged).toEqual({ lines: 100, answered: 100 });
  }, 120_000);

  it('one key sent 20 times at once makes one payment', async () => {
    const { sale } = await createSale(complexes[0].id, { price: 50000, currency: 'GEL', formula: null });
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        send(
          'POST',
          '/api/payments/pay',
          { sale_id: sale.id, amount: 250, currency: 'GEL', paid_on: '2026-01-15', mode: 'sale' },
          undefined,
          { 'idempotency-key': key },
        ),
      ),
    );
    expect(answers.filter((r) => r.statusCode >= 500)).toEqual([]);
    expect(answers.some((r) => r.statusCode === 201)).toBe(true);
    expect(await db().select().from(payments).where(eq(payments.saleId, sale.id))).toHaveLength(1);
  }, 120_000);
});
