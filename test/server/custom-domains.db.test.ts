import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { customDomainAnswerSchema, customDomainSchema, domainVerifyResultSchema, type CustomDomain } from '../../src/schemas/domain.schema';
import { hit, type Limit } from '../../server/auth/rate-limit';
import { RateLimited } from '../../server/errors';
import { DOMAIN_LIMITS, OWN_HOST_MESSAGE } from '../../server/domains/domain.routes';
import { eq } from 'drizzle-orm';
import { customDomains, users } from '../../server/db/schema';
import { TAKEN_MESSAGE } from '../../server/domains/domain.repo';
import { startDnsResponder, type DnsResponder } from '../support/dns-responder';
import { addMedia, artworkInput, createArtwork, makeJpeg } from '../support/portfolio';
import { createTestApp, signedInUser, type TestApp } from '../support/test-app';
import { dbLabel } from '../support/test-db';

describe(`custom domains (${dbLabel()})`, () => {
  let t: TestApp;
  let dns: DnsResponder;
  let ada: Awaited<ReturnType<typeof signedInUser>>;
  let bob: Awaited<ReturnType<typeof signedInUser>>;

  const put = (domain: unknown, token = ada.idToken) => t.request('/api/domains', { method: 'PUT', token, json: { domain } });
  const get = async (token = ada.idToken) => customDomainAnswerSchema.parse(await (await t.request('/api/domains', { token })).json());
  const verify = async (token = ada.idToken) => {
    const res = await t.request('/api/domains/verify', { method: 'POST', token });
    expect(res.status, await res.clone().text()).toBe(200);
    return domainVerifyResultSchema.parse(await res.json());
  };
  const putOk = async (domain: string, token = ada.idToken) => {
    const res = await put(domain, token);
    expect(res.status, await res.clone().text()).toBe(200);
    return customDomainSchema.parse(await res.json());
  };
  /** The record Ada's domain asks for, served by the local DNS. */
  const publishRecord = (d: CustomDomain) => dns.setTxt(d.verification.name, ['v=spf1 -all', d.verification.value]);
  /** A request sent to `host` (as a browser sends it: the name in the URL and the Host header). */
  const atHost = (host: string, path: string) => t.request(path, { headers: { host } });
  const userIdOf = async (email: string) => (await t.deps.db.select().from(users).where(eq(users.email, email)))[0].id;

  beforeAll(async () => {
    dns = await startDnsResponder();
    t = await createTestApp({ APP_URL: 'https://studio.example', DNS_SERVERS: dns.server, DNS_TIMEOUT_MS: '400' });
    ada = await signedInUser(t, 'ada.domains@example.com');
    bob = await signedInUser(t, 'bob.domains@example.com');
    await t.request('/api/user', { method: 'POST', token: ada.idToken, json: { firstName: 'Ada', lastName: 'Lovelace' } });
  });
  afterAll(async () => {
    await t.close();
    await dns.close();
  });
  beforeEach(() => {
    dns.clear();
    dns.setMode('answer');
  });

  it('has no domain before one is set, and needs a signed-in artist', async () => {
    expect(await get()).toBeNull();
    expect((await t.request('/api/domains')).status).toBe(401);
    expect((await t.request('/api/domains', { method: 'PUT', json: { domain: 'a.example.com' } })).status).toBe(401);
    expect((await t.request('/api/domains/verify', { method: 'POST' })).status).toBe(401);
    const unset = await t.request('/api/domains/verify', { method: 'POST', token: ada.idToken });
    expect(unset.status).toBe(404);
    expect((await unset.json()).message).toBe('Set a domain first.');
  });

  it.each([
    ['', 'Domain is required'],
    ['   ', 'Domain is required'],
    [null, 'Domain is required'],
    [`${'a'.repeat(63)}.`.repeat(4) + 'com', 'Domain must be at most 253 characters'],
    ['not a domain.com', 'Invalid domain format'],
    ['-art.example.com', 'Invalid domain format'],
    ['https://art.example.com', 'Invalid domain format'],
    ['art.example.c0m', 'Invalid TLD format'],
    ['192.168.1.10', 'Invalid TLD format'],
    ['[::1]', 'Invalid domain format'],
    ['studio.example', OWN_HOST_MESSAGE],
    ['Studio.Example.', OWN_HOST_MESSAGE],
  ])('refuses %j with the message "%s"', async (domain, message) => {
    const res = await put(domain);
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.fieldErrors.domain[0]).toBe(message);
    expect(await get()).toBeNull();
  });

  it('keeps a domain lower case without its trailing dot, with the TXT record and the CNAME target to create', async () => {
    const d = await putOk('  Art.Example.COM. ');
    expect(d).toMatchObject({ domain: 'art.example.com', verifiedAt: null, checkedAt: null });
    expect(d.verification).toEqual({
      type: 'TXT',
      name: '_artist-studio.art.example.com',
      value: expect.stringMatching(/^artist-studio-verify=[0-9a-f]{32}$/),
    });
    expect(d.routing).toEqual([{ type: 'CNAME', name: 'art.example.com', value: 'studio.example' }]);
    expect(await get()).toEqual(d);
    // The same domain again keeps its token.
    expect((await putOk('art.example.com')).verification.value).toBe(d.verification.value);
  });

  it('an unverified claim blocks nobody: another artist may ask for the same domain, with a token of its own', async () => {
    const ours = (await get())!;
    const theirs = await putOk('ART.example.com', bob.idToken);
    expect(theirs).toMatchObject({ domain: 'art.example.com', verifiedAt: null });
    expect(theirs.verification.value).not.toBe(ours.verification.value);
    // Neither sees nor touches the other's.
    expect(await get()).toEqual(ours);
  });

  it('a check with no record yet says so (200), and records when it looked', async () => {
    const { check, domain } = await verify();
    expect(check).toEqual({
      outcome: 'notFound',
      seen: [],
      message: 'No TXT record found at _artist-studio.art.example.com yet. DNS changes can take a while to arrive; check again later.',
    });
    expect(domain.verifiedAt).toBeNull();
    expect(domain.checkedAt).not.toBeNull();
    expect(dns.asked).toContain('_artist-studio.art.example.com');
  });

  it('a record with another value is not found yet, and says what it saw', async () => {
    dns.setTxt('_artist-studio.art.example.com', ['artist-studio-verify=someone-elses']);
    const { check, domain } = await verify();
    expect(check.outcome).toBe('notFound');
    expect(check.seen).toEqual(['artist-studio-verify=someone-elses']);
    expect(check.message).toMatch(
      /^The TXT record at _artist-studio\.art\.example\.com does not hold artist-studio-verify=[0-9a-f]{32} yet\./,
    );
    expect(domain.verifiedAt).toBeNull();
  });

  it('a DNS server that does not answer, or fails, is a clear message, not a 500, and leaves the status as it was', async () => {
    dns.setMode('silent');
    const started = Date.now();
    const timedOut = await verify();
    expect(Date.now() - started).toBeLessThan(3000);
    expect(timedOut.check).toMatchObject({
      outcome: 'failed',
      message: 'The DNS lookup for _artist-studio.art.example.com did not answer in time. Try again in a moment.',
    });
    dns.setMode('servfail');
    const failed = await verify();
    expect(failed.check.outcome).toBe('failed');
    expect(failed.check.message).toMatch(/^The DNS lookup for _artist-studio\.art\.example\.com failed \(\w+\)\. Try again in a moment\.$/);
    expect(failed.domain.verifiedAt).toBeNull();
  });

  it('the record found: the domain is verified, and stays verified through a failed lookup', async () => {
    const d = (await get())!;
    publishRecord(d);
    const { check, domain } = await verify();
    expect(check.outcome).toBe('verified');
    expect(check.seen).toEqual(['v=spf1 -all', d.verification.value]);
    expect(Date.now() - new Date(domain.verifiedAt!).getTime()).toBeLessThan(60_000);
    expect((await get())!.verifiedAt).toBe(domain.verifiedAt);

    dns.setMode('silent');
    expect((await verify()).domain.verifiedAt).toBe(domain.verifiedAt);
  });

  it("verified, the domain is the artist's: the other artist's unverified claim was released, and asking again is 409", async () => {
    expect(await get(bob.idToken)).toBeNull();
    const res = await put('ART.example.com', bob.idToken);
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ message: TAKEN_MESSAGE, code: 'DOMAIN_TAKEN', fieldErrors: { domain: [TAKEN_MESSAGE] } });
    expect(await get(bob.idToken)).toBeNull();
    expect((await t.request('/api/domains', { method: 'DELETE', token: bob.idToken })).status).toBe(204);
    expect((await get())?.domain).toBe('art.example.com');
  });

  it('two verifications of one domain at once: the first wins, the second is 409 and stays unverified', async () => {
    // As if Bob had claimed it just before Ada's check released the claims: his record is found too.
    const [bobRow] = await t.deps.db
      .insert(customDomains)
      .values({ userId: await userIdOf(bob.email), domain: 'art.example.com', token: 'b'.repeat(32) })
      .returning();
    dns.setTxt('_artist-studio.art.example.com', [`artist-studio-verify=${bobRow.token}`]);
    const res = await t.request('/api/domains/verify', { method: 'POST', token: bob.idToken });
    expect(res.status).toBe(409);
    expect((await res.json()).message).toBe(TAKEN_MESSAGE);
    expect((await get(bob.idToken))?.verifiedAt).toBeNull();
    await t.request('/api/domains', { method: 'DELETE', token: bob.idToken });
  });

  it('the TLS proxy’s question: 200 for a verified domain only, no sign-in needed', async () => {
    expect((await t.request('/api/domains/allowed?domain=art.example.com')).status).toBe(200);
    expect((await t.request('/api/domains/allowed?domain=ART.example.com.')).status).toBe(200);
    await putOk('pending.example.org', bob.idToken);
    expect((await t.request('/api/domains/allowed?domain=pending.example.org')).status).toBe(404);
    expect((await t.request('/api/domains/allowed?domain=unknown.example.net')).status).toBe(404);
    expect((await t.request('/api/domains/allowed?domain=studio.example')).status).toBe(404);
    expect((await t.request('/api/domains/allowed?domain=not%20a%20domain')).status).toBe(404);
    expect((await t.request('/api/domains/allowed')).status).toBe(400);
  });

  describe('serving by Host', () => {
    let page: string;
    let slug: string;
    /** The site as the domain serves it: the same page, its links and canonical address from its own root. */
    const atDomain = (host: string) => {
      const app = new URL(t.deps.config.appUrl).origin;
      // The artist's page is <app>/p/<slug> there and https://<domain>/ here.
      return page.replaceAll(`${app}/p/${slug}"`, `https://${host}/"`).replaceAll(`/p/${slug}`, '').replaceAll(app, `https://${host}`);
    };
    beforeAll(async () => {
      const harbour = await createArtwork(t, ada.idToken, artworkInput('PHYSICAL_2D', { title: 'Blue Harbour' }));
      await addMedia(t, ada.idToken, harbour.artworkId, await makeJpeg(400, 300), 'image/jpeg');
      expect((await t.request('/api/publish', { method: 'POST', token: ada.idToken })).status).toBe(200);
      const { url } = await (await t.request('/api/publish', { token: ada.idToken })).json();
      slug = new URL(url).pathname.split('/')[2];
      page = await (await t.request(new URL(url).pathname)).text();
      expect(page).toContain('Ada Lovelace');
    });

    it('a verified domain gets the artist’s public site at /, whatever the case or port of its Host', async () => {
      for (const host of ['art.example.com', 'ART.Example.com:8443', 'art.example.com.']) {
        const res = await atHost(host, '/');
        expect(res.status, host).toBe(200);
        expect(res.headers.get('content-type')).toMatch(/^text\/html/);
        const html = await res.text();
        expect(html).toBe(atDomain(new URL(`http://${host}`).hostname.replace(/\.$/, '')));
        expect(html).not.toContain('/p/');
      }
      expect((await atHost('art.example.com', '/portfolio/artwork')).status).toBe(404);
    });

    it('the page’s images load from the custom domain too', async () => {
      const sources = [...atDomain('art.example.com').matchAll(/<img[^>]* src="([^"]+)"/g)].map((m) => m[1]);
      expect(sources).toHaveLength(1);
      const image = await atHost('art.example.com', new URL(sources[0], 'http://art.example.com').pathname);
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/webp');
    });

    it('the app is not served on a custom domain: /api is 404 there', async () => {
      expect((await atHost('art.example.com', '/api/ping')).status).toBe(404);
      expect((await atHost('art.example.com', '/api/user')).status).toBe(404);
      const signedIn = await t.request('/api/user', { headers: { host: 'art.example.com' }, token: ada.idToken });
      expect(signedIn.status).toBe(404);
    });

    it('unverified and unknown hosts, and the studio’s own, get the normal app', async () => {
      for (const host of ['pending.example.org', 'unknown.example.net', 'studio.example', 'localhost:8080', '127.0.0.1']) {
        const ping = await atHost(host, '/api/ping');
        expect(ping.status, host).toBe(200);
        expect(await ping.json()).toEqual({ ok: true });
        expect(await (await atHost(host, '/')).text()).not.toContain('Ada Lovelace');
      }
    });

    it('a changed domain stops being served at once on this instance, and the new one waits for its check', async () => {
      const before = (await get())!;
      const moved = await putOk('gallery.example.com');
      expect(moved.verifiedAt).toBeNull();
      expect(moved.verification.value).not.toBe(before.verification.value);
      expect((await atHost('art.example.com', '/api/ping')).status).toBe(200);
      expect((await atHost('gallery.example.com', '/api/ping')).status).toBe(200);
      expect(await (await atHost('gallery.example.com', '/')).text()).not.toContain('Ada Lovelace');
      publishRecord(moved);
      expect((await verify()).check.outcome).toBe('verified');
      expect(await (await atHost('gallery.example.com', '/')).text()).toBe(atDomain('gallery.example.com'));
    });

    it('a record removed from the DNS: the next check unverifies the domain (the proof is gone)', async () => {
      dns.clear();
      const { check, domain } = await verify();
      expect(check.outcome).toBe('notFound');
      expect(domain.verifiedAt).toBeNull();
      expect((await atHost('gallery.example.com', '/api/ping')).status).toBe(200);
    });

    it('a removed domain is no longer served', async () => {
      publishRecord((await get())!);
      await verify();
      expect((await atHost('gallery.example.com', '/api/ping')).status).toBe(404);
      expect((await t.request('/api/domains', { method: 'DELETE', token: ada.idToken })).status).toBe(204);
      expect(await get()).toBeNull();
      expect((await atHost('gallery.example.com', '/api/ping')).status).toBe(200);
      expect((await t.request('/api/domains/allowed?domain=gallery.example.com')).status).toBe(404);
    });
  });

  describe('rate limits', () => {
    /** Counts hits against `limit` for `subject` until it refuses (earlier tests used some already). */
    const useUp = async (limit: Limit, subject: string) => {
      for (let i = 0; i <= limit.max; i++) {
        const refused = await hit(t.deps.db, limit, subject).then(
          () => false,
          (err) => err instanceof RateLimited,
        );
        if (refused) return;
      }
      throw new Error(`${limit.name} never refused`);
    };

    it('checks are limited per artist: 429 with Retry-After', async () => {
      await putOk('limits.example.com');
      const { userId } = await (await t.request('/api/user', { token: ada.idToken })).json();
      await useUp(DOMAIN_LIMITS.checkPerUser, userId);
      const res = await t.request('/api/domains/verify', { method: 'POST', token: ada.idToken });
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      // Another artist's checks are their own.
      expect((await t.request('/api/domains/verify', { method: 'POST', token: bob.idToken })).status).toBe(200);
    });

    it('the TLS proxy’s question is limited per client address', async () => {
      // In-process requests have no socket: their client address is 'unknown'.
      await useUp(DOMAIN_LIMITS.allowedPerAddress, 'unknown');
      expect((await t.request('/api/domains/allowed?domain=art.example.com')).status).toBe(429);
    });
  });

  it('an unverified domain nobody set or checked for 7 days is released by the upkeep; verified ones and newer claims stay', async () => {
    const [carol, dave, erin] = [await signedInUser(t), await signedInUser(t), await signedInUser(t)];
    await putOk('forgotten.example.com', carol.idToken);
    await putOk('waiting.example.com', dave.idToken);
    await putOk('kept.example.com', erin.idToken);
    const weekAgo = new Date(Date.now() - 8 * 24 * 3600_000);
    const age = (email: string, verifiedAt: Date | null) =>
      userIdOf(email).then((id) =>
        t.deps.db.update(customDomains).set({ createdAt: weekAgo, checkedAt: weekAgo, verifiedAt }).where(eq(customDomains.userId, id)),
      );
    await age(carol.email, null);
    await age(erin.email, weekAgo);
    await t.deps.social.worker.runOnce();
    expect(await get(carol.idToken)).toBeNull();
    expect((await get(dave.idToken))?.domain).toBe('waiting.example.com');
    expect((await get(erin.idToken))?.domain).toBe('kept.example.com');
    // Released, the name is free for anyone again.
    expect((await putOk('forgotten.example.com', dave.idToken)).domain).toBe('forgotten.example.com');
  });
});
