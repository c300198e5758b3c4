import dns from 'node:dns/promises';
import net from 'node:net';
import { HttpError } from '../http/errors';

/** True for loopback, private, link-local, CGNAT, multicast and other non-public addresses. */
export function isPrivateAddress(address: string): boolean {
  if (net.isIPv4(address)) {
    const [a, b] = address.split('.').map(Number);
    return (
      a === 0 ||
      a === 10 ||
      a === 127 ||
      (a === 100 && b >= 64 && b <= 127) ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 198 && (b === 18 || b === 19)) ||
      a >= 224
    );
  }
  const v6 = address.toLowerCase();
  if (v6.startsWith('::ffff:')) return isPrivateAddress(v6.slice(7));
  return v6 === '::' || v6 === '::1' || v6.startsWith('fc') || v6.startsWith('fd') || v6.startsWith('fe8') || v6.startsWith('fe9') || v6.startsWith('fea') || v6.startsWith('feb') || v6.startsWith('ff');
}

const invalid = (message: string) => new HttpError(400, message, { fieldErrors: { 'credentials.service': [message] } });

/**
 * The PDS address an artist gave, normalised, after checking it does not point into our own network
 * (server-side request forgery) unless private networks are allowed (tests, self-hosting on a LAN).
 */
export async function checkServiceUrl(raw: string, allowPrivate: boolean): Promise<string> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw invalid('Enter the server address, e.g. https://bsky.social');
  }
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:')) throw invalid('The server address must start with https://');
  if (url.username || url.password) throw invalid('The server address must not contain credentials');
  if (!allowPrivate) {
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const addresses = net.isIP(host) ? [host] : await dns.lookup(host, { all: true }).then((r) => r.map((a) => a.address)).catch(() => []);
    if (!addresses.length) throw invalid(`The server ${url.hostname} cannot be found.`);
    if (addresses.some(isPrivateAddress)) throw invalid('That server address points into a private network and cannot be used.');
  }
  return url.origin;
}
