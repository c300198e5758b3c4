import type { AppDeps } from '../../../context';
import { DeadlinePassed, withDeadline } from '../../../outbound/deadline';
import { backoffMs, type RetryPolicy } from '../../../retry-policy';
import { type DeliveryRow, changeRecordKey, deliveryParts, markFailed, markPosted, markRetry, waitForReconnect } from '../../delivery.repo';
import { cardAtPublish, externalCardOf } from '../../link-card/post-link-card';
import { mailPostFailed } from '../../post-failed.mail';
import type { PostMediaRow } from '../../posts.dto';
import { notConnected } from '../../publishing';
import { BlueskyError, postUrlOf, writeThread, type PostImage } from './bluesky';
import { prepareImage } from './post-images';
import { atprotoApi } from './atproto-libs';
import { forgetVideo, videoOf } from './post-video';

async function imagesOf(deps: AppDeps, media: PostMediaRow[]): Promise<PostImage[]> {
  const images: PostImage[] = [];
  for (const m of media.filter((f) => f.contentType.startsWith('image/'))) {
    const object = await deps.storage.read(m.storageKey);
    if (!object) throw new BlueskyError('rejected', `The image ${m.fileName} is missing from storage.`);
    const bytes = Buffer.concat(await object.body.toArray());
    const prepared = await prepareImage(bytes).catch(() => {
      throw new BlueskyError('rejected', `The image ${m.fileName} could not be prepared for Bluesky.`);
    });
    images.push({ ...prepared, alt: m.altText });
  }
  return images;
}

/**
 * One attempt at a claimed delivery: the post (text fixed at publish, images prepared now: blobs not referenced
 * within minutes are deleted by the PDS) is written under the delivery's record key, then the outcome is recorded.
 * Passing failures are retried with backoff (a rate limit's wait is honoured); a session that is no longer accepted is
 * resumed from the stored one or signed in again; anything else fails with the reason the artist will read. The attempt
 * has its own deadline: past it, every outbound call it makes is aborted and the attempt ends as a passing failure, so
 * its slot is free again. What it might still do late is fenced like any outcome (the lease and the attempt count), and
 * a write that landed after all is found by the next attempt under the same record key.
 */
