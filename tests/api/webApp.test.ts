import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness';

/**
 * The built browser app as the server sends it: the Brotli or gzip copy the build wrote beside each file to a browser
 * that accepts it, the file itself to one that does not; assets (their names carry a hash of their content) kept by the
 * browser for a year, index.html asked again on every visit.
 */
const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'web-'));
const page = '<!doctype html><html><head><script src="/assets/app-1a2b3c.js"></script></head></html>';
const script = `console.log(${JSON.stringify('a'.repeat(4000))});`;
function built(file: string, body: string) {
  fs.mkdirSync(path.dirname(path.join(webRoot, file)), { recursive: true });
  fs.writeFileSync(path.join(webRoot, file), body);
  fs.writeFileSync(path.join(webRoot, `${file}.br`), zlib.brotliCompressSync(body));
  fs.writeFileSync(path.join(webRoot, `${file}.gz`), zlib.gzipSync(body));
}

let t: TestApp;
beforeAll(async () => {
  built('index.html', page);
  built('assets/app-1a2b3c.js', script);
  t = await startTestApp({}, webRoot);
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webRoot, { recursive: true, force: true });
});

const get = (url: string, encoding?: string) =>
  t.app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

describe('the web app', () => {
  it('sends an asset compressed to a browser that accepts it, whole to one that does not, kept a year', async () => {
    const br = await get('/assets/app-1a2b3c.js', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    expect(br.rawPayload.length).toBeLessThan(script.length / 10);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    // asked again (from memory now): the same
    expect(zlib.brotliDecompressSync((await get('/assets/app-1a2b3c.js', 'br')).rawPayload).toString()).toBe(script);

    const gz = await get('/assets/app-1a2b3c.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await get('/assets/app-1a2b3c.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);

    expect((await get('/assets/app-000000.js', 'br')).statusCode).toBe(404);
    // only the build's own names: not a copy beside one, not a path out of the folder
    expect((await get('/assets/app-1a2b3c.js.br', 'br')).statusCode).toBe(404);
    expect((await get('/assets/..%2Findex.html', 'br')).statusCode).toBe(404);
  });

  it('sends index.html, for the root and for a page of the app, to be asked again on every visit', async () => {
    for (const url of ['/', '/sales/1/show']) {
      const res = await get(url, 'br');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      const body =
        res.headers['content-encoding'] === 'br' ? zlib.brotliDecompressSync(res.rawPayload) : res.rawPayload;
      expect(body.toString(), url).toBe(page);
    }
  });
});
