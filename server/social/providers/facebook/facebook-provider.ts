import { NETWORK_RULES } from '../../../../src/schemas/network-rules';
import { readMetaMetrics } from '../meta/meta-metrics';
import type { Provider } from '../provider';
import { attemptFacebook } from './facebook-publish';

/** Facebook Pages: Facebook Login for Business, posts made with the Page's own token (which does not expire). */
export const facebookProvider: Provider = {
  platform: 'facebook',
  capabilities: NETWORK_RULES.facebook,
  attempt: attemptFacebook,
  readMetrics: (deps, due, sink) => readMetaMetrics(deps, 'facebook', due, sink),
};
