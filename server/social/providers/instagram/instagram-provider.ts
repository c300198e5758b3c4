import { NETWORK_RULES } from '../../../../src/schemas/network-rules';
import { readMetaMetrics } from '../meta/meta-metrics';
import type { Provider } from '../provider';
import { attemptInstagram } from './instagram-publish';
import { refreshInstagramTokens } from './instagram-token-refresh';

/** Instagram: Business Login for Instagram, containers published exactly once, its 60-day token kept fresh. */
export const instagramProvider: Provider = {
  platform: 'instagram',
  capabilities: NETWORK_RULES.instagram,
  attempt: attemptInstagram,
  readMetrics: (deps, due, sink) => readMetaMetrics(deps, 'instagram', due, sink),
  refreshTokens: (deps) => refreshInstagramTokens(deps),
};
