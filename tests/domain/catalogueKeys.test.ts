import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { en } from '../../i18n/en';

/**
 * Every message key written as a literal in the code exists in the catalogues (i18n.test.ts checks that the three
 * languages hold the same keys). A key removed from the catalogues while code still names it reads as the raw key
 * on screen or in an API message: this walk finds it. Keys built at run time (`sales.status.${s}`) are not seen.
 */
const root = path.resolve(import.meta.dirname, '../..');
const namespaces = new Set(Object.keys(en));
// in quotes, not in backticks: comments name tables, columns and files in backticks
const LITERAL = /['"]([a-z_]+(?:\.[a-z0-9_]+)+)['"]/g;

/** A message or a group of messages (a caller may add the last part: `enums.property_status` + `.free`). */
const known = (key: string) =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], en) !==
  undefined;

function sources(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sources(relative);
    return /\.(ts|tsx)$/.test(entry.name) ? [relative] : [];
  });
}

describe('message keys named in the code', () => {
  it('all exist in the catalogues', () => {
    const missing: string[] = [];
    for (const file of ['server', 'src', 'domain'].flatMap(sources)) {
      const text = fs.readFileSync(path.join(root, file), 'utf8');
      for (const [, key] of text.matchAll(LITERAL)) {
        if (!namespaces.has(key.split('.')[0]) || key.endsWith('.')) continue;
        if (!known(key)) missing.push(`${file}: ${key}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
