import { sql, type SQL } from 'drizzle-orm';
import type { PropertyState, PropertyStatus, PropertyType, PropertyView } from '../../../domain/inventory';
import { rows, type Db } from '../client';

/**
 * The inventory generator behind the demo data and `npm run db:seed -- --scale N`: complexes with blocks,
 * units on realistic floors with areas, rooms, prices, states, views and cadastral codes, their features,
 * one price list per complex and bank accounts. Deterministic: the same seed gives the same data.
 * Every table is written with one `INSERT ... SELECT * FROM unnest(...)` per chunk, far quicker than a multi-row
 * insert.
 */

type Executor = Pick<Db, 'execute'>;

/** mulberry32: small, fast and good enough to make demo data look varied yet repeatable. */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    /** An integer in [min, max]. */
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    chance: (p: number) => next() < p,
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)],
  };
}
export type Random = ReturnType<typeof seededRandom>;

/** ISO 13616 mod-97 over a Georgian account: GE + check digits + 2-letter bank code + 16 digits. */
export function georgianIban(bankCode: string, account16: string): string {
  const rearranged = `${bankCode}${account16}GE00`.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let remainder = 0;
  for (const digit of rearranged) remainder = (remainder * 10 + Number(digit)) % 97;
  return `GE${String(98 - remainder).padStart(2, '0')}${bankCode}${account16}`;
}

// ---------------------------------------------------------------------------------------------------------
// What the demo's complexes look like
// ---------------------------------------------------------------------------------------------------------

type Kind = 'studio' | 'one_bedroom' | 'two_bedroom' | 'three_bedroom';

/** Rooms as Georgian listings count them (all rooms, not bedrooms), and the area range of each kind. */
const KINDS: Record<Kind, { rooms: number; area: [number, number] }> = {
  studio: { rooms: 1, area: [30, 45] },
  one_bedroom: { rooms: 2, area: [50, 68] },
  two_bedroom: { rooms: 3, area: [72, 98] },
  three_bedroom: { rooms: 4, area: [102, 140] },
};

interface BlockTemplate {
  name: string;
  /** The top floor: penthouses live there. */
  floors: number;
  /** One entry per apartment on a typical floor, left to right; the same column has the same plan on every floor. */
  plan: Kind[];
  /** The view of each column (upper floors may see the mountains instead of the city). */
  views: PropertyView[];
  commercial: number;
  penthouses: number;
  /** Parking spaces, spread over the basement floors. */
  parking: number;
  basements: number;
}

interface ComplexTemplate {
  name: string;
  cadCode: string;
  address: string;
  director: string;
  directorPid: string;
  managerName: string;
  email: string;
  phone: string;
  /** Base price per m² (USD) of a second-floor apartment. */
  basePrice: number;
  states: Array<[PropertyState, number]>;
  features: { heating: 'central' | 'air'; parkingFeature: boolean };
  bankAccounts: Array<{ bank: string; blockIndex?: number; branch: string }>;
  blocks: BlockTemplate[];
}

const PROPERTY_STATE_TITLES: Record<PropertyState, string> = {
  black_frame: 'შავი კარკასი',
  white_frame: 'თეთრი კარკასი',
  green_frame: 'მწვანე კარკასი',
  renovated: 'გარემონტებული',
};

export const DEMO_COMPLEX_NAMES = ['ვაკის პარკი', 'საბურთალოს კოშკები', 'ბათუმის ბულვარი'] as const;

