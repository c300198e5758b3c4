import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import sharp from 'sharp';
import { loadConfig } from '../server/config';
import type { AppDeps } from '../server/context';
import { openDatabase } from '../server/db/client';
import { artworks, uploads, users } from '../server/db/schema';
import { createDeps } from '../server/deps';
import { createLogger } from '../server/log';
import { processArtworkMedia } from '../server/media/media.processor';
import { INPUT_OPTIONS, VARIANTS, WEBP_OPTIONS } from '../server/media/media.variants';
import { startPostgresCluster } from '../test/support/postgres-cluster';
import { makeJpeg } from '../test/support/portfolio';
import { signedInUser, startServer, type BudgetResult, type RunningServer, type Suite } from './support';

const ARTWORKS = 10_000;
const PAGE_SIZE = 48;
const WARM_UP = 40;
const REQUESTS = 200;
const LIST_BUDGET_MS = 50;
const VARIANT_RUNS = 5;
const VARIANT_BUDGET = 1.3;
const EMAIL = 'portfolio-bench@example.com';
const PASSWORD = 'Bench12345';

/** 10,000 varied artworks for one user in one statement (titles, years with gaps, media, statuses, dates). */
const BULK_INSERT = (userId: string) => sql`
  insert into ${artworks} (user_id, title, year, medium, description, tags, sale_status, media_type, dimensions, created_at, updated_at)
  select ${userId}::uuid,
    (array['Harbour','Bird','Study','Portrait','Field','Night','Untitled','blue','red'])[1 + i % 9] || ' ' || substr(md5(i::text), 1, 8),
    case when i % 10 = 0 then null else 1900 + i % 125 end,
    (array['Oil on canvas','Watercolour','Bronze','Digital','ink on paper'])[1 + i % 5],
    'Description of artwork ' || i,
    array['tag' || (i % 7), 'series' || (i % 13)],
    (array['AVAILABLE','SOLD','NOT_FOR_SALE'])[1 + i % 3],
    'PHYSICAL_2D',
    '{"mediaType":"PHYSICAL_2D","measurementSystem":"metric","height":50,"width":70}'::jsonb,
    now() - i * interval '1 minute',
    now() - (i * 7919 % ${ARTWORKS}) * interval '1 minute'
  from generate_series(1, ${ARTWORKS}) as i`;

