import type { Platform } from '../../../src/schemas/social-platform.schema';
import { blueskyProvider } from './bluesky/bluesky-provider';
import { facebookProvider } from './facebook/facebook-provider';
import { instagramProvider } from './instagram/instagram-provider';
import type { Provider } from './provider';

/** Every network the studio posts to, by platform. */
export const PROVIDERS: Record<Platform, Provider> = {
  bluesky: blueskyProvider,
  instagram: instagramProvider,
  facebook: facebookProvider,
};

/** The provider of a delivery's platform (saved posts only ever name these three). */
export function providerFor(platform: string): Provider {
  const provider = (PROVIDERS as Record<string, Provider | undefined>)[platform];
  if (!provider) throw new Error(`No provider for the platform ${platform}`);
  return provider;
}