const COMPLEXES: ComplexTemplate[] = [
  {
    name: DEMO_COMPLEX_NAMES[0],
    cadCode: '01.14.14.010.025',
    address: 'თბილისი, ილია ჭავჭავაძის გამზ. 62',
    director: 'ნინო ბერიძე',
    directorPid: '01001012345',
    managerName: 'ირაკლი გელაშვილი',
    email: 'vake@demo.ge',
    phone: '+995 32 2 123 401',
    basePrice: 1450,
    states: [
      ['white_frame', 0.75],
      ['green_frame', 0.25],
    ],
    features: { heating: 'central', parkingFeature: true },
    bankAccounts: [
      { bank: 'BAGAGE22', branch: 'ვაკის ფილიალი' },
      { bank: 'TBCBGE22', blockIndex: 1, branch: 'ჭავჭავაძის ფილიალი' },
    ],
    blocks: [
      {
        name: 'A',
        floors: 14,
        plan: ['studio', 'one_bedroom', 'two_bedroom', 'three_bedroom', 'two_bedroom', 'one_bedroom'],
        views: ['park', 'park', 'park', 'city', 'city', 'yard'],
        commercial: 3,
        penthouses: 2,
        parking: 24,
        basements: 1,
      },
      {
        name: 'B',
        floors: 16,
        plan: ['one_bedroom', 'two_bedroom', 'studio', 'studio', 'three_bedroom', 'two_bedroom'],
        views: ['park', 'park', 'yard', 'yard', 'city', 'city'],
        commercial: 2,
        penthouses: 2,
        parking: 0,
        basements: 0,
      },
    ],
  },
  {
    name: DEMO_COMPLEX_NAMES[1],
    cadCode: '01.10.13.004.017',
    address: 'თბილისი, ვაჟა-ფშაველას გამზ. 71',
    director: 'ნინო ბერიძე',
    directorPid: '01001012345',
    managerName: 'თამარ წერეთელი',
    email: 'saburtalo@demo.ge',
    phone: '+995 32 2 123 402',
    basePrice: 980,
    states: [
      ['black_frame', 0.7],
      ['white_frame', 0.3],
    ],
    features: { heating: 'central', parkingFeature: true },
    bankAccounts: [{ bank: 'TBCBGE22', branch: 'საბურთალოს ფილიალი' }],
    blocks: [
      {
        name: '1',
        floors: 22,
        plan: ['studio', 'one_bedroom', 'two_bedroom', 'one_bedroom', 'studio'],
        views: ['city', 'city', 'mountain', 'street', 'street'],
        commercial: 4,
        penthouses: 2,
        parking: 36,
        basements: 2,
      },
      {
        name: '2',
        floors: 25,
        plan: ['one_bedroom', 'two_bedroom', 'three_bedroom', 'two_bedroom', 'studio'],
        views: ['mountain', 'mountain', 'city', 'yard', 'yard'],
        commercial: 4,
        penthouses: 2,
        parking: 0,
        basements: 0,
      },
    ],
  },
  {
    name: DEMO_COMPLEX_NAMES[2],
    cadCode: '05.24.04.012.008',
    address: 'ბათუმი, შერიფ ხიმშიაშვილის ქ. 7',
    director: 'ნინო ბერიძე',
    directorPid: '01001012345',
    managerName: 'გიორგი ბოლქვაძე',
    email: 'batumi@demo.ge',
    phone: '+995 422 2 123 403',
    basePrice: 1250,
    states: [
      ['green_frame', 0.6],
      ['renovated', 0.4],
    ],
    features: { heating: 'air', parkingFeature: false },
    bankAccounts: [
      { bank: 'BAGAGE22', branch: 'ბათუმის ცენტრალური ფილიალი' },
      { bank: 'TBCBGE22', branch: 'ბათუმის ფილიალი' },
    ],
    blocks: [
      {
        name: 'A',
        floors: 22,
        plan: ['studio', 'studio', 'one_bedroom', 'two_bedroom', 'one_bedroom', 'studio', 'two_bedroom'],
        views: ['sea', 'sea', 'sea', 'sea', 'city', 'mountain', 'mountain'],
        commercial: 4,
        penthouses: 2,
        parking: 0,
        basements: 0,
      },
    ],
  },
];

