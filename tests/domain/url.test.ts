import { describe, expect, it } from 'vitest';
import { normaliseWebsite } from '../../domain/url';

describe('URL rule (optional protocol, public hosts)', () => {
  it.each([
    ['example.ge', 'https://example.ge'],
    ['www.example.ge/about?x=1', 'https://www.example.ge/about?x=1'],
    ['http://Example.COM', 'http://Example.COM'],
    ['https://sub.site.com.ge:8443/a', 'https://sub.site.com.ge:8443/a'],
    ['საიტი.გე', 'https://საიტი.გე'],
    ['http://8.8.8.8/', 'http://8.8.8.8/'],
    ['https://[2001:4860:4860::8888]/', 'https://[2001:4860:4860::8888]/'],
  ])('accepts %s', (raw, expected) => {
    expect(normaliseWebsite(raw)).toBe(expected);
  });

  it.each([
    'localhost',
    'http://localhost:3000',
    'intranet',
    'printer.local',
    'db.internal',
    'http://127.0.0.1',
    'http://0x7f.1',
    'http://2130706433',
    '10.0.0.5',
    'http://172.16.3.4',
    'http://192.168.1.1/admin',
    'http://169.254.169.254/latest/meta-data',
    'http://100.64.0.1',
    'http://0.0.0.0',
    'http://[::1]/',
    'http://[fe80::1]/',
    'http://[fd00::1]/',
    'http://[::ffff:127.0.0.1]/',
    'ftp://example.ge',
    'javascript:alert(1)',
    'https://user:pass@example.ge',
    'exa mple.ge',
    '',
  ])('refuses %s', (raw) => {
    expect(normaliseWebsite(raw)).toBeNull();
  });
});
