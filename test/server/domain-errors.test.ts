import { describe, expect, it } from 'vitest';
import * as domain from '../../server/errors';
import { HttpError, toHttpError } from '../../server/http/errors';

type Kind = new (message: string, details?: domain.FailureDetails) => domain.DomainError;
/** Every concrete kind server/errors.ts exports. */
const kinds = Object.entries(domain as Record<string, unknown>).filter(
  (entry): entry is [string, Kind] => typeof entry[1] === 'function' && entry[1].prototype instanceof domain.DomainError,
);

describe('domain errors are answered by the one onError', () => {
  it('every kind in server/errors.ts has its status (a kind without one would answer 500)', () => {
    expect(kinds.length).toBeGreaterThanOrEqual(10);
    for (const [name, Kind] of kinds) {
      const answered = toHttpError(new Kind('m'));
      expect(answered, name).toBeInstanceOf(HttpError);
    }
  });

  it('each kind keeps the status the API answered before domain errors', () => {
    const statuses = Object.fromEntries(kinds.map(([name, Kind]) => [name, (toHttpError(new Kind('m')) as HttpError).status]));
    expect(statuses).toEqual({
      Invalid: 400,
      Unauthenticated: 401,
      Forbidden: 403,
      NotFound: 404,
      Conflict: 409,
      Gone: 410,
      TooLarge: 413,
      UnsupportedType: 415,
      RateLimited: 429,
      UpstreamFailed: 502,
      Unavailable: 503,
      OutOfSpace: 507,
    });
  });

  it('the body is the ApiError (message first, then code and fieldErrors as given); a retry is a Retry-After header', () => {
    const invalid = toHttpError(new domain.Invalid('Fix it.', { code: 'X', fieldErrors: { a: ['bad'] } })) as HttpError;
    expect(JSON.stringify(invalid.body)).toBe('{"message":"Fix it.","code":"X","fieldErrors":{"a":["bad"]}}');
    expect(invalid.extra.headers).toBeUndefined();
    const limited = toHttpError(new domain.RateLimited('Slow down.', { code: 'RATE_LIMITED', retryAfterSeconds: 90 })) as HttpError;
    expect(JSON.stringify(limited.body)).toBe('{"message":"Slow down.","code":"RATE_LIMITED"}');
    expect(limited.extra.headers).toEqual({ 'Retry-After': '90' });
    expect(toHttpError(new domain.Unauthenticated())).toMatchObject({ status: 401, message: 'Sign in to continue.' });
  });

  it('anything else passes through unchanged', () => {
    const other = new Error('boom');
    expect(toHttpError(other)).toBe(other);
  });
});