/** Feature groups and features (ka/en/ru); a feature is found again by its English name. */
const FEATURE_GROUPS = [
  {
    ka: 'გარე სივრცე',
    en: 'Outdoor space',
    ru: 'Открытые пространства',
    features: [
      { key: 'balcony', ka: 'აივანი', en: 'Balcony', ru: 'Балкон' },
      { key: 'terrace', ka: 'ტერასა', en: 'Terrace', ru: 'Терраса' },
      { key: 'loggia', ka: 'ლოჯია', en: 'Loggia', ru: 'Лоджия' },
    ],
  },
  {
    ka: 'პარკინგი და სათავსო',
    en: 'Parking and storage',
    ru: 'Парковка и кладовая',
    features: [
      { key: 'parking_space', ka: 'პარკინგის ადგილი', en: 'Parking space', ru: 'Парковочное место' },
      { key: 'storage_room', ka: 'სათავსო', en: 'Storage room', ru: 'Кладовая' },
    ],
  },
  {
    ka: 'საინჟინრო სისტემები',
    en: 'Utilities',
    ru: 'Инженерные системы',
    features: [
      { key: 'central_heating', ka: 'ცენტრალური გათბობა', en: 'Central heating', ru: 'Центральное отопление' },
      { key: 'underfloor_heating', ka: 'იატაკის გათბობა', en: 'Underfloor heating', ru: 'Тёплый пол' },
      { key: 'air_conditioning', ka: 'კონდიციონერი', en: 'Air conditioning', ru: 'Кондиционер' },
    ],
  },
] as const;
type FeatureKey = (typeof FEATURE_GROUPS)[number]['features'][number]['key'];
interface FeatureName {
  key: FeatureKey;
  ka: string;
  en: string;
  ru: string;
}
const FEATURES: Array<{ group: (typeof FEATURE_GROUPS)[number]; feature: FeatureName }> = FEATURE_GROUPS.flatMap(
  (group) => (group.features as readonly FeatureName[]).map((feature) => ({ group, feature })),
);

const MEDIATOR_USD = 'Citibank N.A., New York (CITIUS33)';
const MEDIATOR_EUR = 'Commerzbank AG, Frankfurt am Main (COBADEFF)';

// ---------------------------------------------------------------------------------------------------------
// Planning: plain rows in memory
// ---------------------------------------------------------------------------------------------------------

interface PlannedUnit {
  blockIndex: number;
  no: string;
  floor: number;
  /** Hundredths of a m². */
  area: number;
  rooms: number | null;
  type: PropertyType;
  state: PropertyState;
  view: PropertyView | null;
  status: PropertyStatus;
  /** Whole currency units per m². */
  pricePerM2: number;
  cadCode: string;
  features: FeatureKey[];
}

interface PlannedComplex {
  template: ComplexTemplate;
  name: string;
  cadCode: string;
  units: PlannedUnit[];
  /** Sixteen-digit account numbers, one per IBAN (local, USD, EUR) of each account. */
  accounts: Array<{ bank: string; blockIndex?: number; branch: string; numbers: [string, string, string] }>;
}

const areaIn = (random: Random, [min, max]: readonly [number, number]) => random.int(min * 100, max * 100);
const weighted = <T>(random: Random, options: Array<[T, number]>): T => {
  let roll = random.next();
  for (const [value, weight] of options) {
    roll -= weight;
    if (roll < 0) return value;
  }
  return options[options.length - 1][0];
};
const digits = (random: Random, count: number) => Array.from({ length: count }, () => random.int(0, 9)).join('');

