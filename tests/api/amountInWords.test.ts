import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.signIn('admin@demo.ge');
});
afterAll(() => t.close());

const get = (query: string, token: string | null = admin) =>
  t.app.inject({ method: 'GET', url: `/api/amount-in-words?${query}`, headers: token ? t.as(token) : {} });

describe('GET /amount-in-words', () => {
  it('says an amount in Georgian, English and Russian', async () => {
    const ka = await get('amount=1234.56&currency=GEL&locale=ka');
    expect(ka.statusCode, ka.body).toBe(200);
    expect(ka.json()).toEqual({ data: 'ათას ორას ოცდათოთხმეტი ლარი და ორმოცდათექვსმეტი თეთრი' });
    const en = await get('amount=1234.56&currency=USD&locale=en');
    expect(en.json().data).toBe('one thousand two hundred thirty-four dollars and fifty-six cents');
    const ru = await get('amount=2000000&currency=EUR&locale=ru');
    expect(ru.json().data).toBe('два миллиона евро ноль евроцентов');
    // the most a price may be
    const most = await get('amount=999999999999.99&currency=GEL&locale=ka');
    expect(most.json().data).toMatch(/^ცხრაას ოთხმოცდაცხრამეტი მილიარდ .+ ლარი და ოთხმოცდაცხრამეტი თეთრი$/);
    const zero = await get('amount=0&currency=GEL&locale=ka');
    expect(zero.json().data).toBe('ნული ლარი და ნული თეთრი');
  });

  it('refuses a bad amount, currency or language with 422, naming the field', async () => {
    for (const [query, field] of [
      ['amount=12.345&currency=GEL&locale=ka', 'amount'],
      ['amount=-1&currency=GEL&locale=ka', 'amount'],
      ['amount=abc&currency=GEL&locale=ka', 'amount'],
      ['amount=1000000000000&currency=GEL&locale=ka', 'amount'],
      ['amount=1&currency=RUB&locale=ka', 'currency'],
      ['amount=1&currency=GEL&locale=de', 'locale'],
    ]) {
      const res = await get(query);
      expect(res.statusCode, query).toBe(422);
      expect(Object.keys(res.json().errors), query).toEqual([field]);
    }
  });

  it("reads a missing amount as 0, a missing currency as GEL and a missing language as the caller's", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/amount-in-words', headers: t.as(admin, 'ru') });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toBe('ноль лари ноль тетри');
  });

  it('answers only a signed-in user', async () => {
    expect((await get('amount=1&currency=GEL&locale=ka', null)).statusCode).toBe(401);
  });
});
