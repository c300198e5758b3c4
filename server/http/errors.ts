import type { ApiError } from '../../src/schemas/api-error.schema';

/** An error the API answers as-is: status plus the ApiError body. Anything else is a 500. */
export class HttpError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 405 | 409 | 410 | 413 | 415 | 422 | 429 | 502 | 503 | 507,
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

export const badRequest = (message: string, fieldErrors?: Record<string, string[]>) =>
  new HttpError(400, message, fieldErrors ? { fieldErrors } : {});
export const unauthorized = (message = 'Sign in to continue.') => new HttpError(401, message);
export const notFound = (message = 'Not found.') => new HttpError(404, message);
export const tooLarge = (message: string) => new HttpError(413, message);
export const unsupportedType = (message: string) => new HttpError(415, message);