/** One complex's units and accounts. `copy` (0 for the demo) shifts cadastral codes so copies stay distinct. */
function planComplex(template: ComplexTemplate, name: string, copy: number, random: Random): PlannedComplex {
  const [zone, sector, quarter, parcel, lot] = template.cadCode.split('.');
  const cadCode =
    copy === 0
      ? template.cadCode
      : `${zone}.${sector}.${quarter}.${String((Number(parcel) + copy) % 1000).padStart(3, '0')}.${lot}`;
  const units: PlannedUnit[] = [];
  let cadSeq = 0;
  const nextCad = () => `${cadCode}.01.${String(++cadSeq).padStart(3, '0')}`;
  const priceOf = (floor: number, view: PropertyView | null, factor = 1) => {
    const floorPremium = 1 + 0.012 * Math.max(0, floor - 2);
    const viewPremium =
      view === 'sea' ? 1.2 : view === 'park' || view === 'mountain' ? 1.06 : view === 'yard' ? 0.96 : 1;
    return Math.round((template.basePrice * floorPremium * viewPremium * factor) / 5) * 5;
  };
  const state = () => weighted(random, template.states);
  const status = (): PropertyStatus => (random.chance(0.1) ? 'not_for_sale' : 'free');

  template.blocks.forEach((block, blockIndex) => {
    // Every column keeps its plan (and so its area) from floor to floor, as real buildings do.
    const columnAreas = block.plan.map((kind) => areaIn(random, KINDS[kind].area));
    let number = 0;
    for (let i = 1; i <= block.commercial; i++) {
      units.push({
        blockIndex,
        no: `C-${i}`,
        floor: 1,
        area: areaIn(random, [60, 180]),
        rooms: null,
        type: 'commercial',
        state: 'black_frame',
        view: 'street',
        status: status(),
        pricePerM2: priceOf(2, 'street', 1.35),
        cadCode: nextCad(),
        features: random.chance(0.5) ? ['air_conditioning'] : [],
      });
    }
    for (let floor = 2; floor < block.floors; floor++) {
      block.plan.forEach((kind, column) => {
        const view =
          floor >= 10 && block.views[column] === 'city' && random.chance(0.3) ? 'mountain' : block.views[column];
        const unitState = state();
        const features: FeatureKey[] = [];
        if (kind === 'studio' ? random.chance(0.4) : random.chance(0.85)) features.push('balcony');
        else if (random.chance(0.5)) features.push('loggia');
        if (floor === 2 && random.chance(0.3)) features.push('terrace');
        if (template.features.parkingFeature && kind === 'three_bedroom' && random.chance(0.6))
          features.push('parking_space');
        if (random.chance(0.2)) features.push('storage_room');
        features.push(template.features.heating === 'central' ? 'central_heating' : 'air_conditioning');
        if (unitState === 'renovated' && template.features.heating === 'central') features.push('air_conditioning');
        units.push({
          blockIndex,
          no: String(++number),
          floor,
          area: columnAreas[column],
          rooms: KINDS[kind].rooms,
          type: 'apartment',
          state: unitState,
          view,
          status: status(),
          pricePerM2: priceOf(floor, view),
          cadCode: nextCad(),
          features,
        });
      });
    }
    for (let i = 0; i < block.penthouses; i++) {
      const view = block.views[(i * 2) % block.views.length] ?? 'city';
      const features: FeatureKey[] = [
        'terrace',
        'underfloor_heating',
        template.features.heating === 'central' ? 'central_heating' : 'air_conditioning',
      ];
      if (template.features.parkingFeature) features.push('parking_space');
      if (random.chance(0.6)) features.push('storage_room');
      units.push({
        blockIndex,
        no: String(++number),
        floor: block.floors,
        area: areaIn(random, [150, 260]),
        rooms: random.int(4, 6),
        type: 'penthouse',
        state: state(),
        view,
        status: random.chance(0.3) ? 'not_for_sale' : 'free',
        pricePerM2: priceOf(block.floors, view, 1.25),
        cadCode: nextCad(),
        features,
      });
    }
    for (let i = 1; i <= block.parking; i++) {
      const floor = -1 - ((i - 1) % Math.max(1, block.basements));
      units.push({
        blockIndex,
        no: `P-${i}`,
        floor,
        area: areaIn(random, [12.5, 18]),
        rooms: null,
        type: 'parking',
        state: 'black_frame',
        view: null,
        status: status(),
        pricePerM2: Math.round((template.basePrice * 0.8) / 5) * 5,
        cadCode: nextCad(),
        features: random.chance(0.25) ? ['storage_room'] : [],
      });
    }
  });

  const accounts = template.bankAccounts.map((a) => ({
    ...a,
    numbers: [digits(random, 16), digits(random, 16), digits(random, 16)] as [string, string, string],
  }));
  return { template, name, cadCode, units, accounts };
}

