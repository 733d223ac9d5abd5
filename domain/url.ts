import ipaddr from 'ipaddr.js';
import { parse as parseHost } from 'tldts';

/**
 * The URL check: the protocol is optional (http or https), the host must be public: a name under a real
 * (ICANN) suffix, or a public IP address. localhost, `.local`, `.internal`, single-label names, private, loopback,
 * link-local and reserved addresses are refused. Kept apart from `validation.ts` so the public-suffix list is loaded
 * only by the forms and routes that take a URL.
 */
export const URL_MESSAGE = 'validation.url';

const PROTOCOL = /^[a-z][a-z\d+.-]*:\/\//i;

/**
 * The address as typed with its protocol ('example.ge/a' → 'https://example.ge/a'; a Georgian name stays in Georgian),
 * or null when it is not a public URL.
 */
export function normaliseWebsite(raw: string): string | null {
  const text = raw.trim();
  if (!text || text.length > 2000 || /\s/.test(text)) return null;
  const protocol = PROTOCOL.exec(text)?.[0].toLowerCase();
  if (protocol && protocol !== 'http://' && protocol !== 'https://') return null;
  const withProtocol = protocol ? text : `https://${text}`;
  let url: URL;
  try {
    url = new URL(withProtocol);
  } catch {
    return null;
  }
  if (url.username || url.password) return null;
  return isPublicHost(url.hostname) ? withProtocol : null;
}

export const isPublicWebsite = (raw: string) => normaliseWebsite(raw) !== null;

function isPublicHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '');
  if (ipaddr.isValid(host)) {
    const address = ipaddr.parse(host);
    // URL has already written '0x7f.1' or '2130706433' as 127.0.0.1
    const plain =
      address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress()
        ? (address as ipaddr.IPv6).toIPv4Address()
        : address;
    return plain.range() === 'unicast';
  }
  const parsed = parseHost(host);
  return parsed.isIcann === true && parsed.domain !== null && !parsed.isIp;
}
