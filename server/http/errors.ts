import type { ApiError } from '../../src/schemas/api-error.schema';
import {
  Conflict,
  DomainError,
  Forbidden,
  Gone,
  Invalid,
  NotFound,
  OutOfSpace,
  RateLimited,
  TooLarge,
  Unauthenticated,
  UnsupportedType,
  Unavailable,
  UpstreamFailed,
} from '../errors';

type Status = 400 | 401 | 403 | 404 | 405 | 409 | 410 | 413 | 415 | 422 | 429 | 502 | 503 | 507;

/** An error the API answers as-is: status plus the ApiError body. Anything else is a 500. */
export class HttpError extends Error {
  constructor(
    readonly status: Status,
    message: string,
    readonly extra: Omit<ApiError, 'message'> & { headers?: Record<string, string> } = {},
  ) {
    super(message);
  }

  get body(): ApiError {
    const { headers: _headers, ...rest } = this.extra;
    return { message: this.message, ...rest };
  }
}

/** How each domain failure is answered. */
const STATUS_OF: Array<[new (...args: never[]) => DomainError, Status]> = [
  [Invalid, 400],
  [Unauthenticated, 401],
  [Forbidden, 403],
  [NotFound, 404],
  [Conflict, 409],
  [Gone, 410],
  [TooLarge, 413],
  [UnsupportedType, 415],
  [RateLimited, 429],
  [UpstreamFailed, 502],
  [Unavailable, 503],
  [OutOfSpace, 507],
];

/** A domain failure as the HttpError it is answered with (its details as the body, a retry as Retry-After); anything else as it is. */
export function toHttpError(err: unknown): unknown {
  if (!(err instanceof DomainError)) return err;
  const status = STATUS_OF.find(([kind]) => err instanceof kind)?.[1];
  if (!status) return err;
  const { retryAfterSeconds, ...body } = err.details;
  return new HttpError(
    status,
    err.message,
    retryAfterSeconds === undefined ? body : { ...body, headers: { 'Retry-After': String(retryAfterSeconds) } },
  );
}

export const notFound = (message = 'Not found.') => new HttpError(404, message);
