import { PLATFORM_LABELS, type Platform } from '../../src/schemas/social-platform.schema';
import type { Db } from '../db/database';
import { Invalid } from '../errors';
import { connectedAccountsOf, normalHandle } from './accounts.repo';
import { type DeliveryRow, type DeliveryTarget, insertDeliveries, orphanedFailures, pointAtAccount, requeueFailed } from './delivery.repo';
import { postNotFound } from './post-errors';
import { composePostText, postTextProblem, postTextsOf } from './post-text';
import { threadProblem, threadTexts } from '../../src/schemas/post-thread';
import type { PostRow } from './posts.dto';
import { networkFieldErrors, postNetworkProblems } from './post-network-rules';
import { anyDraftDue, fileTypesOf, lockDueDrafts, lockOwnPost, markPublished } from './publishing.repo';

const isImage = (contentType: string) => contentType.startsWith('image/');
export const notConnected = (platform: string, handle: string) =>
  `${PLATFORM_LABELS[platform as Platform] ?? platform} account @${handle} is not connected. Connect it again, then press Post to retry.`;

/**
 * Why this post cannot go out as it is, by field: the text Bluesky would get (content plus hashtags and mentions)
 * must fit its limits, and a post needs some text or an image (other files are not sent to Bluesky). A thread's
 * parts must each fit (and none be empty).
 */
export function publishProblems(
  post: Pick<PostRow, 'content' | 'hashtags' | 'mentions' | 'threadBreaks'>,
  imageCount: number,
): Record<string, string[]> {
  if (post.threadBreaks.length) {
    const problem = threadProblem(post) ?? threadTexts(post).map(postTextProblem).find(Boolean);
    return problem ? { content: [problem] } : {};
  }
  const text = composePostText(post);
  const problem = postTextProblem(text);
  if (problem) return { content: [problem] };
  if (!text && imageCount === 0) return { content: ['Write something or add an image before posting.'] };
  return {};
}

export async function imageCountOf(db: Db, postId: string) {
  const media = await fileTypesOf(db, postId);
  // A video counts as media sent with the post (a video alone needs no text).
  return media.filter((m) => isImage(m.contentType) || m.contentType.startsWith('video/')).length;
}

/** The user's connected account for each of the post's accounts (null when it is not connected). */
async function targetsOf(db: Db, post: PostRow) {
  const connected = await connectedAccountsOf(db, post.userId);
  return post.accounts.map((ref) => {
    const handle = normalHandle(ref.handle);
    const account = connected.find((a) => a.platform === ref.platform && a.handle === handle) ?? null;
    return { platform: ref.platform, handle, account };
  });
}

/**
 * Turns a draft into a published post and creates its deliveries, in the caller's transaction (the draft row is
 * locked). `strict` (the Post button): a problem is answered 400 and nothing changes. Otherwise (a scheduled draft
 * coming due, nobody waiting): it is published anyway and each delivery that cannot go out is created failed with
 * the reason, so the artist sees why.
 */
export async function publishDraft(tx: Db, post: PostRow, strict: boolean): Promise<DeliveryRow[]> {
  const problems = publishProblems(post, await imageCountOf(tx, post.id));
  const files = await fileTypesOf(tx, post.id);
  const targets = await targetsOf(tx, post);
  const missing = targets.filter((t) => !t.account);
  if (strict && missing.length) problems.accounts = missing.map((t) => notConnected(t.platform, t.handle));
  // Each network's own rules (a plain draft is not checked when saved): refused at Post, a delivery failed when due.
  if (strict)
    for (const [field, messages] of Object.entries(postNetworkProblems(post, files)))
      problems[field] = [...(problems[field] ?? []), ...messages];
  if (strict && Object.keys(problems).length) {
    throw new Invalid(Object.values(problems)[0][0], { code: 'POST_NOT_PUBLISHABLE', fieldErrors: problems });
  }
  const textProblem = problems.content?.[0];
  const rows: DeliveryTarget[] = targets.map((t) => ({
    accountId: t.account?.id ?? null,
    platform: t.platform,
    handle: t.handle,
    error: textProblem ?? (t.account ? networkProblemOf(t.platform, post, files) : notConnected(t.platform, t.handle)),
  }));
  await markPublished(tx, post.id);
  const texts = postTextsOf(post);
  return insertDeliveries(tx, post.id, texts.join('\n\n'), rows, texts.length > 1 ? texts : []);
}

/** The first reason this network would refuse the post, or undefined. */
function networkProblemOf(platform: Platform, post: PostRow, files: { contentType: string }[]) {
  const { content, mediaIds } = networkFieldErrors(platform, post, files);
  return content[0] ?? mediaIds[0];
}

/** The Post button: publishes the draft (strictly), or on a published post tries its failed deliveries again. */
export function publishNow(db: Db, userId: string, postId: string): Promise<DeliveryRow[]> {
  return db.transaction(async (tx) => {
    const post = await lockOwnPost(tx, userId, postId);
    if (!post) throw postNotFound();
    return post.isDraft ? publishDraft(tx, post, true) : retryFailed(tx, post);
  });
}

/**
 * Post pressed on a published post: its failed deliveries are tried again under their record keys (a delivery whose
 * account was disconnected and connected again is pointed at the account first).
 */
export async function retryFailed(tx: Db, post: PostRow): Promise<DeliveryRow[]> {
  const orphans = await orphanedFailures(tx, post.id);
  if (orphans.length) {
    const targets = await targetsOf(tx, post);
    for (const d of orphans) {
      const account = targets.find((t) => t.platform === d.platform && t.handle === d.handle)?.account;
      if (account) await pointAtAccount(tx, d.id, account.id);
    }
  }
  return requeueFailed(tx, post.id);
}

/**
 * Publishes scheduled drafts that are due (also those that came due while no server ran). Rows are taken with
 * FOR UPDATE SKIP LOCKED, so instances promoting at the same time never publish one draft twice.
 */
export async function promoteDueDrafts(
  db: Db,
  limit = 50,
  /** Called in the transaction with the deliveries created failed (account gone, text too long): the artist is told. */
  failed: (tx: Db, rows: DeliveryRow[]) => Promise<void> = async () => {},
): Promise<number> {
  // The worker asks several times a second; most of the time nothing is due, and this one prepared query says so.
  if (!(await anyDraftDue(db))) return 0;
  return db.transaction(async (tx) => {
    const due = await lockDueDrafts(tx, limit);
    for (const post of due) {
      const rows = await publishDraft(tx as unknown as Db, post, false);
      const failures = rows.filter((r) => r.status === 'error');
      if (failures.length) await failed(tx as unknown as Db, failures);
    }
    return due.length;
  });
}
