import { afterAll, afterEach, beforeAll } from 'vitest';
import type { Pds } from './pds';
import { sharedPds } from './shared-pds';
import { SOCIAL_TEST_ENV, connectOk, eventually, getPost, newPdsAccount } from './social';
import { createTestApp, signedInUser, type TestApp } from './test-app';

export interface BlueskySuiteOptions {
  /** More server env over SOCIAL_TEST_ENV, read when the app starts (so it may name what an outer beforeAll started). */
  env?: () => Record<string, string>;
  /** A PDS an outer describe started and closes; by default the run's shared one. */
  pds?: () => Pds;
  /** How long settled() waits for every delivery to leave pending. */
  settleMs?: number;
}

/**
 * For a describe of server tests against the local PDS: registers its hooks (the run's PDS, a test app, Ada signed in; the
 * delivery worker stopped after each test; all closed after) and answers them in `ctx` once started, with the steps
 * every such test takes.
 */
export function blueskySuite({ env = () => ({}), pds, settleMs }: BlueskySuiteOptions = {}) {
  const ctx = {} as { pds: Pds; t: TestApp; ada: string };
  beforeAll(async () => {
    ctx.pds = pds ? pds() : await sharedPds();
    ctx.t = await createTestApp({ ...SOCIAL_TEST_ENV, ...env() });
    ctx.ada = (await signedInUser(ctx.t)).idToken;
  });
  afterEach(() => ctx.t.deps.social.worker.stop());
  afterAll(async () => {
    await ctx.t?.close();
    if (!pds) await ctx.pds?.close();
  });

  /** A fresh PDS account connected to Ada (through `service`, the PDS itself by default). */
  const connected = async (name: string, service = ctx.pds.url) => {
    const account = await newPdsAccount(ctx.pds, name);
    await connectOk(ctx.t, ctx.ada, account, service);
    return { account, ref: { platform: 'bluesky' as const, handle: account.handle } };
  };
  /** The post once every one of its deliveries has left pending. */
  const settled = (postId: string) =>
    eventually(async () => {
      const post = await getPost(ctx.t, ctx.ada, postId);
      return post.responses.length && post.responses.every((r) => r.postStatus !== 'pending') ? post : null;
    }, settleMs);
  return { ctx, connected, settled };
}
