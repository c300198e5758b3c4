import type { Config } from './config';
import type { Database, Db } from './db/database';
import type { Logger } from './log';
import type { Mailer } from './mail/mailer';
import type { MailOutbox } from './mail/outbox';
import type { BlobStore } from './storage/blob-store';
import type { AuthCache, AuthEntry } from './auth/auth-cache';
import type { TokenSigner } from './auth/tokens';
import type { MediaUrls } from './media-urls';
import type { MediaLinks } from './social/post-media-link';
import type { OutboundDoor } from './outbound/guarded-fetch';
import type { BlueskyAgents } from './social/providers/bluesky/agents';
import type { DeliveryWorker } from './worker/delivery-worker';
import type { TxtResolver } from './domains/dns-resolver';
import type { VerifiedHosts } from './domains/verified-hosts';
import type { SecretBox } from './social/secret-box';
import type { BlueskyOAuth } from './social/providers/bluesky/oauth/oauth-client';
import type { LinkPreviews } from './social/link-card/link-preview';

/** Everything a route needs, built once at start by server/main.ts (or by a test). */
export interface AppDeps {
  config: Config;
  database: Database;
  db: Db;
  log: Logger;
  storage: BlobStore;
  mailer: Mailer;
  /** Mail recorded by requests and sent by the background worker (deps.social.worker). */
  outbox: MailOutbox;
  tokens: TokenSigner;
  authCache: AuthCache;
  /** Signs and checks the token-free addresses of media bytes. */
  mediaUrls: MediaUrls;
  /** Signs and opens the token-free, expiring addresses under APP_URL/m/ that Meta's servers fetch post media from. */
  mediaLinks: MediaLinks;
  /** The one way out for requests to addresses an artist chose: checked at every connection and redirect. */
  outbound: OutboundDoor;
  domains: {
    /** Asks the DNS for a custom domain's TXT record (DNS_SERVERS, or the system's resolvers). */
    resolver: TxtResolver;
    /** Which hosts are verified custom domains, remembered for a few seconds. */
    hosts: VerifiedHosts;
  };
  /** Link cards: pages read through their own guarded door, their images recompressed into storage. */
  linkPreviews: LinkPreviews;
  social: {
    /** Seals app passwords and session tokens at rest. */
    box: SecretBox;
    /** Signed-in Bluesky agents of this process, one per account. */
    agents: BlueskyAgents;
    /** Connecting Bluesky accounts with OAuth: the client, its sealed states and grants. */
    oauth: BlueskyOAuth;
    /** Publishes due posts and delivers them; main.ts starts it (tests start it when they need it). */
    worker: DeliveryWorker;
  };
}

export type AppEnv = {
  Variables: {
    auth: AuthEntry;
    requestId: string;
  };
};
