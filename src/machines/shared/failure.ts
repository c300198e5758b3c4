import { ServiceError } from '../../services/api-error';
import { MESSAGES } from '../../schemas/messages';

/*
 * How a chart reads the error an invoke's onError carries: services throw ServiceError; a test or a bug may throw
 * anything else. XState types that error as unknown, so every chart reads it here and nowhere else.
 */

/** The HTTP status of the failed call, if an answer came. */
export const failureStatus = (error: unknown): number | undefined => (error instanceof ServiceError ? error.status : undefined);

/** The server's code for the failure ('EMAIL_NOT_VERIFIED', say), if it gave one. */
export const failureCode = (error: unknown): string | undefined => (error instanceof ServiceError ? error.code : undefined);

/** The server's first message per field, for rendering under inputs. */
export const failureFieldErrors = (error: unknown): Record<string, string> =>
  error instanceof ServiceError ? Object.fromEntries(Object.entries(error.fieldErrors).flatMap(([k, v]) => (v[0] ? [[k, v[0]]] : []))) : {};

/**
 * The message to show: the server's reason, or a generic one. A chart that adds its own prefix ("Failed to create
 * artwork: ...") passes none; a chart showing the message alone may pass `what` failed, said before a message that
 * does not say why ("Sign-in failed: The server answered with an error (502). Try again.").
 */
export function failureMessage(error: unknown, what?: string): string {
  const message = (error instanceof Error && error.message) || MESSAGES.anErrorOccurred;
  return what && error instanceof ServiceError && !error.explained ? `${what}: ${message}` : message;
}

/** The error an `xstate.error.actor.*` event carries, read in actions and guards several onError transitions share. */
export const errorOf = (event: object): unknown => (event as { error?: unknown }).error;
