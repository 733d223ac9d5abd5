import { inArray } from 'drizzle-orm';
import type { Db, Tx } from '../client';
import { customers, users } from '../schema';
import { seededRandom } from './inventory';

const FIRST = [
  ['გიორგი', 'Giorgi', 'Георгий', 'male'],
  ['დავით', 'Davit', 'Давид', 'male'],
  ['ლევან', 'Levan', 'Леван', 'male'],
  ['ნიკა', 'Nika', 'Ника', 'male'],
  ['ირაკლი', 'Irakli', 'Ираклий', 'male'],
  ['ლაშა', 'Lasha', 'Лаша', 'male'],
  ['ზურაბ', 'Zurab', 'Зураб', 'male'],
  ['ნინო', 'Nino', 'Нино', 'female'],
  ['მარიამ', 'Mariam', 'Мариам', 'female'],
  ['ანა', 'Ana', 'Анна', 'female'],
  ['თამარ', 'Tamar', 'Тамар', 'female'],
  ['ეკატერინე', 'Ekaterine', 'Екатерина', 'female'],
  ['სალომე', 'Salome', 'Саломе', 'female'],
  ['ნათია', 'Natia', 'Натия', 'female'],
] as const;
const LAST = [
  ['ბერიძე', 'Beridze', 'Беридзе'],
  ['კაპანაძე', 'Kapanadze', 'Капанадзе'],
  ['ლომიძე', 'Lomidze', 'Ломидзе'],
  ['გელაშვილი', 'Gelashvili', 'Гелашвили'],
  ['მაისურაძე', 'Maisuradze', 'Майсурадзе'],
  ['ჯაფარიძე', 'Japaridze', 'Джапаридзе'],
  ['ხარაიშვილი', 'Kharaishvili', 'Хараишвили'],
  ['წიკლაური', 'Tsiklauri', 'Циклаури'],
  ['ქავთარაძე', 'Kavtaradze', 'Кавтарадзе'],
  ['ჩხეიძე', 'Chkheidze', 'Чхеидзе'],
] as const;
const COMPANY = [
  ['სამშენებლო', 'Construction', 'Строительная'],
  ['ინვესტ', 'Invest', 'Инвест'],
  ['ტრეიდ', 'Trade', 'Трейд'],
  ['დეველოპმენტ', 'Development', 'Девелопмент'],
  ['ჰოლდინგი', 'Holding', 'Холдинг'],
] as const;
const BRAND = [
  ['კავკასია', 'Kavkasia', 'Кавкасия'],
  ['ალაზანი', 'Alazani', 'Алазани'],
  ['მთაწმინდა', 'Mtatsminda', 'Мтацминда'],
  ['რიყე', 'Rike', 'Рике'],
  ['ვაკე', 'Vake', 'Ваке'],
] as const;
/** Mostly Georgian buyers, then the neighbours and the diaspora. */
const COUNTRIES = ['GE', 'GE', 'GE', 'GE', 'GE', 'GE', 'UA', 'RU', 'AM', 'AZ', 'TR', 'IL', 'DE', 'US', 'KZ'] as const;
const CITIES = [
  'თბილისი, ვაჟა-ფშაველას გამზ.',
  'თბილისი, პეკინის ქ.',
  'ბათუმი, რუსთაველის ქ.',
  'ქუთაისი, წერეთლის ქ.',
  'თბილისი, აღმაშენებლის გამზ.',
];
const SOURCES = ['Facebook', 'Instagram', 'ბანერი', 'მეგობარი', 'ვებგვერდი', null];

/**
 * About 200 demo customers: individuals and companies from several countries, names in the three
 * languages, unique 11-digit personal numbers. One bulk insert; the same seed gives the same customers.
 */
export async function seedCustomers(db: Db | Tx, options: { count?: number; seed?: number } = {}) {
  const count = options.count ?? 200;
  const random = seededRandom(options.seed ?? 4040);
  const staff = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, ['sales_manager@demo.ge', 'client_manager@demo.ge', 'admin@demo.ge']));
  const idOf = (email: string) => staff.find((u) => u.email === email)?.id ?? null;
  const manager = idOf('sales_manager@demo.ge');
  const creators = [idOf('admin@demo.ge'), idOf('client_manager@demo.ge'), manager];
  // Numbers already in the database stay unique too (the scale seed adds customers to a filled database).
  const existing = await db
    .select({ personalNumber: customers.personalNumber, companyCode: customers.companyCode })
    .from(customers);
  const taken = new Set<string>(
    existing.flatMap((c) => [c.personalNumber, c.companyCode].filter((v): v is string => Boolean(v))),
  );
  const rows: Array<typeof customers.$inferInsert> = [];
  for (let i = 0; i < count; i++) {
    const country = random.pick(COUNTRIES);
    const phone = `+995 5${random.int(10, 99)} ${random.int(100, 999)} ${random.int(100, 999)}`;
    const createdBy = random.pick(creators);
    const responsibleUserId = random.chance(0.4) ? manager : null;
    const common = {
      country,
      address: random.chance(0.7) ? `${random.pick(CITIES)} ${random.int(1, 120)}` : null,
      infoSource: random.pick(SOURCES),
      createdBy,
      responsibleUserId,
    };
    if (i % 6 === 5) {
      const [kindKa, kindEn, kindRu] = random.pick(COMPANY);
      const [brandKa, brandEn, brandRu] = random.pick(BRAND);
      let code: string;
      do code = `4${String(random.int(0, 99_999_999)).padStart(8, '0')}`;
      while (taken.has(code));
      taken.add(code);
      rows.push({
        ...common,
        type: 'company',
        nameKa: `შპს „${brandKa} ${kindKa}“`,
        nameEn: `${brandEn} ${kindEn} LLC`,
        nameRu: `ООО «${brandRu} ${kindRu}»`,
        companyCode: code,
        citizenship: null,
        phones: [phone],
        emails: [`info${i}@${brandEn.toLowerCase()}.ge`],
      });
    } else {
      const [firstKa, firstEn, firstRu, gender] = random.pick(FIRST);
      const [lastKa, lastEn, lastRu] = random.pick(LAST);
      let pid: string;
      do pid = `${String(random.int(1, 62)).padStart(2, '0')}${String(random.int(0, 999_999_999)).padStart(9, '0')}`;
      while (taken.has(pid));
      taken.add(pid);
      const year = random.int(1950, 2003);
      rows.push({
        ...common,
        type: 'individual',
        nameKa: `${firstKa} ${lastKa}`,
        nameEn: `${firstEn} ${lastEn}`,
        nameRu: `${firstRu} ${lastRu}`,
        personalNumber: pid,
        gender,
        birthDate: `${year}-${String(random.int(1, 12)).padStart(2, '0')}-${String(random.int(1, 28)).padStart(2, '0')}`,
        citizenship: country === 'GE' || random.chance(0.3) ? 'GE' : country,
        phones: random.chance(0.3)
          ? [phone, `+995 5${random.int(10, 99)} ${random.int(100, 999)} ${random.int(100, 999)}`]
          : [phone],
        emails: random.chance(0.6) ? [`${firstEn.toLowerCase()}.${lastEn.toLowerCase()}${i}@mail.ge`] : [],
      });
    }
  }
  if (rows.length) await db.insert(customers).values(rows);
  return rows.length;
}
