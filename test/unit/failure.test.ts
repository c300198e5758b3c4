import { AxiosError, AxiosHeaders, type InternalAxiosRequestConfig } from 'axios';
import { describe, expect, it } from 'vitest';
import { errorOf, failureCode, failureFieldErrors, failureMessage, failureStatus } from '../../src/machines/shared/failure';
import { ServiceError, call, toServiceError } from '../../src/services/api-error';

const config = { headers: new AxiosHeaders() } as InternalAxiosRequestConfig;
/** What axios throws for an answer of `status` with `data` as its body, or with no answer at all. */
const axiosError = (status?: number, data?: unknown) =>
  new AxiosError(
    'Request failed',
    'ERR_BAD_RESPONSE',
    config,
    null,
    status ? { data, status, statusText: '', headers: {}, config } : undefined,
  );

describe("toServiceError: the message is the server's, or a generic one that never names the action", () => {
  it("keeps the server's message, code and field messages", () => {
    const error = toServiceError(
      axiosError(400, { message: 'Please correct the highlighted fields.', code: 'INVALID', fieldErrors: { title: ['Too long', 'Odd'] } }),
    );
    expect(error).toMatchObject({
      message: 'Please correct the highlighted fields.',
      status: 400,
      code: 'INVALID',
      fieldErrors: { title: ['Too long', 'Odd'] },
      explained: true,
    });
  });

  it("a status without a usable body (a proxy's HTML page, an empty message) says so with the status", () => {
    expect(toServiceError(axiosError(502, '<html>Bad Gateway</html>'))).toMatchObject({
      message: 'The server answered with an error (502). Try again.',
      status: 502,
      explained: false,
    });
    expect(toServiceError(axiosError(500, { message: '' })).message).toBe('The server answered with an error (500). Try again.');
  });

  it('no answer at all, and anything else thrown', () => {
    expect(toServiceError(axiosError())).toMatchObject({
      message: 'The server cannot be reached. Check your connection and try again.',
      status: undefined,
      explained: true,
    });
    expect(toServiceError(new TypeError('x is undefined'))).toMatchObject({
      message: 'Something went wrong. Try again.',
      explained: false,
    });
    const own = new ServiceError('Artwork ID is required');
    expect(toServiceError(own)).toBe(own);
  });

  it('call rethrows a failure as a ServiceError and passes a result through', async () => {
    await expect(call(async () => 7)).resolves.toBe(7);
    await expect(call(() => Promise.reject(axiosError(502, 'Bad Gateway')))).rejects.toMatchObject({
      name: 'ServiceError',
      message: 'The server answered with an error (502). Try again.',
      status: 502,
    });
  });
});

describe('failure.ts: what a chart reads of an error', () => {
  const refused = new ServiceError('Please correct the highlighted fields.', 400, 'INVALID', { title: ['Too long', 'Odd'], year: [] });
  const unexplained = toServiceError(axiosError(502, 'Bad Gateway'));

  it('a ServiceError with field errors: status, code, the first message per field, and its message', () => {
    expect(failureStatus(refused)).toBe(400);
    expect(failureCode(refused)).toBe('INVALID');
    expect(failureFieldErrors(refused)).toEqual({ title: 'Too long' });
    expect(failureMessage(refused)).toBe('Please correct the highlighted fields.');
    // What failed is said only before a generic message, never before the server's.
    expect(failureMessage(refused, 'Sign-in failed')).toBe('Please correct the highlighted fields.');
    expect(failureMessage(unexplained, 'Sign-in failed')).toBe('Sign-in failed: The server answered with an error (502). Try again.');
    expect(failureMessage(unexplained)).toBe('The server answered with an error (502). Try again.');
    // No connection says why on its own.
    expect(failureMessage(toServiceError(axiosError()), 'Sign-in failed')).toBe(
      'The server cannot be reached. Check your connection and try again.',
    );
  });

  it('a plain Error: its message, nothing else', () => {
    const error = Object.assign(new Error('Boom'), { status: 404, fieldErrors: { title: ['x'] } });
    expect(failureStatus(error)).toBeUndefined();
    expect(failureFieldErrors(error)).toEqual({});
    expect(failureMessage(error, 'Sign-in failed')).toBe('Boom');
  });

  it("anything else, or an Error without a message: 'An error occurred.'", () => {
    for (const error of [undefined, null, 'text', { message: 'not an Error' }, new Error('')]) {
      expect(failureMessage(error)).toBe('An error occurred.');
      expect(failureStatus(error)).toBeUndefined();
      expect(failureFieldErrors(error)).toEqual({});
    }
  });

  it('errorOf reads the error an error event carries', () => {
    expect(errorOf({ type: 'xstate.error.actor.save', error: refused })).toBe(refused);
    expect(errorOf({ type: 'form.submit' })).toBeUndefined();
  });
});
