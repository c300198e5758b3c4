import { AuthCache } from './auth/auth-cache';
import { createTokenSigner } from './auth/tokens';
import type { Config } from './config';
import type { AppDeps } from './context';
import { openDatabase } from './db/client';
import type { Logger } from './log';
import { createMediaUrls } from './media-urls';
import { composeAccountMail } from './auth/account-mail';
import { createMailer } from './mail/mailer';
import { createOutboundDoor } from './outbound/guarded-fetch';
import { composeInquiryMail, recordInquiryMailed } from './inquiries/inquiry.mail';
import { createMailOutbox } from './mail/outbox';
import { deriveKey, loadOrCreateSecret } from './secrets';
import { createBlueskyAgents } from './social/providers/bluesky/agents';
import type { DeliveryWorker } from './worker/delivery-worker';
import { composePostFailedMail } from './social/post-failed.mail';
import { composeConsignmentOverdueMail } from './consignments/consignment-overdue';
import { createDeliveryWorker } from './worker/worker';
import { createTxtResolver } from './domains/dns-resolver';
import { createVerifiedHosts } from './domains/verified-hosts';
import { findVerifiedSite } from './domains/domain.repo';
import { createSecretBox } from './social/secret-box';
import { createMediaLinks } from './social/post-media-link';
import { createBlueskyOAuth } from './social/providers/bluesky/oauth/oauth-client';
import { createLinkPreviews } from './social/link-card/link-preview';
import { createBlobStore } from './storage';

/** Opens the database (migrating it), storage and mail, and derives the keys: everything routes depend on. */
export async function createDeps(config: Config, log: Logger, overrides: Partial<AppDeps> = {}): Promise<AppDeps> {
  const secret = loadOrCreateSecret(config.dataDir, 'jwt', config.jwtSecret);
  const database = overrides.database ?? (await openDatabase(config.database, log));
  const authCache = new AuthCache(database, log);
  await authCache.start(database);
  const mailer = overrides.mailer ?? createMailer(config.mail, log);
  const box = createSecretBox(loadOrCreateSecret(config.dataDir, 'social', config.social.secretKey));
  const accountMail = composeAccountMail(database.db, config.appUrl);
  const inquiryMail = composeInquiryMail(database.db, config.appUrl);
  const postFailedMail = composePostFailedMail(database.db, config.appUrl);
  const consignmentOverdueMail = composeConsignmentOverdueMail(database.db, config.appUrl);
  const outbound = overrides.outbound ?? createOutboundDoor({ allowPrivateNetwork: config.social.allowPrivateNetwork });
  const storage = overrides.storage ?? createBlobStore(config.storage, deriveKey(secret, 'uploads'));
  const oauth = createBlueskyOAuth({ config, db: database.db, box, log, fetch: outbound.fetch });
  const deps: AppDeps = {
    config,
    database,
    db: database.db,
    log,
    storage,
    mailer,
    outbox: createMailOutbox(
      database.db,
      mailer,
      (row) =>
        row.kind === 'inquiry'
          ? inquiryMail(row)
          : row.kind === 'post-failed'
            ? postFailedMail(row)
            : row.kind === 'consignment-overdue'
              ? consignmentOverdueMail(row)
              : accountMail(row),
      log,
      {
        sent: recordInquiryMailed(database.db),
      },
    ),
    tokens: createTokenSigner(secret, config.appUrl),
    authCache,
    mediaUrls: createMediaUrls(deriveKey(secret, 'media')),
    mediaLinks: createMediaLinks(deriveKey(secret, 'media-links')),
    outbound,
    domains: {
      resolver: createTxtResolver({ servers: config.domains.dnsServers, timeoutMs: config.domains.dnsTimeoutMs }),
      hosts: createVerifiedHosts((host) => findVerifiedSite(database.db, host)),
    },
    linkPreviews: createLinkPreviews(storage, log, { allowPrivateNetwork: config.social.allowPrivateNetwork }),
    social: {
      box,
      agents: createBlueskyAgents(database.db, box, log, outbound.fetch, oauth),
      oauth,
      // The worker is built from the deps it belongs to (below), before anything can start it or ask for it.
      get worker(): DeliveryWorker {
        return worker;
      },
    },
    ...overrides,
  };
  const worker = createDeliveryWorker(deps);
  return deps;
}
