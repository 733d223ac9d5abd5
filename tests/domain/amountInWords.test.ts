import { describe, it, expect } from 'vitest';
import { amountInWords, numberInWords, ruPlural } from '../../domain/amountInWords';

/**
 * Table-driven vectors. Where they come from:
 * - [N2T] the test suites of the num2text Dart package (pub.dev/packages/num2text: ka, en and ru tests, "Basic",
 *   "Hundreds", "Thousands", "Currency"); taken where their convention is ours (they write 2,001,000 in Georgian as
 *   "ორი მილიონი ათასი", we write მილიონ before more, so those are not taken);
 * - [REQ] the product's own worked examples: 356.80 GEL, 1000 ათასი, ერთი მილიონ ერთი, ორი ათას ორი, 137 and 1234.56
 *   in Georgian; 1234 and 1234.56 in English; 5000 in Russian;
 * - [WIKI] Wikipedia "Georgian numerals" and languagesandnumbers.com "Counting in Georgian" (tens, 1000 ათასი, 2000
 *   ორი ათასი); [LING] lingvisto.org/ru/georgian/numeroj (21..28);
 * - [NGT] the README of number-to-georgian-text (npm): 1,700,055; [GN] the README of georgian-numbers (PyPI): 1121;
 * - [RUS] сумма прописью examples published by stolicaplus.ru (23 434,44) and beautyishop.ru (144 444,45; 24 074,08;
 *   120 370,38; 173 333,34; 28 888,89), with the currency words ours (those pages print kopecks in digits);
 * - [OWN] the remaining required vectors (0, 1, 19, 21, 40, 1000001, 999999999 ...) composed by the rules above.
 */

type Vector = readonly [number, string];

const KA_NUMBERS: Vector[] = [
  [0, 'ნული'], // N2T
  [1, 'ერთი'], // WIKI
  [10, 'ათი'], // N2T
  [11, 'თერთმეტი'], // N2T
  [13, 'ცამეტი'], // N2T
  [15, 'თხუთმეტი'], // N2T
  [19, 'ცხრამეტი'], // WIKI
  [20, 'ოცი'], // N2T
  [21, 'ოცდაერთი'], // LING
  [27, 'ოცდაშვიდი'], // N2T
  [28, 'ოცდარვა'], // LING
  [30, 'ოცდაათი'], // N2T
  [40, 'ორმოცი'], // N2T
  [50, 'ორმოცდაათი'], // N2T
  [54, 'ორმოცდათოთხმეტი'], // N2T
  [60, 'სამოცი'], // N2T
  [68, 'სამოცდარვა'], // N2T
  [70, 'სამოცდაათი'], // WIKI
  [80, 'ოთხმოცი'], // N2T
  [90, 'ოთხმოცდაათი'], // N2T
  [99, 'ოთხმოცდაცხრამეტი'], // N2T
  [100, 'ასი'], // N2T
  [101, 'ას ერთი'], // N2T
  [111, 'ას თერთმეტი'], // N2T
  [123, 'ას ოცდასამი'], // N2T
  [137, 'ას ოცდაჩვიდმეტი'], // REQ (not "ერთი ასი ოცდაათი შვიდი")
  [200, 'ორასი'], // N2T
  [321, 'სამას ოცდაერთი'], // N2T
  [479, 'ოთხას სამოცდაცხრამეტი'], // N2T
  [596, 'ხუთას ოთხმოცდათექვსმეტი'], // N2T
  [681, 'ექვსას ოთხმოცდაერთი'], // N2T
  [879, 'რვაას სამოცდაცხრამეტი'], // N2T
  [999, 'ცხრაას ოთხმოცდაცხრამეტი'], // N2T
  [1000, 'ათასი'], // N2T, WIKI, REQ
  [1001, 'ათას ერთი'], // N2T
  [1110, 'ათას ას ათი'], // N2T
  [1121, 'ათას ას ოცდაერთი'], // GN
  [1999, 'ათას ცხრაას ოთხმოცდაცხრამეტი'], // N2T
  [2000, 'ორი ათასი'], // WIKI
  [2002, 'ორი ათას ორი'], // REQ
  [2468, 'ორი ათას ოთხას სამოცდარვა'], // N2T
  [10000, 'ათი ათასი'], // N2T
  [11100, 'თერთმეტი ათას ასი'], // N2T
  [21000, 'ოცდაერთი ათასი'], // OWN
  [45623, 'ორმოცდახუთი ათას ექვსას ოცდასამი'], // N2T
  [100000, 'ასი ათასი'], // N2T
  [101000, 'ას ერთი ათასი'], // OWN
  [123456, 'ას ოცდასამი ათას ოთხას ორმოცდათექვსმეტი'], // N2T
  [999999, 'ცხრაას ოთხმოცდაცხრამეტი ათას ცხრაას ოთხმოცდაცხრამეტი'], // N2T
  [1000000, 'ერთი მილიონი'], // N2T
  [1000001, 'ერთი მილიონ ერთი'], // REQ
  [1001000, 'ერთი მილიონ ათასი'], // OWN (მილიონ before more, bare ათასი)
  [1700055, 'ერთი მილიონ შვიდასი ათას ორმოცდათხუთმეტი'], // NGT
  [2000000, 'ორი მილიონი'], // OWN
  [10000000, 'ათი მილიონი'], // N2T
  [1000000000, 'ერთი მილიარდი'], // OWN (as ერთი მილიონი)
  [1000000001, 'ერთი მილიარდ ერთი'], // OWN
  [2500000000, 'ორი მილიარდ ხუთასი მილიონი'], // OWN
  [
    999999999999,
    'ცხრაას ოთხმოცდაცხრამეტი მილიარდ ცხრაას ოთხმოცდაცხრამეტი მილიონ ' +
      'ცხრაას ოთხმოცდაცხრამეტი ათას ცხრაას ოთხმოცდაცხრამეტი',
  ], // OWN
  [999999999, 'ცხრაას ოთხმოცდაცხრამეტი მილიონ ცხრაას ოთხმოცდაცხრამეტი ათას ცხრაას ოთხმოცდაცხრამეტი'], // OWN
];

