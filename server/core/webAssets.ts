import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.png': 'image/png',
};

/** A file of the build as it is sent: itself, and the Brotli and gzip copies the build wrote beside it (if any). */
interface Asset {
  type: string;
  plain: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

function readAsset(file: string): Asset {
  const extra = (suffix: string) => (fs.existsSync(file + suffix) ? fs.readFileSync(file + suffix) : undefined);
  return {
    type: TYPES[path.extname(file)] ?? 'application/octet-stream',
    plain: fs.readFileSync(file),
    br: extra('.br'),
    gzip: extra('.gz'),
  };
}

/**
 * `GET /assets/<name>`: the build's assets (vite.config.ts), from memory once read. Their names carry a hash of their
 * content, so a file read once answers every later visit, and the browser keeps it a year. A first visit asks for
 * dozens at once while the page's first API calls wait beside them: read from disk each time (a file opened, stat'ed
 * and streamed for each), they took the API process about three times the CPU. Only the build's own names are
 * answered: the directory is listed once, when the server starts.
 */
export function webAssetRoutes(app: FastifyInstance, assetsDir: string) {
  const names = new Set(
    fs.existsSync(assetsDir) ? fs.readdirSync(assetsDir).filter((name) => !/\.(br|gz)$/.test(name)) : [],
  );
  const read = new Map<string, Asset>();
  app.get<{ Params: { name: string } }>('/assets/:name', (request, reply) => {
    const { name } = request.params;
    if (!names.has(name)) return reply.callNotFound();
    let asset = read.get(name);
    if (!asset) {
      asset = readAsset(path.join(assetsDir, name));
      read.set(name, asset);
    }
    const accepts = request.headers['accept-encoding'] ?? '';
    const [encoding, body] =
      asset.br && /\bbr\b/.test(accepts)
        ? ['br', asset.br]
        : asset.gzip && /\bgzip\b/.test(accepts)
          ? ['gzip', asset.gzip]
          : [undefined, asset.plain];
    reply
      .header('content-type', asset.type)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('vary', 'accept-encoding');
    if (encoding) reply.header('content-encoding', encoding);
    return reply.send(body);
  });
}
