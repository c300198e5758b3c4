import { Resolver } from 'node:dns/promises';
import { DeadlinePassed, withDeadline } from '../outbound/deadline';

/** The one DNS question a domain check asks. Injected through deps, so tests can answer it themselves. */
export interface TxtResolver {
  /** The TXT records at `name`, each as its strings. Rejects with a node:dns error code (ENOTFOUND, ENODATA, ETIMEOUT...). */
  resolveTxt(name: string): Promise<string[][]>;
}

export class DnsTimeout extends Error {
  readonly code = 'ETIMEOUT';
}

/**
 * A node:dns Resolver of its own (not the process's shared one), asking `servers` ('1.1.1.1', '127.0.0.1:5353') or
 * the system's resolvers, and giving up after `timeoutMs` in all: c-ares's own timeout is per try and grows.
 */
export function createTxtResolver({ servers, timeoutMs }: { servers: string[]; timeoutMs: number }): TxtResolver {
  return {
    async resolveTxt(name) {
      const resolver = new Resolver({ timeout: Math.max(100, Math.floor(timeoutMs / 2)), tries: 2 });
      if (servers.length) resolver.setServers(servers);
      try {
        return await withDeadline(timeoutMs, (signal) => {
          signal.addEventListener('abort', () => resolver.cancel(), { once: true });
          return resolver.resolveTxt(name);
        });
      } catch (err) {
        if (err instanceof DeadlinePassed) throw new DnsTimeout(`No DNS answer for ${name} within ${timeoutMs} ms`);
        throw err;
      }
    },
  };
}
