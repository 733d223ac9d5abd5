// Builds the browser app when dist/ is missing or older than its sources, so `npm start` serves the current screens.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const built = path.join(root, 'dist', 'index.html');

const newest = (entry) => {
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(entry).map((name) => newest(path.join(entry, name))));
};

const sources = ['src', 'domain', 'i18n', 'public', 'index.html', 'vite.config.ts', 'package-lock.json']
  .map((p) => path.join(root, p))
  .filter((p) => fs.existsSync(p));
const stale = !fs.existsSync(built) || Math.max(...sources.map(newest)) > fs.statSync(built).mtimeMs;

if (process.env.SKIP_WEB_BUILD !== '1' && stale) {
  console.log('Building the web app (dist/)…');
  execSync('npx vite build --logLevel warn', { cwd: root, stdio: 'inherit' });
}
