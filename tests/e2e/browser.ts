import fs from 'node:fs';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { TOKEN_KEY } from '../../src/providers/session';
import { text } from './texts';

export const DEMO_PASSWORD = 'demo1234';

const executable = () =>
  [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => p && fs.existsSync(p));

/** In CI the browser suite never skips: a missing Chromium is a failure there. */
export const chromiumMissing = () => !executable() && process.env.CI !== 'true';

export async function launch(): Promise<Browser> {
  const executablePath = executable();
  if (!executablePath) throw new Error('Chromium not found: install Debian chromium or set CHROMIUM_PATH');
  return chromium.launch({
    executablePath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export const baseUrl = () => inject('baseUrl');

/** The last sign-in code the server logged for this email. */
export function codeFor(email: string): string | undefined {
  const lines = fs.readFileSync(inject('serverLog'), 'utf8').split('\n');
  // the last line may be one the server is still writing: only whole lines are read
  lines.pop();
  for (const line of lines.reverse()) {
    if (!line.startsWith('{')) continue;
    const entry = JSON.parse(line) as { email?: string; code?: string };
    if (entry.email === email && entry.code) return entry.code;
  }
  return undefined;
}

/**
 * Runs one sign-in of `email` while no other test file signs in as the same user: files run side by side, and a second
 * sign-in's code replaces the first's before the first is typed. A lock directory beside the server's log is the turn
 * (mkdir is atomic across the workers); a turn left by a killed worker is taken over after a minute.
 */
export async function inSignInTurn<T>(email: string, signInSteps: () => Promise<T>): Promise<T> {
  const turn = `${inject('serverLog')}.sign-in-${email.replace(/[^a-z0-9]/gi, '_')}`;
  for (;;) {
    try {
      fs.mkdirSync(turn);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      try {
        if (Date.now() - fs.statSync(turn).mtimeMs > 60_000) fs.rmSync(turn, { recursive: true, force: true });
      } catch {
        /* released meanwhile */
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  try {
    return await signInSteps();
  } finally {
    fs.rmSync(turn, { recursive: true, force: true });
  }
}

/**
 * The code the server logged for `email` after `before` (the code logged before the sign-in began). The server's log
 * reaches this process through a pipe: on a busy machine the new code can take a few seconds.
 */
export async function newCodeFor(email: string, before: string | undefined): Promise<string> {
  for (let i = 0; i < 150; i++) {
    const code = codeFor(email);
    if (code && code !== before) return code;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no new sign-in code for ${email} in the server's log`);
}

const openPages = new Set<Page>();

/**
 * What each page still open shows (its address and the text of its content, without the menu), for a failed test's
 * output (tests/e2e/setup.ts): a browser test that fails on a busy CI machine can then be read afterwards.
 */
export async function describeOpenPages(): Promise<string> {
  const described = await Promise.all(
    [...openPages].map(async (page) => {
      let timer: NodeJS.Timeout | undefined;
      const text = await Promise.race([
        page
          .evaluate(() => (document.querySelector<HTMLElement>('#main-content') ?? document.body).innerText)
          .catch((error: Error) => `(unreadable: ${error.message})`),
        new Promise<string>((resolve) => (timer = setTimeout(() => resolve('(no answer in 5 s)'), 5_000))),
      ]).finally(() => clearTimeout(timer));
      return `[open page] ${page.url()}\n${text.replace(/\n{2,}/g, '\n').slice(0, 2_000)}`;
    }),
  );
  return described.join('\n\n');
}

/** A page in a new context of its own, at 1366 × 850 unless `options` say otherwise, in `locale` when named. */
export async function newPage(
  browser: Browser,
  locale?: 'ka' | 'en' | 'ru',
  options: BrowserContextOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 850 }, ...options });
  if (locale) await context.addInitScript((l) => localStorage.setItem('locale', l), locale);
  const page = await context.newPage();
  openPages.add(page);
  page.on('close', () => openPages.delete(page));
  page.setDefaultTimeout(30_000);
  // What the page itself reports reaches the test's output, so a failure on a busy CI machine can be read afterwards.
  page.on('pageerror', (error) => console.error(`[page error] ${page.url()}: ${error.stack ?? error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') console.error(`[console] ${page.url()}: ${message.text()}`);
  });
  page.on('requestfailed', (request) => {
    const reason = request.failure()?.errorText ?? '';
    if (!reason.includes('ERR_ABORTED'))
      console.error(`[request failed] ${request.method()} ${request.url()}: ${reason}`);
  });
  return { context, page };
}

/**
 * The login page's two steps from its first: types the email and password, then, in the user's sign-in turn, the code
 * the server logged. Fails naming the step the server refused.
 */
export async function completeSignIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await inSignInTurn(email, async () => {
    const before = codeFor(email);
    const preAuth = page.waitForResponse((r) => r.url().endsWith('/api/pre-auth'));
    await page.locator('button[type="submit"]').click();
    const preAuthAnswer = await preAuth;
    if (!preAuthAnswer.ok())
      throw new Error(`pre-auth of ${email}: ${preAuthAnswer.status()} ${await preAuthAnswer.text()}`);
    await page.locator('input[name="code"]').waitFor();
    await page.locator('input[name="code"]').fill(await newCodeFor(email, before));
    const login = page.waitForResponse((r) => r.url().endsWith('/api/login'));
    await page.locator('button[type="submit"]').click();
    const loginAnswer = await login;
    if (!loginAnswer.ok()) throw new Error(`login of ${email}: ${loginAnswer.status()} ${await loginAnswer.text()}`);
  });
}

/**
 * A bearer token for `email`, signed in through /api/pre-auth and /api/login with the code the server logged, in the
 * user's sign-in turn.
 */
export async function apiToken(email: string, password = DEMO_PASSWORD): Promise<string> {
  const post = (path: string, body: unknown) =>
    fetch(`${baseUrl()}/api${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-language': 'en' },
      body: JSON.stringify(body),
    });
  const login = await inSignInTurn(email, async () => {
    const before = codeFor(email);
    const pre = await post('/pre-auth', { email, password });
    if (!pre.ok) throw new Error(`pre-auth of ${email}: ${pre.status} ${await pre.text()}`);
    return post('/login', { email, password, code: await newCodeFor(email, before) });
  });
  if (!login.ok) throw new Error(`login of ${email}: ${login.status} ${await login.text()}`);
  return ((await login.json()) as { token: string }).token;
}

/**
 * Signs `email` in and opens the home page. The token is signed in through the API and put where the app keeps it,
 * without the login page: each visit of it costs Chromium about 2 CPU-seconds, and the page itself is proven by
 * signInThroughLoginPage's tests (platform.test.ts, screens.test.ts).
 */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  const token = await apiToken(email, password);
  // a small answer of the app's own origin, so its storage can be written before the app first loads
  await page.goto(`${baseUrl()}/api/config`);
  await page.evaluate(([key, t]) => localStorage.setItem(key, t), [TOKEN_KEY, token]);
  await page.goto(`${baseUrl()}/#/`);
  await sideMenu(page).waitFor();
}

/** Signs in through the two steps of the login page, reading the code from the server log. */
export async function signInThroughLoginPage(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto(`${baseUrl()}/#/login`);
  await completeSignIn(page, email, password);
  await sideMenu(page).waitFor();
}

const LOCALES = ['ka', 'en', 'ru'] as const;

/** A name in whichever of the three languages the screen shows: the exact catalogue text of `key` in one of them. */
const inAnyLanguage = (key: string) =>
  new RegExp(`^(${LOCALES.map((l) => text(key, {}, l).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})$`);

/** The side menu: a navigation named "Main menu" in the screen's language. */
export const sideMenu = (page: Page) => page.getByRole('navigation', { name: inAnyLanguage('app.menu') });

/** The names of the side menu's entries, as the screen shows them (its links; the groups' headings are not entries). */
export const menuEntries = (page: Page) => sideMenu(page).getByRole('link').allTextContents();

/**
 * Types into a list's search box and waits until the list's URL carries it: the search applies after a
 * debounce, and a click on a row of the list shown before it lands is undone when it does.
 */
export async function searchList(page: Page, text: string) {
  await page.locator('input[name="q"]').fill(text);
  await page.waitForURL((url) => {
    const filter = new URLSearchParams(url.hash.split('?')[1] ?? '').get('filter');
    return filter !== null && (JSON.parse(filter) as { q?: string }).q === text;
  });
}

/**
 * Picks an option of the open select menu and waits until its menu is gone: on a loaded machine the menu's backdrop
 * could stay over the dialog and take the next click (seen twice on the print dialog). Escape closes only the menu.
 */
export async function chooseOption(page: Page, name: RegExp | string) {
  await page.getByRole('option', { name }).click();
  const menu = page.getByRole('listbox');
  if (
    await menu.waitFor({ state: 'hidden', timeout: 5_000 }).then(
      () => false,
      () => true,
    )
  ) {
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
  }
}

/**
 * Switches the screen's language through the top bar's switcher. The first click can land while the top bar renders
 * again after sign-in (its menu then never opens): the switcher is clicked again until the language's item shows.
 */
export async function switchLanguage(page: Page, locale: 'ka' | 'en' | 'ru') {
  // each language is offered by its own name, whatever the screen's language
  const item = page.getByRole('menuitem', { name: text(`languages.${locale}`), exact: true });
  for (let attempt = 1; ; attempt++) {
    await page.getByRole('button', { name: inAnyLanguage('app.language') }).click();
    const shown = await item
      .waitFor({ timeout: 5_000 })
      .then(() => true)
      .catch(() => false);
    if (shown) break;
    if (attempt === 3) throw new Error(`the language menu did not open to offer ${locale}`);
  }
  await item.click();
}

/** A board cell: a button named by its unit's number, then its status in words; its colour is in data-status. */
export const boardCell = (page: Page, no: string) =>
  page.getByRole('button', { name: new RegExp(`^${no.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}, `) });
