import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

const optionalUrl = (name: string) =>
  z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(z.url({ error: `${name} must be a URL` }).optional());

/** A Meta app id: digits, or nothing (that network is not set up). */
const metaAppId = (name: string) =>
  z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(
      z
        .string()
        .regex(/^\d{1,32}$/, { error: `${name} must be the app's numeric id` })
        .optional(),
    );

/** How many proxies stand in front of the server: `true` is one, `false` or nothing none. */
const proxyHops = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v === '' || v === 'false' ? '0' : v === 'true' ? '1' : v))
  .pipe(z.string().regex(/^\d{1,2}$/, { error: 'TRUST_PROXY must be true, false or the number of proxies in front' }))
  .transform(Number);

/** Every setting the server reads, with its default. README.md lists them. */
const envSchema = z
  .object({
    PORT: z.coerce.number({ error: 'PORT must be a number' }).int().min(0).max(65535).default(8080),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATA_DIR: z.string().min(1).default('./data'),
    APP_URL: optionalUrl('APP_URL'),
    API_URL: optionalUrl('API_URL'),
    STATIC_DIR: z.string().min(1).default('./dist'),
    CORS_ORIGINS: z.string().optional().default(''),
    DATABASE_URL: optionalUrl('DATABASE_URL'),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
    SMTP_URL: optionalUrl('SMTP_URL'),
    MAIL_FROM: z.string().min(3).default('Artist Studio <no-reply@localhost>'),
    S3_ENDPOINT: optionalUrl('S3_ENDPOINT'),
    S3_BUCKET: z.string().optional(),
    S3_REGION: z.string().default('us-east-1'),
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    S3_FORCE_PATH_STYLE: bool,
    JWT_SECRET: z.string().min(32, { error: 'JWT_SECRET must be at least 32 characters' }).optional(),
    TRUST_PROXY: proxyHops,
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    SOCIAL_ALLOW_PRIVATE_NETWORK: bool,
    SOCIAL_SECRET_KEY: z.string().min(32, { error: 'SOCIAL_SECRET_KEY must be at least 32 characters' }).optional(),
    SOCIAL_POLL_MS: z.coerce.number({ error: 'SOCIAL_POLL_MS must be a number' }).int().min(50).max(60_000).default(400),
    SOCIAL_LEASE_SECONDS: z.coerce.number({ error: 'SOCIAL_LEASE_SECONDS must be a number' }).int().min(3).max(3600).default(6),
    OAUTH_PRIVATE_KEY: z.string().optional(),
    OAUTH_PLC_URL: optionalUrl('OAUTH_PLC_URL'),
    OAUTH_HANDLE_RESOLVER: optionalUrl('OAUTH_HANDLE_RESOLVER'),
    SOCIAL_CONCURRENCY: z.coerce.number({ error: 'SOCIAL_CONCURRENCY must be a number' }).int().min(1).max(100).default(8),
    SOCIAL_ATTEMPT_SECONDS: z.coerce.number({ error: 'SOCIAL_ATTEMPT_SECONDS must be a number' }).int().min(1).max(3600).default(90),
    BSKY_APPVIEW_URL: optionalUrl('BSKY_APPVIEW_URL'),
    BSKY_VIDEO_URL: optionalUrl('BSKY_VIDEO_URL'),
    BSKY_VIDEO_PDS_HOSTS: z.string().optional().default('bsky.social,*.bsky.network'),
    BSKY_VIDEO_POLL_MS: z.coerce.number({ error: 'BSKY_VIDEO_POLL_MS must be a number' }).int().min(50).max(60_000).default(1500),
    SOCIAL_METRICS_MS: z.coerce.number({ error: 'SOCIAL_METRICS_MS must be a number' }).int().min(0).max(3_600_000).default(60_000),
    SHUTDOWN_GRACE_SECONDS: z.coerce.number({ error: 'SHUTDOWN_GRACE_SECONDS must be a number' }).int().min(0).max(3600).default(20),
    SHUTDOWN_DELAY_SECONDS: z.coerce.number({ error: 'SHUTDOWN_DELAY_SECONDS must be a number' }).int().min(0).max(300).default(0),
    QA_TOOLS: bool,
    QA_REPORT_FILE: z.string().min(1).default('.tmp/qa-report.json'),
    DNS_SERVERS: z.string().optional().default(''),
    DNS_TIMEOUT_MS: z.coerce.number({ error: 'DNS_TIMEOUT_MS must be a number' }).int().min(100).max(60_000).default(5000),
    CUSTOM_DOMAIN_IPS: z.string().optional().default(''),
    INSTAGRAM_APP_ID: metaAppId('INSTAGRAM_APP_ID'),
    INSTAGRAM_APP_SECRET: z.string().optional(),
    INSTAGRAM_AUTHORIZE_URL: optionalUrl('INSTAGRAM_AUTHORIZE_URL'),
    INSTAGRAM_API_URL: optionalUrl('INSTAGRAM_API_URL'),
    INSTAGRAM_GRAPH_URL: optionalUrl('INSTAGRAM_GRAPH_URL'),
    FACEBOOK_APP_ID: metaAppId('FACEBOOK_APP_ID'),
    FACEBOOK_APP_SECRET: z.string().optional(),
    FACEBOOK_AUTHORIZE_URL: optionalUrl('FACEBOOK_AUTHORIZE_URL'),
    FACEBOOK_GRAPH_URL: optionalUrl('FACEBOOK_GRAPH_URL'),
    FACEBOOK_CONFIG_ID: z
      .string()
      .regex(/^\d{5,25}$/, { error: 'FACEBOOK_CONFIG_ID must be the id of a Facebook Login for Business configuration (digits)' })
      .optional(),
    META_GRAPH_VERSION: z
      .string()
      .regex(/^v\d{1,3}\.\d{1,3}$/, { error: 'META_GRAPH_VERSION must be a Graph API version such as v24.0' })
      .default('v24.0'),
    STORAGE_SWEEP_GRACE_MINUTES: z.coerce
      .number({ error: 'STORAGE_SWEEP_GRACE_MINUTES must be a number' })
      .int()
      .min(0)
      .max(10_080)
      .default(60),
  })
  .superRefine((env, ctx) => {
    if (env.S3_BUCKET && !env.S3_ENDPOINT && !env.S3_REGION) {
      ctx.addIssue({ code: 'custom', path: ['S3_REGION'], message: 'S3_REGION is required with S3_BUCKET' });
    }
    // Instances sharing a database must share these keys; one that made its own would split the service silently.
    for (const name of ['JWT_SECRET', 'SOCIAL_SECRET_KEY'] as const) {
      if (env.DATABASE_URL && !env[name]) {
        ctx.addIssue({
          code: 'custom',
          path: [name],
          message: `${name} is required with DATABASE_URL (every instance sharing the database needs the same one)`,
        });
      }
    }
    // On https the server is a confidential OAuth client: every instance must sign with the key Bluesky servers read.
    if (env.DATABASE_URL && env.APP_URL?.startsWith('https:') && !env.OAUTH_PRIVATE_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['OAUTH_PRIVATE_KEY'],
        message: 'OAUTH_PRIVATE_KEY is required with DATABASE_URL and an https APP_URL (every instance needs the same one)',
      });
    }
    if (env.OAUTH_PRIVATE_KEY && !isPrivateJwk(env.OAUTH_PRIVATE_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: ['OAUTH_PRIVATE_KEY'],
        message: 'OAUTH_PRIVATE_KEY must be a private JWK (JSON with "kty" and "d")',
      });
    }
    for (const ip of list(env.CUSTOM_DOMAIN_IPS)) {
      if (!isIP(ip))
        ctx.addIssue({ code: 'custom', path: ['CUSTOM_DOMAIN_IPS'], message: `CUSTOM_DOMAIN_IPS: ${ip} is not an IP address` });
    }
    // An app id without its secret (or the other way round) cannot connect anyone: say so at start, not at the first connect.
    for (const network of ['INSTAGRAM', 'FACEBOOK'] as const) {
      const id = env[`${network}_APP_ID`];
      const secret = env[`${network}_APP_SECRET`];
      if (id && !secret)
        ctx.addIssue({
          code: 'custom',
          path: [`${network}_APP_SECRET`],
          message: `${network}_APP_SECRET is required with ${network}_APP_ID`,
        });
      if (secret && !id)
        ctx.addIssue({ code: 'custom', path: [`${network}_APP_ID`], message: `${network}_APP_ID is required with ${network}_APP_SECRET` });
    }
    if (env.S3_ENDPOINT && !env.S3_BUCKET) {
      ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'S3_BUCKET is required with S3_ENDPOINT' });
    }
  });