/** Page requests over several sorts, orders and pages (first, middle, last), as the list screen makes them. */
function listQueries() {
  const sorts = ['createdAt&order=desc', 'title&order=asc', 'year&order=desc', 'updatedAt&order=asc', 'medium&order=asc', 'saleStatus&order=desc'];
  const pages = [1, 2, 10, 104, 209];
  return sorts.flatMap((sort) => pages.map((page) => `/api/artwork?pageSize=${PAGE_SIZE}&sort=${sort}&page=${page}`));
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const median = (values: number[]) => percentile(values, 50);

async function timeRequests(server: RunningServer, idToken: string, queries: string[]) {
  const headers = { authorization: `Bearer ${idToken}` };
  const once = async (q: string) => {
    const started = performance.now();
    const res = await fetch(server.url + q, { headers });
    const body = (await res.json()) as { items?: unknown[]; total?: number };
    const ms = performance.now() - started;
    if (!res.ok || body.total !== ARTWORKS) throw new Error(`${q}: ${res.status} total ${body.total}`);
    return ms;
  };
  for (let i = 0; i < WARM_UP; i++) await once(queries[i % queries.length]);
  const times: number[] = [];
  for (let i = 0; i < REQUESTS; i++) times.push(await once(queries[i % queries.length]));
  return times;
}

async function userIdOf(server: RunningServer, idToken: string) {
  return ((await (await fetch(`${server.url}/api/user`, { headers: { authorization: `Bearer ${idToken}` } })).json()) as { userId: string }).userId;
}

function listResult(label: string, times: number[]): BudgetResult {
  const p95 = percentile(times, 95);
  return {
    name: `GET /api/artwork, a page of ${PAGE_SIZE} of ${ARTWORKS.toLocaleString('en')} artworks, p95 (${label})`,
    budget: `< ${LIST_BUDGET_MS} ms`,
    measured: `${p95.toFixed(1)} ms (median ${median(times).toFixed(1)} ms, max ${Math.max(...times).toFixed(1)} ms)`,
    pass: p95 < LIST_BUDGET_MS,
    method:
      `${REQUESTS} sequential requests over HTTP after ${WARM_UP} to warm up, cycling 6 sorts x 5 pages (1 to the last), each with its total, ` +
      `against one server process started as npm start does; the artworks inserted with one SQL statement, then analyzed ` +
      `as autovacuum (PostgreSQL) or the server's own maintenance (PGlite) does within a minute.`,
  };
}

/** PGlite lives inside the server process: insert while it is stopped, then start it again on the same data. */
async function measurePglite(): Promise<BudgetResult> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-portfolio-'));
  const env = { LOG_LEVEL: 'warn', DATA_DIR: dataDir };
  try {
    let server = await startServer(env);
    let userId: string;
    try {
      const { idToken } = await signedInUser({ ...server, dataDir }, EMAIL, PASSWORD);
      userId = await userIdOf(server, idToken);
    } finally {
      await server.stop();
    }
    const database = await openDatabase({ kind: 'pglite', dir: path.join(dataDir, 'db') }, createLogger('silent'));
    await database.db.execute(BULK_INSERT(userId));
    // What the server's PGlite maintenance (its stand-in for autovacuum) does within a minute of such a change.
    await database.db.execute(sql`analyze artworks`);
    await database.close();
    server = await startServer(env);
    try {
      const res = await fetch(`${server.url}/api/auth/sign-in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
      });
      const { idToken } = (await res.json()) as { idToken: string };
      return listResult('PGlite', await timeRequests(server, idToken, listQueries()));
    } finally {
      await server.stop();
    }
  } finally {
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

async function measurePostgres(): Promise<BudgetResult> {
  const cluster = await startPostgresCluster();
  try {
    const server = await startServer({ LOG_LEVEL: 'warn', DATABASE_URL: cluster.url });
    try {
      const { idToken } = await signedInUser(server);
      const userId = await userIdOf(server, idToken);
      const client = new pg.Client({ connectionString: cluster.url });
      await client.connect();
      try {
        const { drizzle } = await import('drizzle-orm/node-postgres');
        await drizzle(client).execute(BULK_INSERT(userId));
        // What autovacuum does within a minute of such a change.
        await drizzle(client).execute(sql`analyze artworks`);
      } finally {
        await client.end();
      }
      return listResult('PostgreSQL', await timeRequests(server, idToken, listQueries()));
    } finally {
      await server.stop();
    }
  } finally {
    await cluster.stop();
  }
}

/** Sharp alone: each variant straight from the bytes in memory, all at once, with the same settings. */
async function sharpAlone(jpeg: Buffer) {
  await Promise.all(
    Object.values(VARIANTS).map((v) =>
      sharp(jpeg, INPUT_OPTIONS)
        .autoOrient()
        .resize(v.width, v.height, v.fit === 'cover' ? { fit: 'cover', position: 'attention' } : { fit: 'inside', withoutEnlargement: true })
        .webp(WEBP_OPTIONS)
        .toBuffer(),
    ),
  );
}

/** Our path: the upload processor as a confirmed upload runs it (read from storage, variants, store them, record). */
async function measureVariants(): Promise<BudgetResult> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-variants-'));
  let deps: AppDeps | undefined;
  try {
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', JWT_SECRET: 'bench-secret-bench-secret-bench-secret' });
    deps = await createDeps(config, createLogger('silent'));
    const [user] = await deps.db.insert(users).values({ email: 'variants@example.com', passwordHash: 'x' }).returning();
    const [artwork] = await deps.db
      .insert(artworks)
      .values({ userId: user.id, saleStatus: 'AVAILABLE', mediaType: 'PHYSICAL_2D', dimensions: { mediaType: 'PHYSICAL_2D', measurementSystem: 'metric', height: 1, width: 1 } })
      .returning();
    const jpeg = await makeJpeg(4000, 3000, { quality: 90 });

    const ours = async () => {
      const id = randomUUID();
      const storageKey = `uploads/${user.id}/${id}`;
      await deps!.storage.put(storageKey, jpeg, 'image/jpeg');
      const [upload] = await deps!.db
        .insert(uploads)
        .values({ id, userId: user.id, purpose: 'artwork-media', targetId: artwork.id, storageKey, fileName: 'photo.jpg', contentType: 'image/jpeg', declaredBytes: jpeg.length, expiresAt: new Date(Date.now() + 60_000) })
        .returning();
      const started = performance.now();
      await processArtworkMedia(deps!, upload);
      return performance.now() - started;
    };
    const alone = async () => {
      const started = performance.now();
      await sharpAlone(jpeg);
      return performance.now() - started;
    };

    await ours();
    await alone();
    const oursMs: number[] = [];
    const aloneMs: number[] = [];
    // Interleaved, so both see the same machine.
    for (let i = 0; i < VARIANT_RUNS; i++) {
      oursMs.push(await ours());
      aloneMs.push(await alone());
    }
    const ratio = median(oursMs) / median(aloneMs);
    return {
      name: 'Variants of a 12-megapixel JPEG: our processor vs sharp alone',
      budget: `<= ${VARIANT_BUDGET}x`,
      measured: `${ratio.toFixed(2)}x (ours ${median(oursMs).toFixed(0)} ms: ${oursMs.map((m) => m.toFixed(0)).join(', ')}; sharp alone ${median(aloneMs).toFixed(0)} ms: ${aloneMs.map((m) => m.toFixed(0)).join(', ')}; JPEG ${(jpeg.length / 1024 / 1024).toFixed(1)} MB)`,
      pass: ratio <= VARIANT_BUDGET,
      method:
        `Medians of ${VARIANT_RUNS} interleaved runs after one warm-up each, in the bench process: a 4000 x 3000 gradient-and-noise JPEG at quality 90; ` +
        "ours is the 'artwork-media' upload processor end to end (reads the file from local storage, makes smCrop/sm/preview/large WebP, stores them, " +
        'moves the original, records the row); sharp alone makes the same four variants from the bytes in memory with the same settings, all at once.',
    };
  } finally {
    await deps?.database.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

/** The portfolio budgets: the artwork list at 10,000 artworks on both databases, and the cost of image variants. */
export const portfolioSuite: Suite = {
  title: 'Portfolio: artwork list and image variants',
  async run() {
    return [await measurePglite(), await measurePostgres(), await measureVariants()];
  },
};
