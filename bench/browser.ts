/**
 * How soon the sales list shows its rows in a real browser, and which API calls it makes to get there, at
 * `--scale N` on PostgreSQL (15,000 sales at 100), signed in as an administrator, Chromium at 1366x850:
 * first visits with an empty cache, a reload with the cache warm, the way staff open it (from the home page
 * through the menu), and a sale's page on a first visit; the targets: rows within 1 s, warm and on a first visit.
 * Each figure is the median of `--rounds`; a first visit is a browser context of its own each round. Then moves
 * between five lists through the side menu, `--rounds` times each, with their p50 and p95 (target: p95 under 300 ms).
 * Times are the page's own clock: from the navigation's start (or the click) to the first row of the table with a
 * number in it.
 *
 *   npm run bench:browser                                    database bench_sales on postgres@127.0.0.1:5432
 *   BENCH_DATABASE_URL=postgres://… npm run bench:browser    that database (seeded first if it holds no sales)
 *   npm run bench:browser -- --rounds 9
 *   npm run bench:browser -- --mbps 20                       over an emulated 20 Mbit/s network with 40 ms round trips
 *
 * Needs the built web app (`npm run build`; built here when dist/ is missing) and Chromium (Debian's chromium, or
 * CHROMIUM_PATH).
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';
import pg from 'pg';
import { chromium, type Page, type Request } from 'playwright-core';
import { benchDatabase, ensureSeeded, sessionFor, startApi } from './shared';

const { values } = parseArgs({
  options: {
    scale: { type: 'string', default: '100' },
    rounds: { type: 'string', default: '5' },
    // a network between browser and server (Chromium's emulation: this many megabits a second, 20 ms each way)
    mbps: { type: 'string' },
  },
});
const rounds = Number(values.rounds);
const TARGET_MS = 1000;
const NAVIGATION_MS = 300;
const root = path.resolve(import.meta.dirname, '..');

const executablePath = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find(
  (p) => p && fs.existsSync(p),
);
if (!executablePath) throw new Error('Chromium not found: install Debian chromium or set CHROMIUM_PATH');
if (!fs.existsSync(path.join(root, 'dist', 'index.html'))) {
  console.log('building the web app (npm run build)…');
  await promisify(execFile)('npm', ['run', 'build'], { cwd: root, maxBuffer: 64 * 1024 * 1024 });
}

const url = await benchDatabase('bench_sales');
const db = new pg.Client({ connectionString: url });
await db.connect();
await ensureSeeded(db, url, Number(values.scale));
const sales = (await db.query('select count(*)::int as n from sales where deleted_at is null')).rows[0].n as number;
const token = await sessionFor(db, 'admin');
const port = 3795;
const base = `http://127.0.0.1:${port}`;
const api = await startApi(url, port);

const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu', '--no-first-run'] });
const context = await browser.newContext({ viewport: { width: 1366, height: 850 } });
await context.addInitScript((t) => localStorage.setItem('TOKEN', t), token);
const page = await context.newPage();
page.setDefaultTimeout(60_000);
const network = values.mbps ? `${values.mbps} Mbit/s, 40 ms round trip` : 'loopback';
/** The emulated network (`--mbps`) for a page; loopback without it. */
async function throttle(on: Page) {
  if (!values.mbps) return;
  const cdp = await on.context().newCDPSession(on);
  await cdp.send('Network.enable');
  const bytesPerSecond = (Number(values.mbps) * 1_000_000) / 8;
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 40,
    downloadThroughput: bytesPerSecond,
    uploadThroughput: bytesPerSecond,
  });
}
await throttle(page);

/**
 * The API calls the page makes from now on: `METHOD /path` without the query, when each started (epoch ms) and ended.
 */
function apiCalls(on: Page) {
  const calls: Array<{ name: string; started: number; ended: number }> = [];
  const record = (request: Request) => {
    const address = new URL(request.url());
    if (!address.pathname.startsWith('/api/')) return;
    const timing = request.timing();
    calls.push({
      name: `${request.method()} ${address.pathname}`,
      started: timing.startTime,
      ended: timing.startTime + timing.responseEnd,
    });
  };
  on.on('requestfinished', record);
  return () => {
    on.off('requestfinished', record);
    return calls.sort((a, b) => a.started - b.started);
  };
}

