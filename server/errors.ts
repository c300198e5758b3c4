/**
 * Failures in the domain's words. Repos, services and processors throw these and know nothing of HTTP; the one
 * app.onError (server/app.ts) answers each with its status (server/http/errors.ts), its message and details as the
 * ApiError body.
 */
export interface FailureDetails {
  /** A stable name the app can test, e.g. EMAIL_NOT_VERIFIED. */
  code?: string;
  /** Messages per input, keyed by the dotted path of the field. */
  fieldErrors?: Record<string, string[]>;
  /** When trying again makes sense (a rate limit). */
  retryAfterSeconds?: number;
}

export abstract class DomainError extends Error {
  constructor(
    message: string,
    readonly details: FailureDetails = {},
  ) {
    super(message);
  }
}

/** The input cannot be used; fieldErrors say which field and why. */
export class Invalid extends DomainError {}
/** No one is signed in, or the session or token is no longer good. */
export class Unauthenticated extends DomainError {
  constructor(message = 'Sign in to continue.', details?: FailureDetails) {
    super(message, details);
  }
}
/** Signed in, but the proof asked for (a password, a signed link) does not hold. */
export class Forbidden extends DomainError {}
export class NotFound extends DomainError {}
/** The thing is not in a state that allows this (published, taken, not arrived yet). */
export class Conflict extends DomainError {}
/** It was there once and is spent for good (a used upload link). */
export class Gone extends DomainError {}
export class TooLarge extends DomainError {}
/** The content is not of a type we take, or not what it claims to be. */
export class UnsupportedType extends DomainError {}
/** Too many attempts; retryAfterSeconds says when to try again. */
export class RateLimited extends DomainError {}
/** A server we depend on (a PDS) could not be reached or answered nonsense. */
export class UpstreamFailed extends DomainError {}
/** The server's disk or store is full: nothing more can be kept until space is made. */
export class OutOfSpace extends DomainError {}
/** The server cannot do this right now (its store is read-only or refuses writes); trying later may work. */
export class Unavailable extends DomainError {}

/** The message of an input that fails its schema, with the field messages beside it. */
export const VALIDATION_MESSAGE = 'Please correct the highlighted fields.';
