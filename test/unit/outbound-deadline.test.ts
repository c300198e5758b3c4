import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeadlinePassed, withDeadline } from '../../server/outbound/deadline';
import { createOutboundDoor } from '../../server/outbound/guarded-fetch';
import { readPostCounts } from '../../server/social/providers/bluesky/appview';
import { revokeSession } from '../../server/social/providers/bluesky/bluesky';
import { collectEvery, settledWithin } from '../support/gc';
import { hostileServer } from '../support/outbound';

const until = async (check: () => boolean, ms = 2000) => {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
  return check();
};

/**
 * undici holds the signals of AbortSignal.timeout and AbortSignal.any weakly: after a garbage collection their timers
 * fire into nothing. Every outbound call owns its deadline instead. Collections are forced every 20 ms throughout.
 */
describe('outbound deadlines hold through garbage collections', () => {
  const CAP_MS = 800;
  let stopCollecting: () => void;
  const servers: Record<string, Awaited<ReturnType<typeof hostileServer>>> = {};
  const door = createOutboundDoor({ allowPrivateNetwork: true, timeoutMs: CAP_MS });

  beforeAll(async () => {
    for (const kind of ['trickle', 'headers-forever', 'silent'] as const) servers[kind] = await hostileServer(kind);
    stopCollecting = collectEvery(20);
  });
  afterAll(async () => {
    stopCollecting();
    await door.close();
    await Promise.all(Object.values(servers).map((s) => s.close()));
  });

  it.each([
    ['trickles its body', 'trickle'],
    ['sends headers forever', 'headers-forever'],
    ['never answers', 'silent'],
  ] as const)('a server that %s: the door gives up within its cap, body read included, and hangs up', async (_what, kind) => {
    const started = performance.now();
    const outcome = await settledWithin(
      CAP_MS + 3000,
      door.fetch(`${servers[kind].url}/page`).then((res) => res.text()),
    );
    expect(outcome).toEqual({ error: expect.objectContaining({ name: 'TimeoutError' }) });
    expect(performance.now() - started).toBeLessThan(CAP_MS + 1000);
    expect(await until(() => servers[kind].open === 0)).toBe(true);
  });

  it('a call made inside withDeadline ends with it, though nobody handed the call a signal', async () => {
    const patient = createOutboundDoor({ allowPrivateNetwork: true, timeoutMs: 60_000 });
    try {
      const started = performance.now();
      const outcome = await settledWithin(
        4000,
        withDeadline(CAP_MS, () => patient.fetch(`${servers.trickle.url}/page`).then((res) => res.text())),
      );
      expect(outcome).toEqual({ error: expect.any(DeadlinePassed) });
      expect(performance.now() - started).toBeLessThan(CAP_MS + 1000);
      expect(await until(() => servers.trickle.open === 0)).toBe(true);
    } finally {
      await patient.close();
    }
  });

  it('withDeadline settles at its deadline even when the work ignores the signal, and not before the work when it is quick', async () => {
    const started = performance.now();
    expect(
      await settledWithin(
        3000,
        withDeadline(300, () => new Promise(() => undefined)),
      ),
    ).toEqual({ error: expect.any(DeadlinePassed) });
    expect(performance.now() - started).toBeLessThan(1500);
    let aborted = false;
    expect(
      await withDeadline(300, async (signal) => {
        signal.addEventListener('abort', () => (aborted = true));
        return 'done';
      }),
    ).toBe('done');
    await new Promise((r) => setTimeout(r, 500));
    expect(aborted).toBe(false);
  });

  it("the AppView's counts and the end of a Bluesky session give up within their caps", async () => {
    const patient = createOutboundDoor({ allowPrivateNetwork: true, timeoutMs: 60_000 });
    try {
      const counts = await settledWithin(
        CAP_MS + 3000,
        readPostCounts(servers.trickle.url, ['at://did:plc:x/app.bsky.feed.post/1'], patient.fetch, CAP_MS),
      );
      expect(counts).toEqual({ error: expect.objectContaining({ name: 'BlueskyError', kind: 'unreachable' }) });
      const revoked = await settledWithin(
        CAP_MS + 3000,
        revokeSession({ service: servers['headers-forever'].url, refreshJwt: 'r' }, patient.fetch, CAP_MS),
      );
      expect(revoked).toEqual({ error: expect.objectContaining({ name: 'BlueskyError', kind: 'unreachable' }) });
    } finally {
      await patient.close();
    }
  });

  it('checking a host whose name never resolves gives up within the cap', async () => {
    const stuck = createOutboundDoor({ allowPrivateNetwork: false, timeoutMs: CAP_MS, resolve: () => new Promise(() => undefined) });
    try {
      expect(await settledWithin(CAP_MS + 3000, stuck.checkHost('pds.example'))).toEqual({ error: expect.any(DeadlinePassed) });
    } finally {
      await stuck.close();
    }
  });
});
