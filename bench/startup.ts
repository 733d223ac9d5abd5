/**
 * Prints the platform's speed figures: time from launch to the first answer with a fresh embedded
 * database, the same for a reopened one, resident memory of the server process, and the browser bundle's
 * initial JavaScript, gzipped. Run: npm run bench:startup (after a build).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { API_NODE_ARGS } from '../scripts/apiProcess';

const root = path.resolve(import.meta.dirname, '..');

const rssOfTree = (pid: number): number => {
  let total = 0;
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync('/proc').filter((e) => /^\d+$/.test(e))) {
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      /* gone */
    }
  }
  const walk = (p: number) => {
    try {
      const status = fs.readFileSync(`/proc/${p}/status`, 'utf8');
      total += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
    } catch {
      /* gone */
    }
    (children.get(p) ?? []).forEach(walk);
  };
  walk(pid);
  return total;
};

async function measureStart(dataDir: string, port: number) {
  const started = performance.now();
  const child = spawn(process.execPath, [...API_NODE_ARGS, 'server/index.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
  });
  let answeredMs: number;
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/config`)).ok) {
        answeredMs = performance.now() - started;
        break;
      }
    } catch {
      /* not yet */
    }
    if (performance.now() - started > 60_000) throw new Error('server did not answer within 60 s');
    await new Promise((r) => setTimeout(r, 50));
  }
  let peak = 0;
  for (let i = 0; i < 10; i++) {
    await fetch(`http://127.0.0.1:${port}/api/config`);
    peak = Math.max(peak, rssOfTree(child.pid!));
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  return { answeredMs, rssMb: peak / 1024 / 1024 };
}

/**
 * The JavaScript a first visit runs before anything shows: index.html's scripts and the default language's texts
 * (the `ka` chunks, loaded beside the config), gzipped.
 */
function initialBundle() {
  const dist = path.join(root, 'dist');
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const entry = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
  const texts = fs
    .readdirSync(path.join(dist, 'assets'))
    .filter((f) => /^ka-[\w-]+\.js$/.test(f))
    .map((f) => `assets/${f}`);
  const kb = (files: string[]) =>
    files.reduce((sum, f) => sum + zlib.gzipSync(fs.readFileSync(path.join(dist, f)), { level: 9 }).length, 0) / 1024;
  return { files: entry.length + texts.length, entryKb: kb(entry), textsKb: kb(texts) };
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-start-'));
try {
  const fresh = await measureStart(dataDir, 3811);
  const reopened = await measureStart(dataDir, 3812);
  console.log(
    `fresh database:    first answer after ${(fresh.answeredMs / 1000).toFixed(2)} s, server memory ${fresh.rssMb.toFixed(0)} MB`,
  );
  console.log(
    `reopened database: first answer after ${(reopened.answeredMs / 1000).toFixed(2)} s, server memory ${reopened.rssMb.toFixed(0)} MB`,
  );
  if (fs.existsSync(path.join(root, 'dist', 'index.html'))) {
    const bundle = initialBundle();
    console.log(
      `initial JavaScript: ${(bundle.entryKb + bundle.textsKb).toFixed(1)} kB gzipped in ${bundle.files} files ` +
        `(the entry ${bundle.entryKb.toFixed(1)}, the Georgian texts ${bundle.textsKb.toFixed(1)})`,
    );
  } else console.log('initial JavaScript: dist/ missing, run npm run build first');
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
