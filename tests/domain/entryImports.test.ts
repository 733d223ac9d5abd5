import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The initial bundle (under 350 kB gzipped with the Georgian texts) holds what src/main.tsx reaches through static
 * imports. A resource's index may name its pages only lazily; the widgets barrel re-exports every widget (the URL
 * rule's public-suffix list, the link widget, Excel export), so reaching it from the entry loads all of them before
 * the first page. Measured with `npm run bench:startup`; this walk keeps the shape that keeps it small.
 */
const root = path.resolve(import.meta.dirname, '../..');
const STATIC_IMPORT = /^\s*(?:import|export)\s+(?!type\b)[^;]*?from\s+'([^']+)'/gms;

function resolve(from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`])
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  return null;
}

/** Every file the entry reaches without a dynamic import, with the file that brought it in. */
function staticGraph(entry: string) {
  const via = new Map<string, string | null>([[entry, null]]);
  const queue = [entry];
  while (queue.length) {
    const file = queue.shift()!;
    for (const [, spec] of fs.readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
      const target = resolve(file, spec);
      if (target && !via.has(target)) {
        via.set(target, file);
        queue.push(target);
      }
    }
  }
  return via;
}

const chain = (via: Map<string, string | null>, file: string) => {
  const steps: string[] = [];
  for (let at: string | null | undefined = file; at; at = via.get(at)) steps.push(path.relative(root, at));
  return steps.join(' ← ');
};

describe('the initial bundle', () => {
  it('src/main.tsx reaches neither the widgets barrel nor a list, form or record page statically', () => {
    const via = staticGraph(path.join(root, 'src/main.tsx'));
    const heavy = [...via.keys()].filter(
      (file) =>
        file === path.join(root, 'src/widgets/index.ts') ||
        /src\/resources\/[^/]+\/\w+(List|Edit|Show|Create)\.tsx$/.test(file),
    );
    expect(heavy.map((file) => chain(via, file))).toEqual([]);
  });
});
