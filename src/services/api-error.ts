import type { AxiosError } from 'axios';
import { apiErrorSchema, type ApiError } from '../schemas/api-error.schema';

/** Said when no answer came back at all. */
export const UNREACHABLE = 'The server cannot be reached. Check your connection and try again.';
/** Said when the server answered with an error but no message of its own (a proxy's 502 page, say). */
export const answeredWithError = (status: number) => `The server answered with an error (${status}). Try again.`;
/** Said for any other failure (an answer that does not parse, say). */
export const UNEXPECTED = 'Something went wrong. Try again.';

/**
 * An API failure: its message, status and field messages. The message is the server's own, or one of those above; it
 * never names the action, which is the chart's to say ("Failed to create artwork: ...").
 */
export class ServiceError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    readonly code?: string,
    readonly fieldErrors: Record<string, string[]> = {},
    /** false when the message does not say why: the server gave no reason, or the failure was unexpected. */
    readonly explained = true,
  ) {
    super(message);
    this.name = 'ServiceError';
  }
}

// The check axios itself makes, without loading axios for it.
const isAxiosError = (error: unknown): error is AxiosError =>
  typeof error === 'object' && error !== null && (error as { isAxiosError?: unknown }).isAxiosError === true;

/** Turns whatever a call threw into a ServiceError whose message a screen can show. */
export function toServiceError(error: unknown): ServiceError {
  if (error instanceof ServiceError) return error;
  if (!isAxiosError(error)) return new ServiceError(UNEXPECTED, undefined, undefined, {}, false);
  const status = error.response?.status;
  if (!status) return new ServiceError(UNREACHABLE);
  const parsed = apiErrorSchema.safeParse(error.response?.data);
  const body: Partial<ApiError> = parsed.success ? parsed.data : {};
  return body.message
    ? new ServiceError(body.message, status, body.code, body.fieldErrors)
    : new ServiceError(answeredWithError(status), status, body.code, body.fieldErrors, false);
}

/** Calls fn and rethrows any failure as a ServiceError. */
export async function call<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    throw toServiceError(error);
  }
}
