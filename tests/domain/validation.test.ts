import { readFileSync } from 'node:fs';
import { describe, it, expect } from 'vitest';
import type { z } from 'zod';
import {
  V,
  email,
  formBoolean,
  formIdList,
  isoDate,
  requiredName,
  minFour,
  minMaxError,
  normaliseMinMax,
  optionalEmail,
  percentage,
  percentRule,
  personalNumber,
  positiveNumber,
  requiredAllowZero,
  requiredArray,
  requiredText,
} from '../../domain/validation';
import { en } from '../../i18n/en';

/** The first issue's message, or undefined when the value passes. */
const messageOf = (schema: z.ZodType, value: unknown): string | undefined => {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
};

describe('requiredText', () => {
  it.each(['', '   ', '\t\n'])('%j → validation.required', (v) => {
    expect(messageOf(requiredText(), v)).toBe('validation.required');
  });
  it('missing → validation.required', () => {
    expect(messageOf(requiredText(), undefined)).toBe('validation.required');
    expect(messageOf(requiredText(), null)).toBe('validation.required');
  });
  it('trims a good value', () => {
    expect(requiredText().parse('  name ')).toBe('name');
  });
  it('over the maximum → validation.too_long', () => {
    expect(messageOf(requiredText(5), 'abcdef')).toBe('validation.too_long');
    expect(messageOf(requiredText(5), 'abcde')).toBeUndefined();
  });
});

describe('requiredAllowZero and requiredArray', () => {
  it('accepts 0 and "0", rejects empty', () => {
    expect(messageOf(requiredAllowZero(), 0)).toBeUndefined();
    expect(messageOf(requiredAllowZero(), '0')).toBeUndefined();
    expect(messageOf(requiredAllowZero(), '')).toBe('validation.required');
  });
  it('an array needs at least one item', async () => {
    const { z } = await import('zod');
    expect(messageOf(requiredArray(z.number()), [])).toBe('validation.required');
    expect(messageOf(requiredArray(z.number()), [1])).toBeUndefined();
  });
});

describe('personalNumber (exactly 11 digits, may start with 0)', () => {
  it('11 digits pass', () => {
    expect(messageOf(personalNumber(), '12345678901')).toBeUndefined();
  });
  it('a leading 0 is fine and kept', () => {
    expect(personalNumber().parse('01234567890')).toBe('01234567890');
  });
  it.each(['1234567890', '123456789012', 'abcdefghijk', '1234567890a', '123 4567890', '1234567890.'])(
    '%j → validation.personal_number',
    (v) => {
      expect(messageOf(personalNumber(), v)).toBe('validation.personal_number');
    },
  );
  it('empty → validation.required', () => {
    expect(messageOf(personalNumber(), '')).toBe('validation.required');
  });
});

describe('positiveNumber', () => {
  it.each([0, -1, -0.01, '0', '-5'])('%j → validation.positive', (v) => {
    expect(messageOf(positiveNumber(), v)).toBe('validation.positive');
  });
  it('accepts positive numbers and numeric text', () => {
    expect(positiveNumber().parse(0.01)).toBe(0.01);
    expect(positiveNumber().parse('12.5')).toBe(12.5);
  });
  it('text that is not a number is an invalid type', () => {
    expect(messageOf(positiveNumber(), 'abc')).toBe('validation.invalid_type');
  });
});

describe('percentage: from 0 up to but not including 100', () => {
  it.each(['', null, undefined, 0, '0', 99.99, '99.99', 50, 2.5])('%j passes', (v) => {
    expect(messageOf(percentage(), v)).toBeUndefined();
  });
  it.each([100, '100', 100.01, -0.5, '-0.01', -1, '-1', -5, 'abc'])('%j → validation.percentage', (v) => {
    expect(messageOf(percentage(), v)).toBe('validation.percentage');
  });
  it('a third decimal would be rounded by the database (99.995 to 100.00): refused', () => {
    expect(messageOf(percentage(), 99.995)).toBe('units.two_decimals');
  });
  it('the form rule says the same: empty passes, 100 and -0.5 are refused', () => {
    expect(['', null, 0, '99.99'].map(percentRule)).toEqual([undefined, undefined, undefined, undefined]);
    expect([100, '-0.5', 'x'].map(percentRule)).toEqual(Array(3).fill('validation.percentage'));
  });
});

describe('email', () => {
  it("'' → validation.email_required", () => {
    expect(messageOf(email(), '')).toBe('validation.email_required');
    expect(messageOf(email(), '  ')).toBe('validation.email_required');
    expect(messageOf(email(), undefined)).toBe('validation.email_required');
  });
  it.each(['user.name@mail.co.ge', 'a@b.cd', 'first+tag@example.com', 'x_y@sub-domain.example.travel'])(
    '%j passes',
    (v) => {
      expect(messageOf(email(), v)).toBeUndefined();
    },
  );
  it.each(['a@b', 'plain', '@mail.com', 'a@.com', 'a@mail.c', 'a@mail.abcdefg', 'a b@mail.com', 'a@mail.c0m'])(
    '%j → validation.invalid_email',
    (v) => {
      expect(messageOf(email(), v)).toBe('validation.invalid_email');
    },
  );
  it('a six-letter suffix is the longest allowed', () => {
    expect(messageOf(email(), 'a@mail.abcdef')).toBeUndefined();
  });
});