const EN_NUMBERS: Vector[] = [
  [0, 'zero'], // N2T
  [1, 'one'], // OWN
  [10, 'ten'], // N2T
  [11, 'eleven'], // N2T
  [13, 'thirteen'], // N2T
  [15, 'fifteen'], // N2T
  [19, 'nineteen'], // OWN
  [20, 'twenty'], // N2T
  [21, 'twenty-one'], // OWN
  [27, 'twenty-seven'], // N2T
  [30, 'thirty'], // N2T
  [40, 'forty'], // OWN
  [54, 'fifty-four'], // N2T
  [68, 'sixty-eight'], // N2T
  [99, 'ninety-nine'], // N2T
  [100, 'one hundred'], // N2T
  [101, 'one hundred one'], // N2T
  [105, 'one hundred five'], // N2T
  [110, 'one hundred ten'], // N2T
  [111, 'one hundred eleven'], // N2T
  [123, 'one hundred twenty-three'], // N2T
  [137, 'one hundred thirty-seven'], // OWN
  [200, 'two hundred'], // N2T
  [321, 'three hundred twenty-one'], // N2T
  [479, 'four hundred seventy-nine'], // N2T
  [596, 'five hundred ninety-six'], // N2T
  [681, 'six hundred eighty-one'], // N2T
  [999, 'nine hundred ninety-nine'], // N2T
  [1000, 'one thousand'], // N2T
  [1001, 'one thousand one'], // N2T
  [1011, 'one thousand eleven'], // N2T
  [1111, 'one thousand one hundred eleven'], // N2T
  [1234, 'one thousand two hundred thirty-four'], // REQ
  [2002, 'two thousand two'], // OWN
  [3579, 'three thousand five hundred seventy-nine'], // N2T
  [10000, 'ten thousand'], // N2T
  [12987, 'twelve thousand nine hundred eighty-seven'], // N2T
  [21000, 'twenty-one thousand'], // OWN
  [87654, 'eighty-seven thousand six hundred fifty-four'], // N2T
  [100000, 'one hundred thousand'], // N2T
  [123456, 'one hundred twenty-three thousand four hundred fifty-six'], // N2T
  [987654, 'nine hundred eighty-seven thousand six hundred fifty-four'], // N2T
  [1000000, 'one million'], // N2T
  [1000001, 'one million one'], // OWN
  [2000000, 'two million'], // OWN
  [2001000, 'two million one thousand'], // N2T
  [5001000, 'five million one thousand'], // N2T
  [10000000, 'ten million'], // N2T
  [987600003, 'nine hundred eighty-seven million six hundred thousand three'], // N2T (1,000,987,600,003 less 10^12)
  [1000000000, 'one billion'], // OWN
  [2500000000, 'two billion five hundred million'], // OWN
  [
    999999999999,
    'nine hundred ninety-nine billion nine hundred ninety-nine million ' +
      'nine hundred ninety-nine thousand nine hundred ninety-nine',
  ], // OWN
  [999999999, 'nine hundred ninety-nine million nine hundred ninety-nine thousand nine hundred ninety-nine'], // OWN
];

