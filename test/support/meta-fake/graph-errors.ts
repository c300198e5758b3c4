import type { Context } from 'hono';
import { LosslessNumber, stringify } from 'lossless-json';

/** An answer written as the Graph API writes it; a LosslessNumber goes out as its digits, however large. */
export function rawJson(c: Context, status: number, value: unknown) {
  return c.body(stringify(value) ?? 'null', status as 200, { 'content-type': 'application/json; charset=UTF-8' });
}

/** A number written raw in JSON, digits and all (an Instagram user_id above 2^53). */
export const rawNumber = (digits: string) => new LosslessNumber(digits);

export interface FakeGraphError {
  status: number;
  code: number;
  subcode?: number;
  type?: string;
  message: string;
  isTransient?: boolean;
  userTitle?: string;
  userMessage?: string;
}

let trace = 0;

/** The Graph error envelope (Handling Errors; Instagram's Error Codes). */
export function graphError(c: Context, e: FakeGraphError) {
  return rawJson(c, e.status, {
    error: {
      message: e.message,
      type: e.type ?? 'OAuthException',
      code: e.code,
      ...(e.subcode !== undefined ? { error_subcode: e.subcode } : {}),
      ...(e.isTransient !== undefined ? { is_transient: e.isTransient } : {}),
      ...(e.userTitle ? { error_user_title: e.userTitle } : {}),
      ...(e.userMessage ? { error_user_msg: e.userMessage } : {}),
      fbtrace_id: `Fk${(++trace).toString(36).padStart(9, '0')}`,
    },
  });
}

/** api.instagram.com's own OAuth failure shape: `{error_type, code, error_message}`. */
export const instagramOAuthError = (c: Context, message: string) =>
  rawJson(c, 400, { error_type: 'OAuthException', code: 400, error_message: message });

/** The failures the fake answers, by name, with the codes and subcodes of Meta's pages. */
export const ERRORS = {
  invalidToken: { status: 400, code: 190, message: 'Invalid OAuth access token - Cannot parse access token' },
  expiredToken: { status: 400, code: 190, subcode: 463, message: 'Error validating access token: Session has expired.' },
  revokedToken: {
    status: 400,
    code: 190,
    subcode: 460,
    message:
      'Error validating access token: The session has been invalidated because the user changed their password or Facebook has changed the session for security reasons.',
  },
  appRemoved: { status: 400, code: 190, subcode: 458, message: 'Error validating access token: The user has not authorized application.' },
  noPermission: { status: 403, code: 10, message: 'Application does not have permission for this action' },
  pagePermission: { status: 403, code: 200, message: '(#200) Requires pages_manage_posts permission to manage the object' },
  notFound: {
    status: 400,
    code: 100,
    subcode: 33,
    type: 'GraphMethodException',
    message:
      'Unsupported get request. Object does not exist, cannot be loaded due to missing permissions, or does not support this operation.',
  },
  invalidParameter: (message: string) => ({ status: 400, code: 100, message: `(#100) ${message}` }),
  mediaNotReady: {
    status: 400,
    code: 9007,
    subcode: 2207027,
    message: 'Media ID is not available',
    userTitle: 'Media not ready for publishing',
    userMessage: 'The media is not ready for publishing, please wait for a moment',
  },
  containerGone: {
    status: 400,
    code: 24,
    subcode: 2207008,
    message: 'The media builder with creation id does not exist or has expired.',
    userTitle: 'Media builder expired',
  },
  publishLimit: {
    status: 400,
    code: 9,
    subcode: 2207042,
    message: 'Application request limit reached',
    userTitle: 'Cannot publish posts',
    userMessage: 'You reached maximum number of posts that is allowed to be published by Content Publishing API.',
  },
  rateLimit: { status: 400, code: 4, isTransient: true, message: '(#4) Application request limit reached' },
  serverError: { status: 500, code: 2, isTransient: true, message: 'An unexpected error has occurred. Please retry your request later.' },
} satisfies Record<string, FakeGraphError | ((m: string) => FakeGraphError)>;

/** What a container in ERROR carries, by subcode (Instagram's Error Codes). */
export const MEDIA_FAILURES = {
  fetch: { code: 9004, subcode: 2207052, message: 'The media could not be fetched from this uri.' },
  timeout: { code: -2, subcode: 2207003, message: 'It takes too long to download the media.' },
  tooLarge: { code: 36000, subcode: 2207004, message: 'The image is too large to download. It should be less than 8 MiB.' },
  format: { code: 36001, subcode: 2207005, message: 'The image format is not supported.' },
  ratio: {
    code: 36003,
    subcode: 2207009,
    message: 'The submitted image with aspect ratio cannot be published. Please submit an image with a valid aspect ratio.',
  },
  video: { code: 352, subcode: 2207026, message: 'The video format is not supported.' },
} as const;

export type MediaFailure = (typeof MEDIA_FAILURES)[keyof typeof MEDIA_FAILURES];
