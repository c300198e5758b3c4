import { GraphError, GraphTransportError } from './graph-client';

export type MetaNetwork = 'Instagram' | 'Facebook';

/**
 * What a failure means for the post: `temporary` is tried again with backoff, `permanent` fails the post (with the
 * mail), `reconnect` marks the account "Needs reconnecting" and its posts wait.
 */
export type FailureKind = 'temporary' | 'permanent' | 'reconnect';

export interface ReadableFailure {
  kind: FailureKind;
  /** A stable name for what happened (for logs and the worker's decisions), never shown. */
  reason: string;
  /** What the artist reads: what happened and what to do, naming the network, nothing raw. */
  message: string;
  /** No answer came to a write: it may have taken effect, so look before doing it again. */
  ambiguous?: boolean;
}

type Entry = Omit<ReadableFailure, 'message'> & { message: (n: MetaNetwork) => string };

const entry = (kind: FailureKind, reason: string, message: (n: MetaNetwork) => string): Entry => ({ kind, reason, message });

const tryAgain = 'The studio will try again shortly.';

/** By error subcode: Instagram's Error Codes page, and Handling Errors' authentication subcodes. */
const BY_SUBCODE: Record<number, Entry> = {
  2207001: entry('temporary', 'server', (n) => `${n} had a problem on its side. ${tryAgain}`),
  2207003: entry('temporary', 'media-timeout', (n) => `${n} took too long to fetch the picture from the studio. ${tryAgain}`),
  2207004: entry(
    'permanent',
    'image-too-large',
    (n) => `${n} refused the picture: it is larger than 8 MB. Post it again so the studio sends a smaller copy.`,
  ),
  2207005: entry('permanent', 'image-format', (n) => `${n} does not accept this picture's format. Use a JPEG or PNG image and post again.`),
  2207008: entry(
    'temporary',
    'expired-container',
    (n) => `${n} let the prepared post expire before it was published. The studio will prepare it again.`,
  ),
  2207009: entry(
    'permanent',
    'aspect-ratio',
    (n) =>
      `${n} refused the picture's shape: it takes pictures from 4:5 (tall) to 1.91:1 (wide). Choose a mat for it in the editor and post again.`,
  ),
  2207020: entry('temporary', 'expired-container', (n) => `${n} let the uploaded media expire. The studio will send it again.`),
  2207026: entry(
    'permanent',
    'video-format',
    (n) =>
      `${n} does not accept this video: it takes MP4 or MOV (H.264 or HEVC with AAC sound), 3 seconds to 15 minutes long. Convert it and post again.`,
  ),
  2207027: entry('temporary', 'not-ready', (n) => `${n} is still processing the media. ${tryAgain}`),
  2207032: entry('temporary', 'server', (n) => `${n} could not prepare the post. ${tryAgain}`),
  2207042: entry(
    'temporary',
    'publishing-limit',
    (n) => `This ${n} account has reached ${n}'s limit of posts for the day. The post will go out once ${n} allows more.`,
  ),
  2207050: entry(
    'reconnect',
    'account-restricted',
    (n) =>
      `${n} says this account is inactive or restricted. Open ${n}, resolve what it asks, then reconnect the account here; its posts wait until then.`,
  ),
  2207051: entry(
    'permanent',
    'spam-suspected',
    (n) => `${n} held this post back as suspected spam. If it is not, tell ${n} through its app, then post again later.`,
  ),
  2207052: entry(
    'temporary',
    'media-fetch',
    (n) =>
      `${n} could not fetch the picture from the studio. ${n} reads media from the studio's public address, which must be reachable from the internet over https. ${tryAgain}`,
  ),
  2207053: entry('temporary', 'upload', (n) => `${n} could not take the upload. ${tryAgain}`),
  2207057: entry('permanent', 'video-cover', (n) => `${n} refused the video's cover frame. Pick a frame inside the video and post again.`),
  458: entry('reconnect', 'token', (n) => reconnectText(n, 'the studio was removed from the account')),
  459: entry(
    'reconnect',
    'token',
    (n) =>
      `${n} wants you to sign in on its own site to confirm your account. Do that, then reconnect the account here; its posts wait until then.`,
  ),
  460: entry('reconnect', 'token', (n) => reconnectText(n, 'the password was changed')),
  463: entry('reconnect', 'token', (n) => reconnectText(n, "the studio's access expired")),
  464: entry('reconnect', 'token', (n) => reconnectText(n, 'the account is not confirmed')),
  467: entry('reconnect', 'token', (n) => reconnectText(n, "the studio's access is no longer valid")),
};