describe('optionalEmail', () => {
  it('allows empty and missing', () => {
    expect(messageOf(optionalEmail(), '')).toBeUndefined();
    expect(messageOf(optionalEmail(), undefined)).toBeUndefined();
  });
  it('still checks a given address', () => {
    expect(messageOf(optionalEmail(), 'user@mail.ge')).toBeUndefined();
    expect(messageOf(optionalEmail(), 'a@b')).toBe('validation.invalid_email');
  });
  it('a non-string is reported with a catalogue key', () => {
    expect(messageOf(optionalEmail(), 5)).toBe('validation.invalid_email');
  });
});

describe('minFour', () => {
  it("'  abc ' → validation.min4 (counted after trimming)", () => {
    expect(messageOf(minFour(), '  abc ')).toBe('validation.min4');
  });
  it("'abcd' passes", () => {
    expect(messageOf(minFour(), 'abcd')).toBeUndefined();
    expect(minFour().parse(' abcd ')).toBe('abcd');
  });
});

describe('isoDate', () => {
  it.each(['1900-01-01', '2026-11-28', '2199-12-31'])('%s passes', (v) => {
    expect(messageOf(isoDate(), v)).toBeUndefined();
  });
  it.each(['1899-12-31', '2200-01-01', '9999-01-01', '0001-01-01'])('%s → validation.date_range', (v) => {
    expect(messageOf(isoDate(), v)).toBe('validation.date_range');
  });
  it.each(['1990-02-31', '2023-02-29', '2026-04-31'])('%s → validation.no_such_date', (v) => {
    expect(messageOf(isoDate(), v)).toBe('validation.no_such_date');
  });
  it.each(['2026-13-01', '2026-01-00', '26-01-01', '2026-1-1'])('%s → validation.wrong_format', (v) => {
    expect(messageOf(isoDate(), v)).toBe('validation.wrong_format');
  });
});

describe('min/max inputs', () => {
  it('NaN becomes 0, null stays null', () => {
    expect(normaliseMinMax(NaN, 5)).toEqual({ min: 0, max: 5 });
    expect(normaliseMinMax(3, NaN)).toEqual({ min: 3, max: 0 });
    expect(normaliseMinMax(null, null)).toEqual({ min: null, max: null });
  });
  it('min above max → validation.min_max', () => {
    expect(minMaxError(5, 3)).toBe('validation.min_max');
  });
  it('min equal to or below max, or one side open, is fine', () => {
    expect(minMaxError(3, 3)).toBeUndefined();
    expect(minMaxError(1, 3)).toBeUndefined();
    expect(minMaxError(5, null)).toBeUndefined();
    expect(minMaxError(null, 5)).toBeUndefined();
  });
  it('a NaN max normalised to 0 is then below a positive min', () => {
    const { min, max } = normaliseMinMax(4, NaN);
    expect(minMaxError(min, max)).toBe('validation.min_max');
  });
});

describe('form value readers', () => {
  it.each<[unknown, boolean]>([
    ['true', true],
    ['1', true],
    [true, true],
    ['false', false],
    ['0', false],
    [false, false],
  ])('formBoolean %j → %s', (input, out) => {
    expect(formBoolean().parse(input)).toBe(out);
  });
  it('formBoolean rejects other text', () => {
    expect(messageOf(formBoolean(), 'yes')).toBe('validation.invalid_type');
  });
  it("formIdList reads '1,2' and ['1','2'] as [1,2]", () => {
    expect(formIdList().parse('1,2')).toEqual([1, 2]);
    expect(formIdList().parse(['1', '2'])).toEqual([1, 2]);
    expect(formIdList().parse('7')).toEqual([7]);
  });
  it('formIdList reads empty as []', () => {
    expect(formIdList().parse('')).toEqual([]);
    expect(formIdList().parse(undefined)).toEqual([]);
  });
  it.each(['x', '1,x', '1.5', '-1', '0'])('formIdList rejects %j', (v) => {
    expect(messageOf(formIdList(), v)).toBe('validation.invalid_type');
  });
});

describe('message keys', () => {
  const catalogue = en.validation as Record<string, unknown>;
  const keyOf = (key: string) => key.replace(/^validation\./, '');

  it('every V key exists in i18n/en.ts validation', () => {
    for (const key of Object.values(V)) expect(catalogue, key).toHaveProperty([keyOf(key)]);
  });

  it('every validation.* key written in domain/validation.ts and dateFormats.ts exists', () => {
    const used = ['validation.ts', 'dateFormats.ts'].flatMap((file) =>
      [
        ...readFileSync(new URL(`../../domain/${file}`, import.meta.url), 'utf8').matchAll(
          /'(validation\.[a-z0-9_]+)'/g,
        ),
      ].map((m) => m[1]),
    );
    expect(used.length).toBeGreaterThan(10);
    expect(used.filter((key) => typeof catalogue[keyOf(key)] !== 'string')).toEqual([]);
  });
});

describe('names of people and companies', () => {
  it.each([
    'ნინო კაპანაძე',
    'Anna-Maria O’Brien',
    'Анна-Мария',
    'შპს „ბილდ & კო“',
    'J. R. "Bob" Smith 2nd',
    "D'Artagnan",
  ])('%s passes', (v) => expect(messageOf(requiredName(), v)).toBeUndefined());
  it.each(['Nino 😀', 'ნინო <script>', 'Anna@home', 'a/b'])('%s → validation.invalid_name', (v) => {
    expect(messageOf(requiredName(), v)).toBe('validation.invalid_name');
  });
});
