import type http from 'node:http';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { isPublicAddress } from '../../server/outbound/address-rule';
import { createOutboundDoor, OutboundRefused, PRIVATE_ADDRESS_MESSAGE, type ResolveAll } from '../../server/outbound/guarded-fetch';
import { BlueskyError, blueskyLogin } from '../../server/social/providers/bluesky/bluesky';
import { PRIVATE_HOSTS, countingListener, httpServer } from '../support/outbound';

/** Loopback's 127.0.0.2, let through by the door's alsoAllow, plays a public server; 127.0.0.1 is the private network. */
const STAND_IN = '127.0.0.2';

const refusal = (reason: OutboundRefused['reason']) => expect.objectContaining({ name: 'OutboundRefused', reason });

describe('the address rule', () => {
  it.each(['8.8.8.8', '1.1.1.1', '2606:4700::1111', '64:ff9b::808:808', '::ffff:8.8.8.8'])('%s is public', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '192.0.2.1',
    '198.18.0.1',
    '::',
    '::1',
    '::ffff:7f00:1',
    '::7f00:1',
    '::a9fe:a9fe',
    '64:ff9b::7f00:1',
    '64:ff9b::a9fe:a9fe',
    '64:ff9b:1::7f00:1',
    '::ffff:0:7f00:1',
    'fc00::1',
    'fd12::1',
    'fe80::1',
    'ff02::1',
    '2002:7f00:1::',
    '2001::1',
    '2001:db8::1',
    'nonsense',
  ])('%s is not', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });
});

describe('the outbound door refuses private addresses in every form, before any connection', () => {
  const door = createOutboundDoor({ allowPrivateNetwork: false });
  afterAll(() => door.close());

  it.each(PRIVATE_HOSTS)('https://%s:PORT, asked directly and by a Bluesky sign-in', async (host) => {
    const loopback = await countingListener();
    onTestFinished(() => loopback.close());
    const service = `https://${host}:${loopback.port}`;
    const err = await door.fetch(`${service}/xrpc/com.atproto.server.createSession`, { method: 'POST', body: '{}' }).catch((e) => e);
    expect(err).toEqual(refusal('private'));
    expect(err.message).toBe(PRIVATE_ADDRESS_MESSAGE);
    const login = await blueskyLogin(service, 'alice.test', 'app-pass-word', door.fetch).catch((e) => e);
    expect([login.kind, login.message]).toEqual(['refused', PRIVATE_ADDRESS_MESSAGE]);
    expect(loopback.connections).toBe(0);
  });

  it('with private networks allowed, the same door does reach the listener (which does count)', async () => {
    const lan = createOutboundDoor({ allowPrivateNetwork: true });
    const listener = await countingListener();
    await lan.fetch(`http://[::ffff:127.0.0.1]:${listener.port}/`).catch(() => null);
    expect(listener.connections).toBe(1);
    await Promise.all([lan.close(), listener.close()]);
  });
});

