import { AppError } from '../../core/errors';
import { walkZip, type InflateLimits } from '../../core/zipParts';

const MB = 1024 * 1024;

/**
 * What a Word template may inflate to: 32 MB in all (a contract's text is well under 1 MB, its pictures a few), and no
 * part growing more than 100 times once past 1 MB (Word's XML packs 5 to 20 times; a zip bomb a thousand times).
 */
export const WORD_TEMPLATE_LIMITS: InflateLimits = { totalBytes: 32 * MB, ratio: 100, ratioFromBytes: MB };

const RELATIONSHIP = /<(?:\w+:)?Relationship\b[^>]*>/g;
const attribute = (element: string, name: string) =>
  new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`)
    .exec(element)
    ?.slice(1)
    .find((v) => v !== undefined);

/**
 * The first outside address a relation would load (an image, a frame, an attached template, an OLE object, a
 * sub-document): whoever opens or converts the file would fetch it. A hyperlink is kept: only a click follows it.
 */
function loadedFromOutside(rels: string): string | null {
  for (const [element] of rels.matchAll(RELATIONSHIP)) {
    if (attribute(element, 'TargetMode')?.toLowerCase() !== 'external') continue;
    if (/\/hyperlink$/.test(attribute(element, 'Type') ?? '')) continue;
    return attribute(element, 'Target') ?? '?';
  }
  return null;
}

const refuse = (key: string, params: Record<string, string | number> = {}): never => {
  throw new AppError(422, key, params, { file: [[key, params]] });
};

/**
 * Checks a Word file before anything reads it whole: its parts are inflated one chunk at a time and the file refused as
 * soon as they pass WORD_TEMPLATE_LIMITS, and a relation to an outside address (TargetMode="External" in any .rels
 * part) is refused, since LibreOffice or Word would fetch it. Each 422 names what it found. A template kept before
 * these checks is printed with its outside links (`allowOutsideLinks`): nothing on the server fetches them, and
 * LibreOffice converts without network.
 */
export async function checkWordPackage(buffer: Buffer, { allowOutsideLinks = false } = {}) {
  const rels = new Map<string, Buffer[]>();
  const walk = await walkZip(buffer, {
    limits: WORD_TEMPLATE_LIMITS,
    read: (path) => {
      if (!/\.rels$/i.test(path)) return undefined;
      const chunks: Buffer[] = [];
      rels.set(path, chunks);
      return (chunk) => void chunks.push(chunk);
    },
  });
  if (walk === 'too_large') refuse('templates.errors.too_large', { mb: WORD_TEMPLATE_LIMITS.totalBytes / MB });
  if (walk === 'unreadable') refuse('templates.errors.not_docx');
  if (allowOutsideLinks) return;
  for (const chunks of rels.values()) {
    const target = loadedFromOutside(Buffer.concat(chunks).toString('utf8'));
    if (target) refuse('templates.errors.outside_link', { target: target.slice(0, 120) });
  }
}
