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
  it('takes as long for an unknown email as for a wrong password, so timing does not tell who has an account', async () => {
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
    // a password check costs tens of milliseconds (scrypt); skipping it for an unknown email would show as a ratio of 10+
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