/** The page's clock when the sales table shows a row with a contract number (ms since the navigation started). */
const rowsShown = (on: Page = page) =>
  on
    .waitForFunction(() => {
      if (!/^#\/sales(\?|$)/.test(location.hash)) return null;
      const row = document.querySelector('.RaList-main tbody .RaDatagrid-row');
      return row?.textContent?.match(/\d/) ? performance.now() : null;
    })
    .then((handle) => handle.jsonValue() as Promise<number>);

const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
/** The calls, each with when it started and ended in ms from `origin` (the navigation's start, or the click). */
const callsText = (calls: Array<{ name: string; started: number; ended: number }>, origin: number) =>
  `${calls.length} API calls:\n${calls.map((c) => `      ${c.name.padEnd(28)} ${(c.started - origin).toFixed(0).padStart(5)} → ${(c.ended - origin).toFixed(0).padStart(5)} ms`).join('\n')}`;
const timeOrigin = () => page.evaluate(() => performance.timeOrigin);

/** A browser context of its own: an empty cache, as on a first visit. */
const newVisitor = async () => {
  const visitor = await browser.newContext({ viewport: { width: 1366, height: 850 } });
  await visitor.addInitScript((t) => localStorage.setItem('TOKEN', t), token);
  const visitorPage = await visitor.newPage();
  visitorPage.setDefaultTimeout(60_000);
  await throttle(visitorPage);
  return { visitor, visitorPage };
};

// the server's own first calls (a fresh process) are not a visitor's: one visit before the figures, in a context closed
// before them (an open page loads its menu's pages while idle, beside the visits timed next)
{
  const { visitor, visitorPage } = await newVisitor();
  await visitorPage.goto(`${base}/#/sales`, { waitUntil: 'commit' });
  await rowsShown(visitorPage);
  await visitor.close();
}

/**
 * `rounds` first visits to `address`, each in a context of its own (nothing cached): when each showed what `shown`
 * waits for, and the calls of the last.
 */
async function firstVisits(address: string, shown: (on: Page) => Promise<number>) {
  const times: number[] = [];
  let calls: ReturnType<ReturnType<typeof apiCalls>> = [];
  let origin = 0;
  for (let i = 0; i < rounds; i++) {
    const { visitor, visitorPage } = await newVisitor();
    const stopCalls = apiCalls(visitorPage);
    await visitorPage.goto(`${base}${address}`, { waitUntil: 'commit' });
    times.push(await shown(visitorPage));
    origin = await visitorPage.evaluate(() => performance.timeOrigin);
    await visitorPage.waitForTimeout(300);
    calls = stopCalls();
    await visitor.close();
  }
  return { times, calls, origin };
}

const listVisits = await firstVisits('/#/sales', rowsShown);
let stop: ReturnType<typeof apiCalls>;

// reloads with the cache warm
await page.goto(`${base}/#/sales`, { waitUntil: 'commit' });
await rowsShown(page);
const reloads: number[] = [];
let reloadCalls: ReturnType<ReturnType<typeof apiCalls>> = [];
let reloadOrigin = 0;
for (let i = 0; i < rounds; i++) {
  stop = apiCalls(page);
  await page.reload({ waitUntil: 'commit' });
  reloads.push(await rowsShown());
  reloadOrigin = await timeOrigin();
  await page.waitForTimeout(300);
  reloadCalls = stop();
}

// from the home page through the menu, as staff open it
const clicks: number[] = [];
let clickCalls: ReturnType<ReturnType<typeof apiCalls>> = [];
let clickOrigin = 0;
for (let i = 0; i < rounds; i++) {
  await page.goto(`${base}/#/`, { waitUntil: 'networkidle' });
  stop = apiCalls(page);
  const started = await page.evaluate(() => performance.now());
  await page.locator('a[href="#/sales"]').first().click();
  clicks.push((await rowsShown()) - started);
  clickOrigin = (await timeOrigin()) + started;
  await page.waitForTimeout(300);
  clickCalls = stop();
}

// moving between lists through the side menu, as staff do all day: each click to the first row with a number in it
const LISTS = ['sales', 'customers', 'properties', 'overdue-sales', 'payment-schedules'];
const moves: number[] = [];
await page.goto(`${base}/#/`, { waitUntil: 'networkidle' });
for (let i = 0; i < rounds; i++) {
  for (const list of LISTS) {
    // the list on screen is marked: while the next page's code loads, React keeps the last page's rows on screen
    const started = await page.evaluate(() => {
      document.querySelectorAll('.RaList-main').forEach((list) => list.setAttribute('data-left', ''));
      return performance.now();
    });
    await page.locator(`a[href="#/${list}"]`).first().click();
    const shown = await page
      .waitForFunction((name) => {
        if (!location.hash.startsWith(`#/${name}`)) return null;
        const row = document.querySelector('.RaList-main:not([data-left]) tbody .RaDatagrid-row');
        return row?.textContent?.match(/\d/) ? performance.now() : null;
      }, list)
      .then((handle) => handle.jsonValue() as Promise<number>);
    moves.push(shown - started);
  }
}
const percentile = (list: number[], p: number) =>
  [...list].sort((a, b) => a - b)[Math.ceil((p / 100) * list.length) - 1];

// a sale's page, first visits: until its first section (its units) shows a row with a number in it
const saleId = (await db.query('select max(id) as id from sales where deleted_at is null')).rows[0].id as number;
const saleVisits = await firstVisits(`/#/sales/${saleId}`, (on) =>
  on
    .waitForFunction(() => {
      const row = document.querySelector('#main-content section tbody tr');
      return row?.textContent?.match(/\d/) ? performance.now() : null;
    })
    .then((handle) => handle.jsonValue() as Promise<number>),
);
const cold = median(listVisits.times);
const saleCold = median(saleVisits.times);

console.log(
  `\nthe sales list, ${sales} live sales, administrator, Chromium 1366x850, ${network} (median of ${rounds}):`,
);
console.log(
  `  first visit, empty cache:     rows after ${cold.toFixed(0)} ms (${listVisits.times.map((t) => t.toFixed(0)).join(', ')}), ${callsText(listVisits.calls, listVisits.origin)}`,
);
console.log(
  `  reload, cache warm:           rows after ${median(reloads).toFixed(0)} ms (the last: ${reloads.at(-1)!.toFixed(0)}), ${callsText(reloadCalls, reloadOrigin)}`,
);
console.log(
  `  from the home page's menu:    rows after ${median(clicks).toFixed(0)} ms (the last: ${clicks.at(-1)!.toFixed(0)}), ${callsText(clickCalls, clickOrigin)}`,
);
console.log(
  `  a sale's page, empty cache:   rows after ${saleCold.toFixed(0)} ms (${saleVisits.times.map((t) => t.toFixed(0)).join(', ')}), ${callsText(saleVisits.calls, saleVisits.origin)}`,
);
console.log(
  `  between lists by the menu:    ${moves.length} moves (${LISTS.join(', ')}), p50 ${percentile(moves, 50).toFixed(0)} ms, p95 ${percentile(moves, 95).toFixed(0)} ms (in order: ${moves.map((t) => t.toFixed(0)).join(', ')})`,
);
console.log(
  `  target: rows within ${TARGET_MS} ms on a first visit: ${Math.max(cold, saleCold) < TARGET_MS ? 'met' : 'MISSED'}`,
);
const warm = Math.max(median(reloads), median(clicks));
console.log(`  target: rows within ${TARGET_MS} ms warm: ${warm < TARGET_MS ? 'met' : 'MISSED'}`);
console.log(
  `  target: moves between pages under ${NAVIGATION_MS} ms at p95: ${percentile(moves, 95) < NAVIGATION_MS ? 'met' : 'MISSED'}`,
);

await browser.close();
try {
  process.kill(-api.pid!, 'SIGTERM');
} catch {
  // already gone
}
await db.end();
