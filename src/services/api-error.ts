import type { AxiosError } from 'axios';
import { apiErrorSchema, type ApiError } from '../schemas/api-error.schema';

/** An API failure with the server's message (or the caller's fallback), its status and any field messages. */
export class ServiceError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    readonly code?: string,
    readonly fieldErrors: Record<string, string[]> = {},
  ) {
    super(message);
    this.name = 'ServiceError';
  }
}

// The check axios itself makes, without loading axios for it.
const isAxiosError = (error: unknown): error is AxiosError =>
  typeof error === 'object' && error !== null && (error as { isAxiosError?: unknown }).isAxiosError === true;

/** Turns whatever a call threw into a ServiceError whose message a screen can show. */
export function toServiceError(error: unknown, fallback: string): ServiceError {
  if (error instanceof ServiceError) return error;
  if (isAxiosError(error)) {
    const parsed = apiErrorSchema.safeParse(error.response?.data);
    const body: Partial<ApiError> = parsed.success ? parsed.data : {};
    const status = error.response?.status;
    const message = status ? body.message || fallback : 'The server cannot be reached. Check your connection and try again.';
    return new ServiceError(message, status, body.code, body.fieldErrors);
  }
  return new ServiceError(fallback);
}

/** Calls fn and rethrows any failure as a ServiceError with the fallback message. */
export async function call<T>(fallback: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    throw toServiceError(error, fallback);
  }
}

/** First message per field, for rendering under inputs. */
export const firstFieldErrors = (error: unknown): Record<string, string> =>
  error instanceof ServiceError
    ? Object.fromEntries(Object.entries(error.fieldErrors).map(([k, v]) => [k, v[0]]))
    : {};
