import { describe, it, expect } from 'vitest';
import englishMessagesImport from 'ra-language-english';
import russianMessagesImport from 'ra-language-russian';
import { en } from '../../i18n/en';
import { ka } from '../../i18n/ka';
import { ru } from '../../i18n/ru';
import { raKa } from '../../i18n/ra-ka';
import { raRuMissing } from '../../i18n/ra-ru-missing';

type Tree = { [key: string]: unknown };

/** CJS packages may arrive as `{ default: messages }` depending on interop; unwrap that. */
function unwrap(mod: unknown): Tree {
  const m = mod as Tree;
  if (m && !('ra' in m) && 'default' in m) return m.default as Tree;
  return m;
}

const englishMessages = unwrap(englishMessagesImport);
const russianMessages = unwrap(russianMessagesImport);

function flatten(tree: unknown, prefix = '', out: Record<string, unknown> = {}): Record<string, unknown> {
  for (const [key, value] of Object.entries(tree as Tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) flatten(value, path, out);
    else out[path] = value;
  }
  return out;
}

function deepMerge(a: unknown, b: unknown): unknown {
  if (a === null || typeof a !== 'object' || b === null || typeof b !== 'object') return b === undefined ? a : b;
  const result: Tree = { ...(a as Tree) };
  for (const [key, value] of Object.entries(b as Tree)) result[key] = deepMerge(result[key], value);
  return result;
}

/** The sorted set of %{name} placeholders used anywhere in a message (all plural forms). */
function placeholders(value: unknown): string[] {
  if (typeof value !== 'string') return [];
  return [...new Set([...value.matchAll(/%\{(\w+)\}/g)].map((m) => m[1]))].sort();
}

const sortedKeys = (o: Record<string, unknown>) => Object.keys(o).sort();

const flatEn = flatten(en);
const catalogues = { ka: flatten(ka), ru: flatten(ru) };
const flatRaEn = flatten(englishMessages);
const flatRaKa = flatten(raKa);

describe('app catalogues (ka, ru) against en', () => {
  for (const [lang, flat] of Object.entries(catalogues)) {
    describe(lang, () => {
      it('has exactly the keys of en', () => {
        expect(sortedKeys(flat)).toEqual(sortedKeys(flatEn));
      });

      it('has a non-empty string for every key', () => {
        const bad = Object.entries(flat).filter(([, v]) => typeof v !== 'string' || v.trim() === '');
        expect(bad).toEqual([]);
      });

      it('keeps the placeholders of every key', () => {
        const mismatched = Object.keys(flatEn)
          .filter((k) => placeholders(flat[k]).join() !== placeholders(flatEn[k]).join())
          .map((k) => ({ key: k, en: placeholders(flatEn[k]), [lang]: placeholders(flat[k]) }));
        expect(mismatched).toEqual([]);
      });

      it('keeps the "singular |||| plural" form of resource names', () => {
        const names = Object.keys(flatEn).filter((k) => /^resources\.[^.]+\.name$/.test(k));
        expect(names.length).toBeGreaterThan(0);
        for (const k of names) expect(flat[k], k).toMatch(/^\S.* \|\|\|\| \S.*$/);
      });

      it('keeps the language names untranslated', () => {
        expect(flat['languages.ka']).toBe('ქართული');
        expect(flat['languages.en']).toBe('English');
        expect(flat['languages.ru']).toBe('Русский');
      });

      it('translates at least 90% of the keys (no copied English)', () => {
        const keys = Object.keys(flatEn);
        const differing = keys.filter((k) => flat[k] !== flatEn[k]);
        const same = keys.filter((k) => flat[k] === flatEn[k]);
        expect(differing.length / keys.length, `untranslated: ${same.join(', ')}`).toBeGreaterThanOrEqual(0.9);
      });
    });
  }
});

describe('react-admin messages', () => {
  it('raKa has exactly the keys of ra-language-english', () => {
    expect(sortedKeys(flatRaKa)).toEqual(sortedKeys(flatRaEn));
  });

  it('raKa keeps the placeholders of every key', () => {
    const mismatched = Object.keys(flatRaEn)
      .filter((k) => placeholders(flatRaKa[k]).join() !== placeholders(flatRaEn[k]).join())
      .map((k) => ({ key: k, en: placeholders(flatRaEn[k]), ka: placeholders(flatRaKa[k]) }));
    expect(mismatched).toEqual([]);
  });

  it('raKa values are strings and smart_count messages keep two plural forms', () => {
    for (const [k, v] of Object.entries(flatRaKa)) {
      expect(typeof v, k).toBe('string');
      const enForms = String(flatRaEn[k]).split('||||').length;
      expect(String(v).split('||||').length, k).toBe(enForms);
    }
  });

  it('raKa is translated (not a copy of English)', () => {
    const keys = Object.keys(flatRaEn);
    const same = keys.filter((k) => flatRaKa[k] === flatRaEn[k]);
    // Only messages made of placeholders/whitespace may stay identical.
    expect(same.filter((k) => String(flatRaEn[k]).replace(/%\{\w+\}|\s/g, '') !== '')).toEqual([]);
  });

  it('ra-language-russian deep-merged with raRuMissing covers every ra-language-english key', () => {
    const merged = flatten(deepMerge(russianMessages, raRuMissing));
    const missing = Object.keys(flatRaEn).filter((k) => typeof merged[k] !== 'string');
    expect(missing).toEqual([]);
  });

  it('raRuMissing only adds keys that ra-language-english has, with the same placeholders', () => {
    const flatMissing = flatten(raRuMissing);
    for (const [k, v] of Object.entries(flatMissing)) {
      expect(k in flatRaEn, k).toBe(true);
      expect(typeof v === 'string' && v.trim() !== '', k).toBe(true);
      expect(placeholders(v), k).toEqual(placeholders(flatRaEn[k]));
    }
  });
});
