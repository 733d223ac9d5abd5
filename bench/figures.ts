/**
 * Figures the bench scripts write into docs/performance.md themselves: each run keeps its results as JSON in
 * `docs/figures/` (one file per script and scale), and the document's generated section is rebuilt from every file
 * there, between `<!-- figures:NAME -->` and `<!-- /figures:NAME -->`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { availableParallelism, loadavg } from 'node:os';

const root = path.resolve(import.meta.dirname, '..');
const figuresDir = path.join(root, 'docs', 'figures');
const performanceDoc = path.join(root, 'docs', 'performance.md');

/** What a run measured, with the day and the machine's state. */
export interface Run<T> {
  day: string;
  cores: number;
  /** The machine's load average over the last minute when the run ended. */
  load: number;
  scale: number;
  results: T;
}

export function keepRun<T>(name: string, scale: number, results: T): Run<T> {
  const run: Run<T> = {
    day: new Date().toISOString().slice(0, 10),
    cores: availableParallelism(),
    load: Number(loadavg()[0].toFixed(1)),
    scale,
    results,
  };
  fs.mkdirSync(figuresDir, { recursive: true });
  fs.writeFileSync(path.join(figuresDir, `${name}-scale-${scale}.json`), `${JSON.stringify(run, null, 2)}\n`);
  return run;
}

/** Every kept run of `name`, smallest scale first. */
export function keptRuns<T>(name: string): Array<Run<T>> {
  if (!fs.existsSync(figuresDir)) return [];
  return fs
    .readdirSync(figuresDir)
    .filter((file) => file.startsWith(`${name}-scale-`) && file.endsWith('.json'))
    .map((file) => JSON.parse(fs.readFileSync(path.join(figuresDir, file), 'utf8')) as Run<T>)
    .sort((a, b) => a.scale - b.scale);
}

/** Replaces the generated section `name` of docs/performance.md with `markdown`. */
export function writeSection(name: string, markdown: string) {
  const open = `<!-- figures:${name} -->`;
  const close = `<!-- /figures:${name} -->`;
  const doc = fs.readFileSync(performanceDoc, 'utf8');
  const start = doc.indexOf(open);
  const end = doc.indexOf(close);
  if (start < 0 || end < start) throw new Error(`docs/performance.md has no section ${open} … ${close}`);
  const written = `${open}\n<!-- written by the bench scripts; do not edit by hand -->\n\n${markdown.trim()}\n\n`;
  fs.writeFileSync(performanceDoc, doc.slice(0, start) + written + doc.slice(end));
}
