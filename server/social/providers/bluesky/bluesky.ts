import type { Agent, AtpAgent, AtpSessionData } from '@atproto/api';
import crypto from 'node:crypto';
import { TID } from '@atproto/common-web';
import { cidForLex } from '@atproto/lex-cbor';
import { lexParse } from '@atproto/lex-json';
import { withDeadline } from '../../../outbound/deadline';
import { OutboundRefused } from '../../../outbound/guarded-fetch';
import { atprotoApi } from './atproto-libs';

/**
 * Why a call to Bluesky failed, sorted by what to do about it. 'conflict': the record key is taken by a different
 * record (not ours), so ours was never written and may be written under a new key. 'refused': the outbound door would
 * not go there (a private address, too many redirects, too large an answer); nothing was sent.
 */
export type BlueskyFailure = 'auth' | 'unreachable' | 'rate-limited' | 'rejected' | 'transient' | 'conflict' | 'refused';

export class BlueskyError extends Error {
  constructor(
    readonly kind: BlueskyFailure,
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'BlueskyError';
  }
  get retryable() {
    return this.kind === 'unreachable' || this.kind === 'rate-limited' || this.kind === 'transient';
  }
}

export interface BlueskySession {
  service: string;
  did: string;
  handle: string;
  accessJwt: string;
  refreshJwt: string;
}

/** Maps whatever @atproto/api threw to a BlueskyError an artist can read. */
export function toBlueskyError(err: unknown, service: string): BlueskyError {
  if (err instanceof BlueskyError) return err;
  // @atproto/api wraps what fetch threw as the cause of its own error.
  for (let c = err; c instanceof Error; c = c.cause) if (c instanceof OutboundRefused) return new BlueskyError('refused', c.message);
  const e = err as { status?: number; error?: string; message?: string; headers?: Record<string, string> };
  const status = e?.status;
  if (status === 401 || e?.error === 'AuthenticationRequired' || e?.error === 'ExpiredToken' || e?.error === 'InvalidToken') {
    return new BlueskyError(
      'auth',
      'Bluesky did not accept the handle and app password. Check them, and use an app password, not the account password.',
    );
  }
  if (status === 429) {
    const reset = Number(e.headers?.['ratelimit-reset']);
    const wait = Number.isFinite(reset) && reset > 0 ? Math.max(1, reset - Math.floor(Date.now() / 1000)) : 60;
    return new BlueskyError('rate-limited', 'Bluesky is limiting requests right now; it will be tried again.', wait);
  }
  if (status && status >= 400 && status < 500)
    return new BlueskyError('rejected', `Bluesky refused the post: ${e.message || e.error || `HTTP ${status}`}`);
  if (status && status >= 500) return new BlueskyError('transient', `Bluesky answered with an error (${status}); it will be tried again.`);
  return new BlueskyError('unreachable', `The Bluesky server at ${service} cannot be reached.`);
}

const sessionOf = (service: string, data: AtpSessionData): BlueskySession => ({
  service,
  did: data.did,
  handle: data.handle,
  accessJwt: data.accessJwt,
  refreshJwt: data.refreshJwt,
});

/**
 * Logs in once with handle and app password (at connect time, or when the stored session can no longer refresh).
 * `fetch` is the outbound door: every call to a PDS goes through it, so none can be sent into a private network.
 */
export async function blueskyLogin(
  service: string,
  identifier: string,
  appPassword: string,
  fetch: typeof globalThis.fetch,
): Promise<BlueskySession> {
  const { AtpAgent } = await atprotoApi();
  const agent = new AtpAgent({ service, fetch });
  try {
    await agent.login({ identifier: identifier.replace(/^@/, ''), password: appPassword });
  } catch (err) {
    throw toBlueskyError(err, service);
  }
  return sessionOf(service, agent.session!);
}

/**
 * An agent on a stored session. Expired access tokens are refreshed by the agent; every new token pair is handed
 * to onSession so it can be stored. When the refresh token is no longer accepted, `relogin` signs in again.
 */
export async function resumeAgent(
  session: BlueskySession,
  onSession: (s: BlueskySession) => Promise<void>,
  relogin: () => Promise<BlueskySession>,
  fetch: typeof globalThis.fetch,
): Promise<AtpAgent> {
  const persisted: Promise<void>[] = [];
  const { AtpAgent } = await atprotoApi();
  const agent = new AtpAgent({
    service: session.service,
    fetch,
    persistSession: (event, data) => {
      if ((event === 'create' || event === 'update') && data) persisted.push(onSession(sessionOf(session.service, data)));
    },
  });
  try {
    await agent.resumeSession({ ...session, active: true });
  } catch (err) {
    const failure = toBlueskyError(err, session.service);
    if (failure.kind !== 'auth') throw failure;
    const fresh = await relogin();
    await onSession(fresh);
    await agent.resumeSession({ ...fresh, active: true }).catch((e) => {
      throw toBlueskyError(e, session.service);
    });
  }
  await Promise.all(persisted);
  return agent;
}

