import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';
import { createTestApp, type TestApp } from '../support/test-app';
import { dbLabel } from '../support/test-db';

const MAIL_PER_ADDRESS = 30;

describe(`TRUST_PROXY counts the proxies in front (${dbLabel()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: '2' });
  });
  afterAll(() => t.close());

  const forgot = (i: number, forwardedFor: string) =>
    t.request('/api/auth/forgotPassword', {
      method: 'POST',
      json: { email: `hops-${i}-${Date.now()}@example.com` },
      headers: { 'x-forwarded-for': forwardedFor },
    });

  it('takes the address that many entries from the right: a spoofed leftmost entry changes nothing', async () => {
    const statuses: number[] = [];
    // The client writes whatever it likes on the left; the two proxies append the client's address and their own.
    for (let i = 0; i <= MAIL_PER_ADDRESS; i++) statuses.push((await forgot(i, `10.9.${i}.1, 203.0.113.7, 10.0.0.2`)).status);
    expect(statuses.slice(0, MAIL_PER_ADDRESS).every((s) => s === 200)).toBe(true);
    expect(statuses[MAIL_PER_ADDRESS]).toBe(429);
    // Another client behind the same proxies has its own allowance.
    expect((await forgot(99, '203.0.113.7, 198.51.100.4, 10.0.0.2')).status).toBe(200);
  });

  it('reads true as one proxy, numbers as they are, and refuses anything else', () => {
    const hops = (v?: string) => loadConfig({ DATA_DIR: '/tmp/x', TRUST_PROXY: v }).trustProxyHops;
    expect([hops(undefined), hops('false'), hops('true'), hops('1'), hops('2')]).toEqual([0, 0, 1, 1, 2]);
    expect(() => hops('yes')).toThrow(ConfigError);
    expect(() => hops('-1')).toThrow(/TRUST_PROXY/);
  });
});