const RU_NUMBERS: Vector[] = [
  [0, 'ноль'], // N2T
  [1, 'один'], // N2T (currency: один рубль)
  [10, 'десять'], // N2T
  [11, 'одиннадцать'], // N2T
  [13, 'тринадцать'], // N2T
  [19, 'девятнадцать'], // OWN
  [20, 'двадцать'], // N2T
  [21, 'двадцать один'], // N2T (двадцать один рубль)
  [27, 'двадцать семь'], // N2T
  [40, 'сорок'], // OWN
  [54, 'пятьдесят четыре'], // N2T
  [99, 'девяносто девять'], // N2T
  [100, 'сто'], // N2T
  [101, 'сто один'], // N2T
  [111, 'сто одиннадцать'], // N2T
  [137, 'сто тридцать семь'], // OWN
  [200, 'двести'], // N2T
  [321, 'триста двадцать один'], // N2T
  [479, 'четыреста семьдесят девять'], // N2T
  [596, 'пятьсот девяносто шесть'], // N2T
  [999, 'девятьсот девяносто девять'], // N2T
  [1000, 'одна тысяча'], // N2T
  [1001, 'одна тысяча один'], // N2T
  [1111, 'одна тысяча сто одиннадцать'], // N2T
  [2000, 'две тысячи'], // N2T
  [2002, 'две тысячи два'], // OWN
  [2468, 'две тысячи четыреста шестьдесят восемь'], // N2T
  [5000, 'пять тысяч'], // REQ
  [10000, 'десять тысяч'], // N2T
  [11100, 'одиннадцать тысяч сто'], // N2T
  [21000, 'двадцать одна тысяча'], // OWN
  [23434, 'двадцать три тысячи четыреста тридцать четыре'], // RUS
  [24074, 'двадцать четыре тысячи семьдесят четыре'], // RUS
  [28888, 'двадцать восемь тысяч восемьсот восемьдесят восемь'], // RUS
  [45623, 'сорок пять тысяч шестьсот двадцать три'], // N2T
  [100000, 'сто тысяч'], // N2T
  [120370, 'сто двадцать тысяч триста семьдесят'], // RUS
  [144444, 'сто сорок четыре тысячи четыреста сорок четыре'], // RUS
  [173333, 'сто семьдесят три тысячи триста тридцать три'], // RUS
  [999999, 'девятьсот девяносто девять тысяч девятьсот девяносто девять'], // N2T
  [1000000, 'один миллион'], // N2T
  [1000001, 'один миллион один'], // OWN
  [2000000, 'два миллиона'], // OWN
  [2001000, 'два миллиона одна тысяча'], // N2T
  [5001000, 'пять миллионов одна тысяча'], // N2T
  [10000000, 'десять миллионов'], // N2T
  [1000000000, 'один миллиард'], // OWN
  [2000000000, 'два миллиарда'], // OWN
  [5000000001, 'пять миллиардов один'], // OWN
  [21000000000, 'двадцать один миллиард'], // OWN
  [
    999999999,
    'девятьсот девяносто девять миллионов девятьсот девяносто девять тысяч девятьсот девяносто девять', // OWN
  ],
];

type AmountVector = readonly [number, 'GEL' | 'USD' | 'EUR', string];

const KA_AMOUNTS: AmountVector[] = [
  [35680, 'GEL', 'სამას ორმოცდათექვსმეტი ლარი და ოთხმოცი თეთრი'], // REQ
  [150, 'GEL', 'ერთი ლარი და ორმოცდაათი თეთრი'], // N2T
  [12345, 'GEL', 'ას ოცდასამი ლარი და ორმოცდახუთი თეთრი'], // N2T
  [101, 'GEL', 'ერთი ლარი და ერთი თეთრი'], // N2T
  [1, 'GEL', 'ნული ლარი და ერთი თეთრი'], // OWN (0 lari is written)
  [0, 'GEL', 'ნული ლარი და ნული თეთრი'], // OWN (0 tetri is written)
  [100000, 'GEL', 'ათასი ლარი და ნული თეთრი'], // OWN
  [123456, 'GEL', 'ათას ორას ოცდათოთხმეტი ლარი და ორმოცდათექვსმეტი თეთრი'], // REQ
  [99999999999, 'GEL', `${KA_NUMBERS.at(-1)![1]} ლარი და ოთხმოცდაცხრამეტი თეთრი`], // OWN
  [250099, 'USD', 'ორი ათას ხუთასი აშშ დოლარი და ოთხმოცდაცხრამეტი ცენტი'], // OWN
  [13720, 'EUR', 'ას ოცდაჩვიდმეტი ევრო და ოცი ევროცენტი'], // OWN
];