describe('redirects, sizes and times through the door', () => {
  let loopback: Awaited<ReturnType<typeof countingListener>>;
  let server: Awaited<ReturnType<typeof httpServer>>;
  const names: Record<string, string[]> = { 'pds.example': [STAND_IN], 'other.example': [STAND_IN], 'inside.example': ['127.0.0.1'] };
  const resolve: ResolveAll = async (host) => names[host] ?? [];
  const door = createOutboundDoor({ allowPrivateNetwork: false, alsoAllow: [STAND_IN], resolve, maxResponseBytes: 1000, timeoutMs: 400 });
  const routes: Record<string, http.RequestListener> = {
    '/to': (req, res) => res.writeHead(302, { location: new URL(req.url!, 'http://x').searchParams.get('url')! }).end(),
    '/chain': (req, res) => {
      const left = Number(req.url!.split('/')[2]);
      if (left > 0) res.writeHead(302, { location: `/chain/${left - 1}` }).end();
      else res.end('end');
    },
    '/headers': (req, res) => res.end(JSON.stringify({ authorization: req.headers.authorization ?? null })),
    '/big': (_req, res) => {
      res.write(Buffer.alloc(600));
      res.end(Buffer.alloc(600));
    },
    '/big-declared': (_req, res) => res.writeHead(200, { 'content-length': 1200 }).end(Buffer.alloc(1200)),
    '/slow': () => undefined,
    '/xrpc': (req, res) => res.writeHead(307, { location: `http://127.0.0.1:${loopback.port}${req.url}` }).end(),
  };
  const url = (path: string) => `http://pds.example:${server.port}${path}`;

  beforeAll(async () => {
    loopback = await countingListener();
    server = await httpServer(STAND_IN, (req, res) => routes[`/${req.url!.split(/[/?]/)[1]}`](req, res));
  });
  afterAll(async () => {
    await door.close();
    await Promise.all([loopback.close(), server.close()]);
  });

  it('follows a redirect that stays on allowed servers', async () => {
    const res = await door.fetch(url(`/to?url=${encodeURIComponent(`http://other.example:${server.port}/chain/0`)}`));
    expect([res.status, await res.text()]).toEqual([200, 'end']);
  });

  it.each([
    ['a loopback address', (port: number) => `http://127.0.0.1:${port}/`],
    ['an IPv4-mapped loopback address', (port: number) => `http://[::ffff:7f00:1]:${port}/`],
    ['a decimal loopback address', (port: number) => `http://2130706433:${port}/`],
    ['a name that resolves to loopback', (port: number) => `http://inside.example:${port}/`],
  ])('a redirect from an allowed server to %s is refused, and never dialled', async (_what, target) => {
    const err = await door.fetch(url(`/to?url=${encodeURIComponent(target(loopback.port))}`)).catch((e) => e);
    expect(err).toEqual(refusal('private'));
    expect(loopback.connections).toBe(0);
  });

  it('a Bluesky sign-in whose server redirects to loopback is refused as such: the app password never leaves', async () => {
    const err = await blueskyLogin(`http://pds.example:${server.port}`, 'alice.test', 'app-pass-word', door.fetch).catch((e) => e);
    expect(err).toBeInstanceOf(BlueskyError);
    expect([err.kind, err.message, err.retryable]).toEqual(['refused', PRIVATE_ADDRESS_MESSAGE, false]);
    expect(loopback.connections).toBe(0);
  });

  it('never follows a redirect out of http(s)', async () => {
    expect(await door.fetch(url(`/to?url=${encodeURIComponent('file:///etc/passwd')}`)).catch((e) => e)).toEqual(refusal('scheme'));
  });

  it('follows at most 3 redirects', async () => {
    expect(await (await door.fetch(url('/chain/3'))).text()).toBe('end');
    expect(await door.fetch(url('/chain/4')).catch((e) => e)).toEqual(refusal('redirects'));
  });

  it('sends Authorization along a redirect on the same server, never to another one', async () => {
    const headers = { authorization: 'Bearer secret' };
    const same = await door.fetch(url('/to?url=/headers'), { headers });
    expect(await same.json()).toEqual({ authorization: 'Bearer secret' });
    const other = await door.fetch(url(`/to?url=${encodeURIComponent(`http://other.example:${server.port}/headers`)}`), { headers });
    expect(await other.json()).toEqual({ authorization: null });
  });

  it('refuses an answer past the size cap, declared or not', async () => {
    expect(await door.fetch(url('/big-declared')).catch((e) => e)).toEqual(refusal('too-large'));
    const res = await door.fetch(url('/big'));
    expect(await res.arrayBuffer().catch((e) => e)).toEqual(refusal('too-large'));
  });

  it('gives up on a server that does not answer in time', async () => {
    const started = performance.now();
    const err = await door.fetch(url('/slow')).catch((e) => e);
    expect(err.name).toBe('TimeoutError');
    expect(performance.now() - started).toBeLessThan(3000);
  });
});

describe('a name that resolves to a public address, then to a private one (DNS rebinding)', () => {
  let loopback: Awaited<ReturnType<typeof countingListener>>;
  let server: Awaited<ReturnType<typeof httpServer>>;
  let answers: string[][] = [];
  const door = createOutboundDoor({
    allowPrivateNetwork: false,
    alsoAllow: [STAND_IN],
    resolve: async () => answers.shift() ?? ['127.0.0.1'],
  });

  beforeAll(async () => {
    // Same port on both addresses: only the lookup decides which one the door would reach.
    loopback = await countingListener('127.0.0.1');
    server = await httpServer(STAND_IN, (_req, res) => res.writeHead(200, { connection: 'close' }).end('public'), loopback.port);
  });
  afterAll(async () => {
    await door.close();
    await Promise.all([loopback.close(), server.close()]);
  });

  it('passes the check of the form, then is refused at the connection', async () => {
    answers = [[STAND_IN], ['127.0.0.1']];
    await door.checkHost('rebind.example');
    expect(await door.fetch(`http://rebind.example:${loopback.port}/`).catch((e) => e)).toEqual(refusal('private'));
    expect([loopback.connections, server.connections]).toEqual([0, 0]);
  });

  it('is served while public; the next connection, private, is refused', async () => {
    answers = [[STAND_IN], ['127.0.0.1']];
    expect(await (await door.fetch(`http://rebind.example:${loopback.port}/`)).text()).toBe('public');
    expect(await door.fetch(`http://rebind.example:${loopback.port}/`).catch((e) => e)).toEqual(refusal('private'));
    expect([loopback.connections, server.connections]).toEqual([0, 1]);
  });

  it('is refused when any of its addresses is private', async () => {
    answers = [[STAND_IN, '127.0.0.1']];
    expect(await door.fetch(`http://rebind.example:${loopback.port}/`).catch((e) => e)).toEqual(refusal('private'));
    expect(loopback.connections).toBe(0);
  });
});
