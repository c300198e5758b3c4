import type { MetaNetwork } from '../../schemas/meta-connect.schema';
import { PLATFORM_LABELS } from '../../schemas/social-platform.schema';

/** The Instagram and Facebook connect screen's own texts; the failures are META_FAILURE_MESSAGES. */
export const META_CONNECT_TEXT = {
  title: (n: MetaNetwork) => `Connect ${PLATFORM_LABELS[n]}`,
  intro: {
    instagram:
      'Artist Studio posts to Instagram professional accounts (Business or Creator). You sign in on Instagram’s own page: the studio never sees your password, and you can take its access back in Instagram at any time.',
    facebook:
      'Artist Studio posts to a Facebook Page you manage. You sign in on Facebook’s own page: the studio never sees your password, and you can take its access back in Facebook at any time.',
  } satisfies Record<MetaNetwork, string>,
  checking: (n: MetaNetwork) => `Checking whether ${PLATFORM_LABELS[n]} can be connected...`,
  retry: 'Try again',
  continue: (n: MetaNetwork) => `Continue with ${PLATFORM_LABELS[n]}`,
  starting: (n: MetaNetwork) => `Opening ${PLATFORM_LABELS[n]}...`,
  redirecting: (n: MetaNetwork) => `Redirecting to ${PLATFORM_LABELS[n]}...`,
  loadingPages: 'Reading your Facebook Pages...',
  pagesTitle: 'Choose the Page to post to',
  pagesHint: 'You manage several Facebook Pages. The studio posts to the one you choose; connect another one later the same way.',
  connectPage: 'Connect',
  connectingPage: 'Connecting...',
  connected: 'Connected. Opening your accounts...',
  startAgain: 'Start again',
  cancel: 'Cancel',
  back: 'Back to Social Media Accounts',
} as const;