// ---------------------------------------------------------------------------------------------------------
// Writing: one unnest statement per table and chunk
// ---------------------------------------------------------------------------------------------------------

type Column = [name: string, pgType: string, values: unknown[]];
const CHUNK = 10_000;

/** INSERT INTO table (cols) SELECT * FROM unnest($1::type[], ...) RETURNING ..., in chunks; answers the returned rows. */
export async function insertUnnest<R>(
  db: Executor,
  table: string,
  columns: Column[],
  returning?: string,
): Promise<R[]> {
  const total = columns[0]?.[2].length ?? 0;
  const out: R[] = [];
  for (let start = 0; start < total; start += CHUNK) {
    const arrays = columns.map(
      ([, type, values]) => sql`${sql.param(values.slice(start, start + CHUNK))}::${sql.raw(type)}[]`,
    );
    const query: SQL = sql`insert into ${sql.identifier(table)} (${sql.raw(columns.map(([name]) => `"${name}"`).join(', '))}) select * from unnest(${sql.join(arrays, sql`, `)})${returning ? sql.raw(` returning ${returning}`) : sql``}`;
    out.push(...(await rows<R>(db, query)));
  }
  return out;
}

const decimal = (hundredths: number) => `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`;

/** Finds the demo's features by English name, creating the missing groups and features; answers key → id. */
async function ensureFeatures(db: Executor): Promise<Map<FeatureKey, number>> {
  const features = () =>
    rows<{ id: number; name_en: string | null; group_en: string | null }>(
      db,
      sql`select f.id, f.name_en, g.name_en as group_en from property_features f left join property_feature_groups g on g.id = f.group_id`,
    );
  let existing = await features();
  const missing = FEATURES.filter(({ feature }) => !existing.some((e) => e.name_en === feature.en));
  if (missing.length) {
    const groupRows = await rows<{ id: number; name_en: string | null }>(
      db,
      sql`select id, name_en from property_feature_groups`,
    );
    const groupsToMake = FEATURE_GROUPS.filter(
      (g) => missing.some((m) => m.group === g) && !groupRows.some((r) => r.name_en === g.en),
    );
    const made = await insertUnnest<{ id: number; name_en: string }>(
      db,
      'property_feature_groups',
      [
        ['name_ka', 'text', groupsToMake.map((g) => g.ka)],
        ['name_en', 'text', groupsToMake.map((g) => g.en)],
        ['name_ru', 'text', groupsToMake.map((g) => g.ru)],
      ],
      'id, name_en',
    );
    const groupId = (en: string) => [...groupRows, ...made].find((r) => r.name_en === en)!.id;
    await insertUnnest(db, 'property_features', [
      ['group_id', 'int', missing.map((m) => groupId(m.group.en))],
      ['name_ka', 'text', missing.map((m) => m.feature.ka)],
      ['name_en', 'text', missing.map((m) => m.feature.en)],
      ['name_ru', 'text', missing.map((m) => m.feature.ru)],
    ]);
    existing = await features();
  }
  const ids = new Map<FeatureKey, number>();
  for (const { feature } of FEATURES) ids.set(feature.key, existing.find((e) => e.name_en === feature.en)!.id);
  return ids;
}

export interface InventoryCounts {
  buildings: number;
  blocks: number;
  properties: number;
  featureLinks: number;
  priceLists: number;
  bankAccounts: number;
}

