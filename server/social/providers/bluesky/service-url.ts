import { Invalid } from '../../../errors';
import { OutboundRefused, type OutboundDoor } from '../../../outbound/guarded-fetch';

const invalid = (message: string) => new Invalid(message, { fieldErrors: { 'credentials.service': [message] } });

/**
 * The PDS address an artist gave, normalised. Unless private networks are allowed (tests, self-hosting on a LAN), its
 * host is judged now by the outbound door's own rule, so a private address answers 400 on the field; the door judges
 * it again on every connection, where the answer counts.
 */
export async function checkServiceUrl(raw: string, allowPrivate: boolean, door: OutboundDoor): Promise<string> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw invalid('Enter the server address, e.g. https://bsky.social');
  }
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:'))
    throw invalid('The server address must start with https://');
  if (url.username || url.password) throw invalid('The server address must not contain credentials');
  if (!allowPrivate) {
    await door.checkHost(url.hostname).catch((err) => {
      throw invalid(err instanceof OutboundRefused ? err.message : `The server ${url.hostname} cannot be found.`);
    });
  }
  return url.origin;
}