export async function attemptBluesky(
  deps: AppDeps,
  d: DeliveryRow,
  me: string,
  policy: RetryPolicy,
  /** The attempt's own deadline: every call it makes ends by then, and so does the attempt (its outcome recorded). */
  attemptMs: number,
): Promise<void> {
  const { db, social, log } = deps;
  let accountId: string | null = d.accountId;
  let where = 'Bluesky';
  // Set inside the attempt (a closure, which the compiler does not follow).
  let video = null as Awaited<ReturnType<typeof videoOf>>;
  try {
    await withDeadline(attemptMs, async () => {
      // Read together: what the post says, where it goes, and its files.
      const { post, account, media } = await deliveryParts(db, d);
      if (!post || !account) {
        await failForGood(deps, d, me, notConnected(d.platform, d.handle));
        return;
      }
      accountId = account.id;
      if (account.service) where = `The Bluesky server at ${account.service}`;
      const images = await imagesOf(deps, media);
      const agent = await social.agents.agentFor(account);
      // A post has images or one video (checked when it is saved).
      video = images.length ? null : await videoOf(deps, d, me, agent, account.service, media);
      const card = !images.length && !video ? await cardAtPublish(deps, post) : null;
      const external = card ? await externalCardOf(deps.storage, card) : null;
      // A thread's parts go out in one write (all or none), each under its own key; a retry looks for the first part
      // first. Media, labels and card belong to the first part; langs to every part.
      const texts = d.parts.length ? d.parts : [d.text];
      const keys = [d.rkey, ...d.partRkeys];
      const createdAt = (post.datePublished ?? new Date()).getTime();
      const written = await writeThread(
        agent,
        texts.map((text, part) => ({
          text,
          images: part ? [] : images,
          rkey: keys[part],
          // A millisecond apart, so that the parts sort in order wherever they are shown by time.
          createdAt: new Date(createdAt + part).toISOString(),
          labels: part ? [] : post.labels,
          langs: post.langs,
          external: part ? null : external,
          video: part ? null : video,
        })),
        // attempts counts claims: on the first, no attempt under these keys has ever started.
        d.attempts > 1,
      );
      if (written.mismatched)
        log.error(
          { deliveryId: d.id, parts: written.mismatched },
          'the PDS stored thread parts under other CIDs than their replies name: the thread shows broken there',
        );
      const { AtpAgent } = await atprotoApi();
      await markPosted(db, d, postUrlOf((agent instanceof AtpAgent ? agent.session?.handle : undefined) ?? account.handle, d.rkey));
      log.info({ deliveryId: d.id, postId: d.postId, handle: d.handle, attempts: d.attempts }, 'posted to Bluesky');
    });
  } catch (err) {
    let failure =
      err instanceof BlueskyError
        ? err
        : err instanceof DeadlinePassed
          ? new BlueskyError('unreachable', `${where} did not answer within ${Math.round(attemptMs / 1000)} s; it will be tried again.`)
          : new BlueskyError('transient', 'Something went wrong on our side while posting; it will be tried again.');
    if (video?.stored && failure.kind === 'rejected' && /blob/i.test(failure.message)) {
      // The PDS no longer has the video's blob (never referenced in time): send the video again.
      await forgetVideo(deps, d, me);
      failure = new BlueskyError('transient', 'The video has to be sent to Bluesky again; it will be tried again.');
    }
    if (!(err instanceof BlueskyError || err instanceof DeadlinePassed)) log.error({ err, deliveryId: d.id }, 'delivery attempt failed');
    else log.warn({ deliveryId: d.id, kind: failure.kind, attempts: d.attempts, message: failure.message }, 'delivery attempt failed');
    await recordFailure(deps, d, me, failure, accountId, policy);
  }
}

/** Failed for good: recorded, and the artist of a scheduled post hears of it by mail (the post shows the reason). */
async function failForGood(deps: AppDeps, d: DeliveryRow, me: string, reason: string) {
  if (await markFailed(deps.db, d, me, reason)) await mailPostFailed(deps.db, deps.outbox, d);
}

async function recordFailure(
  deps: AppDeps,
  d: DeliveryRow,
  me: string,
  failure: BlueskyError,
  accountId: string | null,
  policy: RetryPolicy,
) {
  const { db, social } = deps;
  if (failure.kind === 'conflict') {
    await changeRecordKey(db, d, me, (failure as BlueskyError & { part?: number }).part ?? 0);
    return;
  }
  if (failure.kind === 'auth') {
    // Maybe another instance rotated the tokens, or the session expired: start again from the stored session.
    if (accountId) social.agents.forget(accountId);
    if (d.attempts < policy.maxAuthAttempts)
      await markRetry(db, d, me, 500 * d.attempts, 'Signing in to Bluesky again; it will be tried again.');
    else if (accountId)
      // Not failed: the post waits, with its account, until the artist connects the account again.
      await waitForReconnect(
        db,
        d,
        me,
        accountId,
        `Bluesky no longer accepts the login of @${d.handle}. Reconnect the account: the post waits and goes out then.`,
      );
    else await failForGood(deps, d, me, notConnected(d.platform, d.handle));
    return;
  }
  if (!failure.retryable) {
    await failForGood(deps, d, me, failure.message);
    return;
  }
  if (d.attempts >= policy.maxAttempts) {
    await failForGood(
      deps,
      d,
      me,
      `${failure.message.replace(/;? ?it will be tried again\.?$/, '.')} Gave up after ${d.attempts} attempts; press Post to try again.`,
    );
    return;
  }
  const wait =
    failure.kind === 'rate-limited' ? (failure.retryAfterSeconds ?? 60) * 1000 * (1 + Math.random() * 0.1) : backoffMs(policy, d.attempts);
  const message = failure.message.includes('tried again') ? failure.message : `${failure.message} It will be tried again.`;
  await markRetry(db, d, me, wait, message);
}