export interface GeneratedInventory {
  counts: InventoryCounts;
  /** The complexes made, in order (for the demo: the three names above). */
  buildings: Array<{ id: number; name: string }>;
}

/**
 * Writes `sets` copies of the demo's three complexes. The first set of an empty database takes the demo names;
 * later sets are numbered ('ვაკის პარკი 2') past any name already in use, so every complex name stays unique.
 * Banks are looked up by SWIFT code (bootstrap makes them); an account whose bank is missing is skipped.
 */
export async function generateInventory(
  db: Executor,
  options: { sets: number; companyId?: number | null; seed?: number },
): Promise<GeneratedInventory> {
  const taken = new Set((await rows<{ name: string }>(db, sql`select name from buildings`)).map((r) => r.name));
  const planned: PlannedComplex[] = [];
  let copy = 0;
  for (let set = 0; set < options.sets; set++) {
    let names: string[];
    for (;;) {
      names = COMPLEXES.map((c) => (copy === 0 ? c.name : `${c.name} ${copy + 1}`));
      copy++;
      if (names.every((n) => !taken.has(n))) break;
    }
    names.forEach((n) => taken.add(n));
    const random = seededRandom((options.seed ?? 20_250_301) + copy * 7919);
    COMPLEXES.forEach((template, i) => planned.push(planComplex(template, names[i], copy - 1, random)));
  }

  const buildingRows = await insertUnnest<{ id: number; name: string }>(
    db,
    'buildings',
    [
      ['company_id', 'int', planned.map(() => options.companyId ?? null)],
      ['name', 'text', planned.map((p) => p.name)],
      ['cad_code', 'text', planned.map((p) => p.cadCode)],
      ['director', 'text', planned.map((p) => p.template.director)],
      ['director_pid', 'text', planned.map((p) => p.template.directorPid)],
      ['manager_name', 'text', planned.map((p) => p.template.managerName)],
      ['address', 'text', planned.map((p) => p.template.address)],
      ['email', 'text', planned.map((p) => p.template.email)],
      ['phone', 'text', planned.map((p) => p.template.phone)],
      ['property_states', 'jsonb', planned.map(() => JSON.stringify(PROPERTY_STATE_TITLES))],
      ['notifiable', 'boolean', planned.map(() => true)],
    ],
    'id, name',
  );
  const buildingIdOf = new Map(buildingRows.map((r) => [r.name, r.id]));
  const buildingIds = planned.map((p) => buildingIdOf.get(p.name)!);

  const blockPlan = planned.flatMap((p, i) =>
    p.template.blocks.map((b) => ({ buildingId: buildingIds[i], name: b.name, floors: b.floors })),
  );
  const blockRows = await insertUnnest<{ id: number; building_id: number; name: string }>(
    db,
    'blocks',
    [
      ['building_id', 'int', blockPlan.map((b) => b.buildingId)],
      ['name', 'text', blockPlan.map((b) => b.name)],
      ['floors', 'smallint', blockPlan.map((b) => b.floors)],
    ],
    'id, building_id, name',
  );
  const blockIdOf = new Map(blockRows.map((r) => [`${r.building_id}|${r.name}`, r.id]));
  const blockId = (complex: number, blockIndex: number) =>
    blockIdOf.get(`${buildingIds[complex]}|${planned[complex].template.blocks[blockIndex].name}`)!;

  const units = planned.flatMap((p, complex) =>
    p.units.map((u) => ({ ...u, buildingId: buildingIds[complex], blockId: blockId(complex, u.blockIndex) })),
  );
  const propertyRows = await insertUnnest<{ id: number; block_id: number; no: string }>(
    db,
    'properties',
    [
      ['building_id', 'int', units.map((u) => u.buildingId)],
      ['block_id', 'int', units.map((u) => u.blockId)],
      ['no', 'text', units.map((u) => u.no)],
      ['floor', 'smallint', units.map((u) => u.floor)],
      ['area', 'numeric', units.map((u) => decimal(u.area))],
      ['rooms', 'smallint', units.map((u) => u.rooms)],
      ['type', 'text', units.map((u) => u.type)],
      ['state', 'text', units.map((u) => u.state)],
      ['view', 'text', units.map((u) => u.view)],
      ['status', 'text', units.map((u) => u.status)],
      ['price_per_m2', 'numeric', units.map((u) => `${u.pricePerM2}.00`)],
      // area (hundredths) × whole price per m² is the price in cents, exactly.
      ['price', 'numeric', units.map((u) => decimal(u.area * u.pricePerM2))],
      ['currency', 'text', units.map(() => 'USD')],
      ['cad_code', 'text', units.map((u) => u.cadCode)],
    ],
    'id, block_id, no',
  );
  const propertyIdOf = new Map(propertyRows.map((r) => [`${r.block_id}|${r.no}`, r.id]));

  const featureIds = await ensureFeatures(db);
  const links = units.flatMap((u) =>
    u.features.map((f) => [propertyIdOf.get(`${u.blockId}|${u.no}`)!, featureIds.get(f)!] as const),
  );
  await insertUnnest(db, 'property_feature_links', [
    ['property_id', 'int', links.map((l) => l[0])],
    ['feature_id', 'int', links.map((l) => l[1])],
  ]);

  await insertUnnest(db, 'price_lists', [
    ['building_id', 'int', buildingIds],
    ['price_per_m2', 'numeric', planned.map((p) => `${p.template.basePrice}.00`)],
    ['currency', 'text', planned.map(() => 'USD')],
    ['note', 'text', planned.map(() => 'საბაზისო ფასი მ²-ზე; მაღალ სართულებსა და ზღვის ხედზე ფასი მეტია')],
  ]);

  const bankRows = await rows<{ id: number; code: string; iban_code: string | null }>(
    db,
    sql`select id, code, iban_code from banks`,
  );
  const bankOf = new Map(bankRows.filter((b) => b.iban_code).map((b) => [b.code, b]));
  const accounts = planned.flatMap((p, complex) =>
    p.accounts
      .filter((a) => bankOf.has(a.bank))
      .map((a) => {
        const bank = bankOf.get(a.bank)!;
        const [local, usd, eur] = a.numbers.map((n) => georgianIban(bank.iban_code!, n));
        return {
          buildingId: buildingIds[complex],
          blockId: a.blockIndex === undefined ? null : blockId(complex, a.blockIndex),
          bankId: bank.id,
          local,
          usd,
          eur,
          branch: a.branch,
        };
      }),
  );
  await insertUnnest(db, 'bank_accounts', [
    ['building_id', 'int', accounts.map((a) => a.buildingId)],
    ['block_id', 'int', accounts.map((a) => a.blockId)],
    ['bank_id', 'int', accounts.map((a) => a.bankId)],
    ['iban', 'text', accounts.map((a) => a.local)],
    ['local_currency', 'text', accounts.map(() => 'GEL')],
    ['iban_usd', 'text', accounts.map((a) => a.usd)],
    ['iban_eur', 'text', accounts.map((a) => a.eur)],
    ['mediator_bank_usd', 'text', accounts.map(() => MEDIATOR_USD)],
    ['mediator_bank_eur', 'text', accounts.map(() => MEDIATOR_EUR)],
    ['branch', 'text', accounts.map((a) => a.branch)],
  ]);

  return {
    counts: {
      buildings: buildingRows.length,
      blocks: blockRows.length,
      properties: propertyRows.length,
      featureLinks: links.length,
      priceLists: planned.length,
      bankAccounts: accounts.length,
    },
    buildings: planned.map((p, i) => ({ id: buildingIds[i], name: p.name })),
  };
}