/**
 * Ends a stored session at its PDS (com.atproto.server.deleteSession with the refresh token), so the tokens this
 * server kept stop working there too. The access token still lives out its short life: a PDS cannot revoke it.
 */
export async function revokeSession(
  session: Pick<BlueskySession, 'service' | 'refreshJwt'>,
  fetch: typeof globalThis.fetch,
  timeoutMs = 5_000,
): Promise<void> {
  await withDeadline(timeoutMs, async (signal) => {
    const res = await fetch(new URL('/xrpc/com.atproto.server.deleteSession', session.service), {
      method: 'POST',
      headers: { authorization: `Bearer ${session.refreshJwt}` },
      signal,
    });
    await res.body?.cancel();
    if (!res.ok) throw toBlueskyError({ status: res.status }, session.service);
  }).catch((err: unknown) => {
    throw toBlueskyError(err, session.service);
  });
}

export interface PostImage {
  bytes: Buffer;
  mimeType: string;
  alt: string;
  width: number;
  height: number;
}

/** A link card (app.bsky.embed.external) with its image's bytes, uploaded as a blob when the post is written. */
export interface ExternalCard {
  uri: string;
  title: string;
  description: string;
  thumb: { bytes: Buffer; mimeType: string } | null;
}

/** A post's video (app.bsky.embed.video), already on the PDS: its blob ref, alt text and display size. */
export interface PostVideo {
  blob: unknown;
  alt: string;
  aspectRatio: { width: number; height: number } | null;
}

let lastMicros = 0;

/**
 * A record key chosen before the first attempt, so that every retry writes the same record. A TID (microseconds
 * and a clock id) whose low microsecond digits and clock id are random: TID.nextStr() draws its clock id from 32
 * values once per process, so two server processes writing in the same millisecond could pick the same key.
 */
export function newRecordKey(): string {
  const micros = Math.max(Date.now() * 1000 + crypto.randomInt(1000), lastMicros + 1);
  lastMicros = micros;
  return TID.fromTime(micros, crypto.randomInt(1024)).toString();
}

/** Self-labels as a record carries them. */
export const selfLabels = (values: string[]) => ({ $type: 'com.atproto.label.defs#selfLabels', values: values.map((val) => ({ val })) });

export const postUrlOf = (handle: string, rkey: string) => `https://bsky.app/profile/${handle}/post/${rkey}`;

/** One post as it is written: a single post, or one part of a thread (media, card and labels belong to the first). */
export interface PostInput {
  text: string;
  images: PostImage[];
  /** Its fixed record key, chosen before the first attempt. */
  rkey: string;
  createdAt: string;
  labels?: string[];
  langs?: string[];
  external?: ExternalCard | null;
  video?: PostVideo | null;
}

const POST = 'app.bsky.feed.post';

/**
 * The CID the PDS will give a record, computed before it is sent: the PDS parses the request's JSON into lex values
 * and hashes their DAG-CBOR encoding, so the record is put through that same JSON (blob refs in their JSON form).
 */
export const cidOfRecord = async (record: Record<string, unknown>) => (await cidForLex(lexParse(JSON.stringify(record)))).toString();

/** A single post: a thread of one part. */
export const writePost = (agent: Agent, input: PostInput, mayExist = true) => writeThread(agent, [input], mayExist);

/**
 * Writes a post, or a thread's parts, in one com.atproto.repo.applyWrites call: one commit, all parts or none. Each
 * later part replies to the first (root) and to the one before (parent); their CIDs are computed here, as the PDS
 * will. Links, hashtags and mentions become facets (UTF-8 byte offsets; a mention that does not resolve stays plain
 * text). Each part has its fixed record key, so a retry writes the same records: if the first part is there, an earlier
 * attempt wrote them all (the write is atomic), which is success, not a duplicate. A record under a part's key with
 * another text is not ours: 'conflict', naming the part. A write refused (or unanswered) ends in that same look.
 * Returns the first part's reference.
 */
