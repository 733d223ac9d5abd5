import type { Db } from '../client';
import { agents } from '../schema';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const NAMES = [
  'ლაშა გელაშვილი',
  'თამარ ნოზაძე',
  'ირაკლი ჩხეიძე',
  'ეკა მაისურაძე',
  'ზურაბ კვარაცხელია',
  'ნათია ბაქრაძე',
  'ოთარ წერეთელი',
  'სოფო გოგიჩაიშვილი',
  'ბექა ხუციშვილი',
  'ქეთი ჯავახიშვილი',
  'გიორგი ლორთქიფანიძე',
  'მაკა ცინცაძე',
  'ნიკა აბაშიძე',
  'ლიკა დოლიძე',
  'დავით მჭედლიშვილი',
];

/** The demo agents: 15 people with fee percents between 1 and 3, in one insert. */
export async function seedAgents(db: Db | Tx) {
  await db.insert(agents).values(
    NAMES.map((name, i) => ({
      name,
      personalNumber: String(1001000000 + i * 7919).padStart(11, '0'),
      phone: `+995 5${String(55100000 + i * 1373).slice(0, 8)}`,
      email: `agent${i + 1}@demo.ge`,
      feePercent: (1 + (i % 9) * 0.25).toFixed(2),
      active: i !== 14,
    })),
  );
}
