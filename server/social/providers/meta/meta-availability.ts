import type { Config } from '../../../config';

export type MetaNetworkId = 'instagram' | 'facebook';

export type Availability =
  | { offered: true }
  | {
      offered: false;
      /** `not-set-up`: the operator has not given the app's id and secret; `not-public`: Meta could not fetch the media. */
      reason: 'not-set-up' | 'not-public';
      message: string;
    };

const NAMES: Record<MetaNetworkId, string> = { instagram: 'Instagram', facebook: 'Facebook' };

/**
 * Whether the connect screen offers Instagram or Facebook, and if not, why. Meta's servers fetch every post's pictures
 * and videos from the studio's own address, so that address must be public: APP_URL on https (or, for tests and a
 * LAN, SOCIAL_ALLOW_PRIVATE_NETWORK=true). And the operator must have set up the network's Meta app.
 */
export function metaAvailability(config: Pick<Config, 'appUrl' | 'social'>, network: MetaNetworkId): Availability {
  const name = NAMES[network];
  if (!config.social.meta[network]) {
    return {
      offered: false,
      reason: 'not-set-up',
      message: `${name} is not set up on this studio yet: its operator has to create a Meta app and give the studio its id and secret.`,
    };
  }
  if (!config.appUrl.startsWith('https://') && !config.social.allowPrivateNetwork) {
    return {
      offered: false,
      reason: 'not-public',
      message: `${name} can only be connected when the studio is served over https: ${name} fetches each post's pictures from the studio's own address.`,
    };
  }
  return { offered: true };
}