export type Config = ReturnType<typeof loadConfig>;

function isPrivateJwk(value: string): boolean {
  try {
    const jwk = JSON.parse(value) as { kty?: unknown; d?: unknown };
    return typeof jwk.kty === 'string' && typeof jwk.d === 'string';
  } catch {
    return false;
  }
}

/** A comma-separated setting as its entries. */
const list = (value: string) =>
  value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

export class ConfigError extends Error {}

/** Reads and validates the environment once at start; a bad setting stops the server with a clear message. */
export function loadConfig(env: Record<string, string | undefined> = process.env) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const appUrl = (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    appUrl,
    /** Where browsers reach the API; by default the origin each request came to. */
    apiUrl: e.API_URL?.replace(/\/$/, ''),
    staticDir: path.resolve(e.STATIC_DIR),
    corsOrigins: e.CORS_ORIGINS.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    database: e.DATABASE_URL
      ? ({ kind: 'postgres', url: e.DATABASE_URL, poolSize: e.DATABASE_POOL_SIZE } as const)
      : ({ kind: 'pglite', dir: path.join(dataDir, 'db') } as const),
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, dir: path.join(dataDir, 'mail') },
    storage: e.S3_BUCKET
      ? ({
          kind: 's3',
          endpoint: e.S3_ENDPOINT,
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
        } as const)
      : ({ kind: 'local', dir: path.join(dataDir, 'files') } as const),
    jwtSecret: e.JWT_SECRET,
    /** Proxies in front: the client address is the entry this many from the right of X-Forwarded-For (0: the socket's). */
    trustProxyHops: e.TRUST_PROXY,
    /** How long a stopping instance lets requests in flight finish. */
    shutdownGraceSeconds: e.SHUTDOWN_GRACE_SECONDS,
    /** How long a stopping instance keeps its port open while not ready, so the proxy's checks take it out first. */
    shutdownDelaySeconds: e.SHUTDOWN_DELAY_SECONDS,
    /** How old a file no row claims must be before the sweeper removes it (younger ones may be work in progress). */
    storageSweepGraceMinutes: e.STORAGE_SWEEP_GRACE_MINUTES,
    logLevel: e.LOG_LEVEL,
    qa: {
      /** The statechart studio for QA (/qa, the live panel, /api/qa/*); off, none of it is served or downloaded. */
      tools: e.QA_TOOLS,
      /** Where the model tests write their coverage and paths; read at each request, so a new test run shows at once. */
      reportFile: path.resolve(e.QA_REPORT_FILE),
    },
    domains: {
      /** Where custom-domain checks ask for TXT records ('127.0.0.1:5353', ...); none: the system's resolvers. */
      dnsServers: list(e.DNS_SERVERS),
      /** How long one check waits for the DNS before saying it did not answer. */
      dnsTimeoutMs: e.DNS_TIMEOUT_MS,
      /** The server's public addresses, offered as A/AAAA records for domains that cannot have a CNAME (an apex). */
      targetIps: list(e.CUSTOM_DOMAIN_IPS),
    },
    social: {
      /** Lets a PDS address point at loopback or a private network (tests, self-hosting on a LAN). */
      allowPrivateNetwork: e.SOCIAL_ALLOW_PRIVATE_NETWORK,
      secretKey: e.SOCIAL_SECRET_KEY,
      /** How often the delivery worker looks for due posts and deliveries. */
      pollMs: e.SOCIAL_POLL_MS,
      /**
       * How long a claimed delivery stays with the instance that claimed it before another may take it over. A heartbeat
       * renews it while the attempt runs, so it only has to outlast a pause of the instance, not a whole attempt.
       */
      leaseSeconds: e.SOCIAL_LEASE_SECONDS,
      /** Deliveries one instance attempts at the same time. */
      concurrency: e.SOCIAL_CONCURRENCY,
      /** How long one delivery attempt may take before its slot is taken back and it is tried again later. */
      attemptMs: e.SOCIAL_ATTEMPT_SECONDS * 1000,
      oauth: {
        /** The confidential client's signing key (a private JWK); none: generated once into DATA_DIR/keys. */
        privateKey: e.OAUTH_PRIVATE_KEY || undefined,
        /** The PLC directory that resolves did:plc identities (default https://plc.directory; tests: dev-env's). */
        plcUrl: e.OAUTH_PLC_URL,
        /** A service answering com.atproto.identity.resolveHandle; none: handles resolve by DNS and https (the standard way). */
        handleResolver: e.OAUTH_HANDLE_RESOLVER,
      },
      /** The Bluesky AppView that posts' likes, reposts, replies and quotes are read from (public, no sign-in). */
      appViewUrl: (e.BSKY_APPVIEW_URL ?? 'https://public.api.bsky.app').replace(/\/$/, ''),
      /** How often the metrics refresher looks for posts due a read (0: never); see server/social/metrics-schedule.ts. */
      metricsMs: e.SOCIAL_METRICS_MS,
      /**
       * Instagram (Business Login for Instagram) and Facebook Pages (Facebook Login for Business): each null until its
       * app id and secret are set. The addresses are Meta's; tests point them at a fake.
       */
      meta: {
        graphVersion: e.META_GRAPH_VERSION,
        instagram: e.INSTAGRAM_APP_ID
          ? {
              appId: e.INSTAGRAM_APP_ID,
              appSecret: e.INSTAGRAM_APP_SECRET!,
              authorizeUrl: e.INSTAGRAM_AUTHORIZE_URL ?? 'https://www.instagram.com/oauth/authorize',
              apiUrl: (e.INSTAGRAM_API_URL ?? 'https://api.instagram.com').replace(/\/$/, ''),
              graphUrl: (e.INSTAGRAM_GRAPH_URL ?? 'https://graph.instagram.com').replace(/\/$/, ''),
              graphVersion: e.META_GRAPH_VERSION,
            }
          : null,
        facebook: e.FACEBOOK_APP_ID
          ? {
              appId: e.FACEBOOK_APP_ID,
              appSecret: e.FACEBOOK_APP_SECRET!,
              authorizeUrl: e.FACEBOOK_AUTHORIZE_URL ?? 'https://www.facebook.com/dialog/oauth',
              graphUrl: (e.FACEBOOK_GRAPH_URL ?? 'https://graph.facebook.com').replace(/\/$/, ''),
              graphVersion: e.META_GRAPH_VERSION,
              configId: e.FACEBOOK_CONFIG_ID ?? null,
            }
          : null,
      },
      /** Bluesky's video service; see server/social/providers/bluesky/video-service.ts and docs/decisions.md. */
      video: {
        url: (e.BSKY_VIDEO_URL ?? 'https://video.bsky.app').replace(/\/$/, ''),
        /** The PDS hosts whose accounts send videos through it ('*.bsky.network': any host under it); others send a blob. */
        pdsHosts: list(e.BSKY_VIDEO_PDS_HOSTS),
        /** How often a processing job's status is asked for. */
        pollMs: e.BSKY_VIDEO_POLL_MS,
        /** How long one delivery attempt waits for a job before it is tried again later (the job is kept): within the attempt's time. */
        maxWaitMs: Math.max(e.SOCIAL_ATTEMPT_SECONDS * 500, e.SOCIAL_ATTEMPT_SECONDS * 1000 - 30_000),
      },
    },
  };
}
