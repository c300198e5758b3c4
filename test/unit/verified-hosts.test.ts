import { describe, expect, it } from 'vitest';
import { createVerifiedHosts, type VerifiedSite } from '../../server/domains/verified-hosts';

/** A lookup that counts its queries and answers from a table the test changes. */
function table(initial: Record<string, VerifiedSite>) {
  const sites = { ...initial };
  const asked: string[] = [];
  return {
    sites,
    asked,
    find: async (host: string) => {
      asked.push(host);
      return sites[host] ?? null;
    },
  };
}

describe('verified hosts: a short, bounded memory of which hosts are custom domains', () => {
  it('answers from memory within the TTL, and asks again after it', async () => {
    let clock = 0;
    const db = table({ 'art.example.com': { slug: 'abcdefghij' } });
    const hosts = createVerifiedHosts(db.find, { ttlMs: 5000, now: () => clock });
    expect(await hosts.lookup('art.example.com')).toEqual({ slug: 'abcdefghij' });
    expect(await hosts.lookup('unknown.example.net')).toBeNull();
    delete db.sites['art.example.com'];
    clock = 4999;
    expect(await hosts.lookup('art.example.com')).toEqual({ slug: 'abcdefghij' });
    expect(await hosts.lookup('unknown.example.net')).toBeNull();
    expect(db.asked).toEqual(['art.example.com', 'unknown.example.net']);
    clock = 5000;
    expect(await hosts.lookup('art.example.com')).toBeNull();
    expect(db.asked).toHaveLength(3);
  });

  it('forgets a host at once when told (a change made on this instance)', async () => {
    const db = table({ 'art.example.com': { slug: 'abcdefghij' } });
    const hosts = createVerifiedHosts(db.find);
    await hosts.lookup('art.example.com');
    delete db.sites['art.example.com'];
    hosts.forget('art.example.com');
    expect(await hosts.lookup('art.example.com')).toBeNull();
  });

  it('shares one query between concurrent lookups of a host', async () => {
    const db = table({ 'art.example.com': { slug: 'abcdefghij' } });
    const hosts = createVerifiedHosts(db.find);
    await Promise.all([hosts.lookup('art.example.com'), hosts.lookup('art.example.com'), hosts.lookup('art.example.com')]);
    expect(db.asked).toEqual(['art.example.com']);
  });

  it('keeps at most maxEntries names, dropping the oldest', async () => {
    const db = table({});
    const hosts = createVerifiedHosts(db.find, { maxEntries: 2 });
    for (const host of ['a.example', 'b.example', 'c.example']) await hosts.lookup(host);
    await hosts.lookup('c.example');
    await hosts.lookup('b.example');
    expect(db.asked).toEqual(['a.example', 'b.example', 'c.example']);
    await hosts.lookup('a.example');
    expect(db.asked).toHaveLength(4);
  });

  it('remembers neither a failed query nor a domain whose artist has not published yet', async () => {
    let fail = true;
    let published = false;
    const asked: string[] = [];
    const hosts = createVerifiedHosts(async (host) => {
      asked.push(host);
      if (fail) throw new Error('database restarting');
      return { slug: published ? 'abcdefghij' : null };
    });
    await expect(hosts.lookup('art.example.com')).rejects.toThrow('database restarting');
    fail = false;
    expect(await hosts.lookup('art.example.com')).toEqual({ slug: null });
    published = true;
    expect(await hosts.lookup('art.example.com')).toEqual({ slug: 'abcdefghij' });
    expect(asked).toHaveLength(3);
  });
});
