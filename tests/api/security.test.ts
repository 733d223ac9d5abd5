import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileStore } from '../../server/core/files';
import { startTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ AUTH_RATE_LIMIT_PER_ADDRESS: '1000', AUTH_RATE_LIMIT_PER_ACCOUNT: '1000' });
});
afterAll(() => t.close());

describe('security headers', () => {
  it('come with every answer: a public call, a refusal, an unknown address', async () => {
    for (const url of ['/api/config', '/api/sales', '/api/no-such-thing']) {
      const res = await t.app.inject({ method: 'GET', url });
      const csp = String(res.headers['content-security-policy']);
      expect(csp, url).toContain("default-src 'self'");
      expect(csp, url).toContain("frame-ancestors 'self'");
      expect(csp, url).toContain("script-src 'self'");
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['referrer-policy'], url).toBe('no-referrer');
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
    }
  });
});

describe('signing in', () => {
  it('takes as long for an unknown email as for a wrong password: timing tells nobody who has an account', async () => {
    const attempt = async (email: string) => {
      const started = performance.now();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/pre-auth',
        payload: { email, password: 'not the password' },
      });
      expect(res.statusCode).toBe(422);
      return performance.now() - started;
    };
    const unknown: number[] = [];
    const known: number[] = [];
    for (let i = 0; i < 8; i++) {
      unknown.push(await attempt(`nobody-${i}@demo.ge`));
      known.push(await attempt('admin@demo.ge'));
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    // a password check costs tens of milliseconds (scrypt);
    // skipping it for an unknown email would show as a ratio of 10+
    const ratio = median(known) / median(unknown);
    expect(ratio).toBeGreaterThan(1 / 3);
    expect(ratio).toBeLessThan(3);
  });
});

describe('uploads', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'files-'));
  const store = new FileStore(root, 'secret', 1024 * 1024);
  const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]);
  const pdf = Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');

  it('are refused by their content, not their name: a program renamed .pdf, .docx or .png', async () => {
    for (const [filename, mimetype] of [
      ['invoice.pdf', 'application/pdf'],
      ['contract.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
      ['photo.png', 'image/png'],
    ]) {
      await expect(
        store.save('t', { filename, mimetype, buffer: exe } as never, [mimetype], 'file'),
      ).rejects.toMatchObject({ statusCode: 422 });
    }
    expect(fs.readdirSync(root)).toEqual([]);
  });

  it('keep a path-traversal name out of the path they are stored at', async () => {
    const stored = await store.save(
      'tickets',
      { filename: '../../../etc/passwd.pdf', mimetype: 'application/pdf', buffer: pdf } as never,
      ['application/pdf'],
      'file',
    );
    expect(stored).toMatch(/^tickets\/[0-9a-f-]{36}\.pdf$/);
    expect(fs.readFileSync(path.join(root, stored))).toEqual(pdf);
    expect(() => store.resolve('../outside.pdf')).toThrow();
  });
});

describe('signed file URLs', () => {
  const pdfOf = (text: string) => Buffer.from(`%PDF-1.7\n% ${text}\n%%EOF\n`);
  const stored = async (text: string) =>
    t.app.files.save(
      'tickets',
      { filename: `${text}.pdf`, mimetype: 'application/pdf', buffer: pdfOf(text) } as never,
      ['application/pdf'],
      'file',
    );
  const open = (url: string) => t.app.inject({ method: 'GET', url, headers: { 'content-language': 'en' } });
  const refused = async (url: string, what: string) => {
    const res = await open(url);
    expect(res.statusCode, what).toBe(404);
    expect(res.json().message, what).toBe('Record not found');
  };

  it('open only their own file, expire, and cannot be altered to open another', async () => {
    const first = await stored('first');
    const second = await stored('second');
    const url = t.app.files.signedUrl(first)!;
    const other = t.app.files.signedUrl(second)!;

    const res = await open(url);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(pdfOf('first'))).toBe(true);
    expect((await open(other)).rawPayload.equals(pdfOf('second'))).toBe(true);

    // handed out for 6 hours at most
    const expires = Number(new URL(url, 'http://x').searchParams.get('expires'));
    expect(expires * 1000).toBeGreaterThan(Date.now());
    expect(expires * 1000).toBeLessThanOrEqual(Date.now() + 6 * 3600 * 1000);

    // the first file's signature on the second file's path, a later expiry, a changed or missing signature
    await refused(url.replace(first, second), 'another file with this signature');
    await refused(url.replace(`expires=${expires}`, `expires=${expires + 3600}`), 'a later expiry');
    const signature = new URL(url, 'http://x').searchParams.get('signature')!;
    await refused(url.replace(signature, signature.slice(1) + signature[0]), 'a changed signature');
    await refused(url.replace(`&signature=${signature}`, '&signature='), 'an empty signature');
    await refused(url.replace(first, `${first}/../${second.split('/')[1]}`), 'a path walking to another file');

    // a URL signed 7 hours ago has expired, though its signature is right
    await refused(t.app.files.signedUrl(first, Date.now() - 7 * 3600 * 1000)!, 'an expired URL');
    // and one signed 5 hours ago still opens
    expect((await open(t.app.files.signedUrl(first, Date.now() - 5 * 3600 * 1000)!)).statusCode).toBe(200);
  });
});
