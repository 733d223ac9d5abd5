import fs from 'node:fs';
import path from 'node:path';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';

const BASELINES = path.join(import.meta.dirname, 'baselines');
/** Where a failed comparison leaves the screenshot taken and its difference, to look at. */
const OUTPUT = path.resolve(import.meta.dirname, '../../test-results/screenshots');
/** pixelmatch's per-pixel colour threshold (0 to 1); anti-aliased pixels are not counted at all. */
const PIXEL_THRESHOLD = 0.1;
/** The share of a screenshot's pixels that may differ: a glyph drawn a little differently, not a moved box. */
const ALLOWED_SHARE = 0.001;

export const updating = () => process.env.UPDATE_SCREENSHOTS === '1';

const VERSION_FILE = path.join(BASELINES, 'chromium-version.txt');

/**
 * Records which Chromium took the baselines (when updating), and answers a note for a failure when this one differs:
 * a new version may draw text a little differently, which is then a reason to take the baselines again.
 */
export function chromiumNote(version: string): string {
  if (updating()) {
    fs.mkdirSync(BASELINES, { recursive: true });
    fs.writeFileSync(VERSION_FILE, `${version}\n`);
    return '';
  }
  const taken = fs.existsSync(VERSION_FILE) ? fs.readFileSync(VERSION_FILE, 'utf8').trim() : 'an unknown version';
  return taken === version
    ? ''
    : `the baselines were taken with Chromium ${taken}, this is ${version}: if only text rendering moved, ` +
        'look at the differences and take them again (npm run screenshots:update)';
}

/**
 * Compares a screenshot with its committed baseline and answers what differs, or nothing when it matches. With
 * UPDATE_SCREENSHOTS=1 the screenshot becomes the baseline instead. A failed comparison writes the screenshot and
 * a picture of the difference (in red) to test-results/screenshots.
 */
export function differenceFromBaseline(name: string, screenshot: Buffer): string | undefined {
  const baselineFile = path.join(BASELINES, `${name}.png`);
  if (updating()) {
    fs.mkdirSync(BASELINES, { recursive: true });
    fs.writeFileSync(baselineFile, screenshot);
    return undefined;
  }
  const keep = (suffix: string, png: Buffer) => {
    fs.mkdirSync(OUTPUT, { recursive: true });
    const file = path.join(OUTPUT, `${name}${suffix}.png`);
    fs.writeFileSync(file, png);
    return path.relative(process.cwd(), file);
  };
  if (!fs.existsSync(baselineFile)) {
    return `${name}: no baseline (npm run screenshots:update writes them); the screenshot is in ${keep('', screenshot)}`;
  }
  const baseline = PNG.sync.read(fs.readFileSync(baselineFile));
  const actual = PNG.sync.read(screenshot);
  if (baseline.width !== actual.width || baseline.height !== actual.height) {
    const file = keep('', screenshot);
    return `${name}: ${actual.width} × ${actual.height} px instead of ${baseline.width} × ${baseline.height}; see ${file}`;
  }
  const diff = new PNG({ width: actual.width, height: actual.height });
  const differing = pixelmatch(baseline.data, actual.data, diff.data, actual.width, actual.height, {
    threshold: PIXEL_THRESHOLD,
  });
  if (differing <= actual.width * actual.height * ALLOWED_SHARE) return undefined;
  const file = keep('', screenshot);
  const diffFile = keep('.diff', PNG.sync.write(diff));
  return `${name}: ${differing} pixels differ from the baseline; see ${file} and ${diffFile}`;
}
