import { describe, expect, it } from 'vitest';
import { checkDomain } from '../../server/domains/domain.service';
import type { TxtResolver } from '../../server/domains/dns-resolver';

const TOKEN = '0123456789abcdef0123456789abcdef';
const answers = (records: string[][]): TxtResolver => ({ resolveTxt: async () => records });
const failing = (code: string): TxtResolver => ({
  resolveTxt: async () => {
    throw Object.assign(new Error(code), { code });
  },
});

describe('a domain check, with an injected resolver', () => {
  it('asks for the TXT record at _artist-studio.<domain>', async () => {
    const asked: string[] = [];
    await checkDomain({ resolveTxt: async (name) => (asked.push(name), []) }, 'art.example.com', TOKEN);
    expect(asked).toEqual(['_artist-studio.art.example.com']);
  });

  it('finds the value among other records, joining the strings a long record was split into', async () => {
    const value = `artist-studio-verify=${TOKEN}`;
    const split = [value.slice(0, 10), value.slice(10)];
    const check = await checkDomain(answers([['v=spf1 -all'], split]), 'art.example.com', TOKEN);
    expect(check).toEqual({
      outcome: 'verified',
      seen: ['v=spf1 -all', value],
      message: 'Verified: the TXT record at _artist-studio.art.example.com was found.',
    });
  });

  it('another token is not found yet, and lists what it saw', async () => {
    const check = await checkDomain(answers([['artist-studio-verify=other']]), 'art.example.com', TOKEN);
    expect(check.outcome).toBe('notFound');
    expect(check.seen).toEqual(['artist-studio-verify=other']);
  });

  it.each(['ENOTFOUND', 'ENODATA'])('%s: not found yet', async (code) => {
    expect((await checkDomain(failing(code), 'art.example.com', TOKEN)).outcome).toBe('notFound');
  });

  it.each([
    ['ETIMEOUT', 'did not answer in time'],
    ['ECANCELLED', 'did not answer in time'],
    ['ESERVFAIL', 'failed (ESERVFAIL)'],
    ['ECONNREFUSED', 'failed (ECONNREFUSED)'],
  ])('%s: the lookup failed, said plainly', async (code, said) => {
    const check = await checkDomain(failing(code), 'art.example.com', TOKEN);
    expect(check).toEqual({
      outcome: 'failed',
      seen: [],
      message: `The DNS lookup for _artist-studio.art.example.com ${said}. Try again in a moment.`,
    });
  });
});