export async function writeThread(
  agent: Agent,
  parts: PostInput[],
  /** False on a delivery's very first attempt: no earlier attempt can have written the records, so skip looking. */
  mayExist = true,
): Promise<RecordRef & { mismatched?: number[] }> {
  const did = agent.assertDid;
  const { AtpAgent } = await atprotoApi();
  // An OAuth agent names no service of its own; its failures name the PDS it talks to through the session.
  const service = agent instanceof AtpAgent ? agent.serviceUrl.origin : 'your Bluesky server';
  const ours = (found: FoundRecord | null, part: number) => {
    if (found && found.text !== parts[part].text)
      throw Object.assign(new BlueskyError('conflict', `The record key ${parts[part].rkey} is already used by another post.`), { part });
    return found ? { uri: found.uri, cid: found.cid } : null;
  };
  try {
    const existing = mayExist ? ours(await findRecord(agent, did, parts[0].rkey), 0) : null;
    if (existing) return existing;
    const writes = [];
    const cids: string[] = [];
    let root: RecordRef | undefined;
    let parent: RecordRef | undefined;
    for (const input of parts) {
      const record = await postRecord(agent, input, root && parent ? { root, parent } : undefined);
      writes.push({ $type: 'com.atproto.repo.applyWrites#create' as const, collection: POST, rkey: input.rkey, value: record });
      parent = { uri: `at://${did}/${POST}/${input.rkey}`, cid: await cidOfRecord(record) };
      cids.push(parent.cid);
      root ??= parent;
    }
    const res = await agent.com.atproto.repo.applyWrites({ repo: did, writes });
    // The replies name CIDs computed here; a PDS that hashed a record otherwise would leave them pointing nowhere.
    const stored = (res.data.results ?? []).map((r) => ('cid' in r ? r.cid : undefined));
    const mismatched = cids.flatMap((cid, part) => (stored[part] !== undefined && stored[part] !== cid ? [part] : []));
    return mismatched.length ? { ...root!, mismatched } : root!;
  } catch (err) {
    if (err instanceof BlueskyError) throw err;
    // A retry racing an attempt that did land (the first part is there: all are), or a key taken by another record.
    const found = await Promise.all(parts.map((p) => findRecord(agent, did, p.rkey).catch(() => null)));
    const refs = found.map((f, part) => ours(f, part));
    if (refs[0]) return refs[0];
    throw toBlueskyError(err, service);
  }
}

/** A post's record as it is sent: its media uploaded as blobs (blobs are deleted unless referenced within minutes). */
async function postRecord(agent: Agent, input: PostInput, reply?: { root: RecordRef; parent: RecordRef }) {
  const images = [];
  for (const image of input.images) {
    const uploaded = await agent.uploadBlob(image.bytes, { encoding: image.mimeType });
    images.push({ image: uploaded.data.blob, alt: image.alt, aspectRatio: { width: image.width, height: image.height } });
  }
  // Media wins, as on Bluesky: a card only when there are no images.
  let embed: Record<string, unknown> | undefined = images.length ? { $type: 'app.bsky.embed.images', images } : undefined;
  if (!embed && input.video) {
    const { blob, alt, aspectRatio } = input.video;
    embed = { $type: 'app.bsky.embed.video', video: blob, ...(alt ? { alt } : {}), ...(aspectRatio ? { aspectRatio } : {}) };
  }
  if (!embed && input.external) {
    const { thumb, ...card } = input.external;
    const blob = thumb ? (await agent.uploadBlob(thumb.bytes, { encoding: thumb.mimeType })).data.blob : undefined;
    embed = { $type: 'app.bsky.embed.external', external: { ...card, ...(blob ? { thumb: blob } : {}) } };
  }
  const { RichText } = await atprotoApi();
  const rt = new RichText({ text: input.text });
  await rt.detectFacets(agent);
  return {
    $type: POST,
    text: rt.text,
    ...(rt.facets?.length ? { facets: rt.facets } : {}),
    createdAt: input.createdAt,
    ...(embed ? { embed } : {}),
    ...(reply ? { reply } : {}),
    ...(input.langs?.length ? { langs: input.langs } : {}),
    // Labels describe the media: a post that went out without images or video carries none.
    ...((images.length || input.video) && input.labels?.length ? { labels: selfLabels(input.labels) } : {}),
  };
}

/** A strong reference to a record (app.bsky.feed.post reply refs). */
export interface RecordRef {
  uri: string;
  cid: string;
}

interface FoundRecord {
  uri: string;
  cid: string;
  text: string | undefined;
}

async function findRecord(agent: Agent, did: string, rkey: string): Promise<FoundRecord | null> {
  try {
    const res = await agent.com.atproto.repo.getRecord({ repo: did, collection: POST, rkey });
    return { uri: res.data.uri, cid: res.data.cid ?? '', text: (res.data.value as { text?: string }).text };
  } catch (err) {
    const e = err as { status?: number; error?: string };
    if (e.status === 400 || e.status === 404 || e.error === 'RecordNotFound') return null;
    throw err;
  }
}