function reconnectText(n: MetaNetwork, why: string) {
  return `${n} no longer accepts the studio's access to this account (${why}). Reconnect the account; its posts wait until then.`;
}

const rateLimited = entry('temporary', 'rate-limit', (n) => `${n} is receiving too many requests from the studio right now. ${tryAgain}`);
const permissions = entry(
  'reconnect',
  'permission',
  (n) =>
    `${n} did not give the studio permission to do this. Reconnect the account and allow everything it asks for; its posts wait until then.`,
);

/** By error code: Graph's Handling Errors page. */
function byCode(code: number): Entry | undefined {
  if (code === 190 || code === 102)
    return entry('reconnect', 'token', (n) => reconnectText(n, "the studio's access expired or was removed"));
  if (code === 10 || (code >= 200 && code <= 299)) return permissions;
  if ([4, 9, 17, 32, 341, 613].includes(code) || (code >= 80001 && code <= 80014)) return rateLimited;
  if (code === 1 || code === 2) return entry('temporary', 'server', (n) => `${n} had a problem on its side. ${tryAgain}`);
  if (code === 368)
    return entry('temporary', 'blocked-for-now', (n) => `${n} is holding back posts from this account for a while. ${tryAgain}`);
  if (code === 506)
    return entry('permanent', 'duplicate', (n) => `${n} refused the post as a repeat of the last one. Change the text and post again.`);
  if (code === 1609005)
    return entry('permanent', 'link', (n) => `${n} could not read the link in the post. Check the address and post again.`);
  return undefined;
}

/**
 * Reads a failure of a Graph call (or anything else thrown on the way) as the artist should hear it, and what to do
 * about the post. Meta's own messages are never passed on: they are for developers, in English, and sometimes carry ids.
 */
export function readMetaFailure(err: unknown, network: MetaNetwork): ReadableFailure {
  const found = lookup(err);
  return { kind: found.kind, reason: found.reason, message: found.message(network), ...(found.ambiguous ? { ambiguous: true } : {}) };
}

function lookup(err: unknown): Entry & { ambiguous?: boolean } {
  if (err instanceof GraphTransportError) {
    if (err.reason === 'malformed' && err.status !== undefined && err.status < 500 && err.status >= 400) {
      return entry(
        'permanent',
        'unreadable',
        (n) => `${n} answered in a way the studio does not understand. Try again later; if it keeps happening, post from ${n} itself.`,
      );
    }
    const what =
      err.reason === 'timeout' ? 'did not answer in time' : err.reason === 'network' ? 'could not be reached' : 'answered with an error';
    return { ...entry('temporary', err.reason, (n) => `${n} ${what}. ${tryAgain}`), ambiguous: err.reason !== 'malformed' };
  }
  if (!(err instanceof GraphError)) return entry('temporary', 'unknown', (n) => `Something went wrong while talking to ${n}. ${tryAgain}`);
  const known = (err.subcode !== undefined && BY_SUBCODE[err.subcode]) || (err.code !== undefined && byCode(err.code));
  if (known) return known;
  if (err.extra.isTransient || err.status >= 500) return entry('temporary', 'server', (n) => `${n} had a problem on its side. ${tryAgain}`);
  if (err.code === 100 && err.subcode === 33) {
    return entry(
      'reconnect',
      'gone',
      (n) => `The studio can no longer reach this ${n} account or Page. Reconnect it; its posts wait until then.`,
    );
  }
  return entry(
    'permanent',
    'refused',
    (n) => `${n} refused the post without saying why in a way the studio understands. Check it, then post again.`,
  );
}
