import * as z from 'zod/mini';
import { text } from './text.schema';

export const IDENTIFIER_MESSAGE = 'Enter a handle like username.bsky.social, or your server address like https://bsky.social';

/** A handle ('@alice.bsky.social') or the address of the artist's server ('https://pds.example'). */
const identifierField = text(
  'Handle or server address',
  [
    z.trim(),
    z.minLength(1, { error: 'Handle is required' }),
    z.maxLength(253, { error: 'Handle must be at most 253 characters' }),
    z.refine((v) => /^@?[a-z0-9.-]+\.[a-z0-9-]+$/i.test(v) || /^https?:\/\/[^\s/]+(:\d+)?\/?$/i.test(v), { error: IDENTIFIER_MESSAGE }),
  ],
  { error: 'Handle is required' },
);

/** The first step of "Continue with Bluesky": who to sign in as. */
export const blueskyOAuthFormSchema = z.object({ identifier: identifierField });
export type BlueskyOAuthForm = z.input<typeof blueskyOAuthFormSchema>;

/** POST /api/social/oauth/start. */
export const oauthStartSchema = z.object({ identifier: identifierField });
export type OAuthStart = z.infer<typeof oauthStartSchema>;

/** Where the browser goes next: the PDS's authorization page. */
export const oauthStartedSchema = z.object({ authorizeUrl: z.string() });
export type OAuthStarted = z.infer<typeof oauthStartedSchema>;

/**
 * How the callback sends the browser back to the accounts page: `?bluesky=connected&handle=…` or
 * `?bluesky=failed&reason=denied|expired|error`.
 */
export const OAUTH_RESULT_PARAM = 'bluesky';
export const OAUTH_FAILURES = ['denied', 'expired', 'error'] as const;
export type OAuthFailure = (typeof OAUTH_FAILURES)[number];
