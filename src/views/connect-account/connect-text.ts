import { DEFAULT_BLUESKY_SERVICE, HANDLE_HINT } from '../../schemas/social.schema';

/** The Connect screen's own texts; the required ones ('integration coming soon', the invalid platform) are SOCIAL_MESSAGES. */
export const CONNECT_TEXT = {
  blueskyTitle: 'Connect Bluesky',
  otherTitle: 'Connect an account',
  intro: 'Artist Studio signs in to Bluesky once with an app password, then publishes your posts for you.',
  handle: 'Handle',
  handleHint: `Your Bluesky handle, like ${HANDLE_HINT}`,
  appPassword: 'App password',
  appPasswordHint:
    'This is not your account password. In Bluesky, open Settings → Privacy and security → App passwords, choose Add App Password, and paste the one it shows here.',
  service: 'Server (PDS) address',
  serviceHint: `Leave ${DEFAULT_BLUESKY_SERVICE} unless your account lives on another server (a self-hosted PDS). Blank means ${DEFAULT_BLUESKY_SERVICE}.`,
  submit: 'Connect',
  submitting: 'Connecting...',
  cancel: 'Cancel',
  back: 'Back to Social Media Accounts',
  oauthIntro:
    "You sign in on your Bluesky server's own page: Artist Studio never sees your password, and you can take its access back there at any time.",
  identifier: 'Handle or server address',
  identifierHint: `Your Bluesky handle, like ${HANDLE_HINT}, or your server's address if your account lives on a server of your own.`,
  continue: 'Continue with Bluesky',
  continuing: 'Finding your server...',
  redirecting: 'Redirecting to Bluesky...',
  useAppPassword: 'Use an app password instead',
  useOAuth: 'Continue with Bluesky instead',
} as const;