const EN_AMOUNTS: AmountVector[] = [
  [12345, 'USD', 'one hundred twenty-three dollars and forty-five cents'], // N2T
  [150, 'USD', 'one dollar and fifty cents'], // N2T
  [101, 'USD', 'one dollar and one cent'], // N2T
  [0, 'USD', 'zero dollars and zero cents'], // OWN
  [123456, 'USD', 'one thousand two hundred thirty-four dollars and fifty-six cents'], // REQ
  [100, 'EUR', 'one euro and zero cents'], // OWN
  [200002, 'EUR', 'two thousand euros and two cents'], // OWN
  [35680, 'GEL', 'three hundred fifty-six lari and eighty tetri'], // REQ in English
  [101, 'GEL', 'one lari and one tetri'], // OWN
];

const RU_AMOUNTS: AmountVector[] = [
  [2343444, 'USD', 'двадцать три тысячи четыреста тридцать четыре доллара США сорок четыре цента'], // RUS
  [2343444, 'EUR', 'двадцать три тысячи четыреста тридцать четыре евро сорок четыре евроцента'], // RUS
  [14444445, 'GEL', 'сто сорок четыре тысячи четыреста сорок четыре лари сорок пять тетри'], // RUS
  [2407408, 'USD', 'двадцать четыре тысячи семьдесят четыре доллара США восемь центов'], // RUS
  [12037038, 'USD', 'сто двадцать тысяч триста семьдесят долларов США тридцать восемь центов'], // RUS
  [101, 'USD', 'один доллар США один цент'], // N2T (один рубль одна копейка, masculine here)
  [202, 'USD', 'два доллара США два цента'], // N2T
  [505, 'USD', 'пять долларов США пять центов'], // N2T
  [2101, 'EUR', 'двадцать один евро один евроцент'], // N2T
  [1111, 'EUR', 'одиннадцать евро одиннадцать евроцентов'], // OWN
  [0, 'GEL', 'ноль лари ноль тетри'], // N2T (ноль рублей ноль копеек)
  [100000000, 'GEL', 'один миллион лари ноль тетри'], // OWN
  [200000000, 'USD', 'два миллиона долларов США ноль центов'], // OWN
];

describe('numberInWords', () => {
  it.each(KA_NUMBERS)('ka %i → %s', (n, text) => expect(numberInWords(n, 'ka')).toBe(text));
  it.each(EN_NUMBERS)('en %i → %s', (n, text) => expect(numberInWords(n, 'en')).toBe(text));
  it.each(RU_NUMBERS)('ru %i → %s', (n, text) => expect(numberInWords(n, 'ru')).toBe(text));

  it('has at least 40 vectors per language', () => {
    expect(KA_NUMBERS.length + KA_AMOUNTS.length).toBeGreaterThanOrEqual(40);
    expect(EN_NUMBERS.length + EN_AMOUNTS.length).toBeGreaterThanOrEqual(40);
    expect(RU_NUMBERS.length + RU_AMOUNTS.length).toBeGreaterThanOrEqual(40);
  });

  it('refuses what it cannot say', () => {
    expect(() => numberInWords(-1, 'en')).toThrow(RangeError);
    expect(() => numberInWords(1_000_000_000_000, 'ka')).toThrow(RangeError);
    expect(() => numberInWords(1.5, 'ru')).toThrow(RangeError);
  });
});

describe('amountInWords', () => {
  it.each(KA_AMOUNTS)('ka %i %s → %s', (minor, currency, text) =>
    expect(amountInWords(minor, currency, 'ka')).toBe(text),
  );
  it.each(EN_AMOUNTS)('en %i %s → %s', (minor, currency, text) =>
    expect(amountInWords(minor, currency, 'en')).toBe(text),
  );
  it.each(RU_AMOUNTS)('ru %i %s → %s', (minor, currency, text) =>
    expect(amountInWords(minor, currency, 'ru')).toBe(text),
  );

  it('says the most a price may be, 999,999,999,999.99; refuses more and fractions of a tetri', () => {
    expect(amountInWords(99_999_999_999_999, 'USD', 'en')).toBe(
      `${EN_NUMBERS.find(([n]) => n === 999999999999)![1]} dollars and ninety-nine cents`,
    );
    expect(() => amountInWords(100_000_000_000_000, 'GEL', 'ka')).toThrow(RangeError);
    expect(() => amountInWords(10.5, 'GEL', 'ka')).toThrow(RangeError);
  });
});

describe('ruPlural', () => {
  const forms = ['тысяча', 'тысячи', 'тысяч'] as const;
  it.each([
    [1, 'тысяча'],
    [2, 'тысячи'],
    [4, 'тысячи'],
    [5, 'тысяч'],
    [11, 'тысяч'],
    [12, 'тысяч'],
    [14, 'тысяч'],
    [21, 'тысяча'],
    [22, 'тысячи'],
    [111, 'тысяч'],
    [112, 'тысяч'],
    [121, 'тысяча'],
  ])('%i %s', (n, form) => expect(ruPlural(n, forms)).toBe(form));
});
