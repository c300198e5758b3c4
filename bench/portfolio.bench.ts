import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../server/db/client';
import { artworks } from '../server/db/schema';
import { createLogger } from '../server/log';
import { postgresServerEnv, startPostgresCluster } from '../test/support/postgres-cluster';
import { artworkInput } from '../test/support/portfolio';
import { measureListScreen } from './list-screen';
import {
  bigPng,
  measureUploadMemory,
  median,
  percentile,
  signedInUser,
  startServer,
  uploadMemoryResult,
  type BudgetResult,
  type RunningServer,
  type Suite,
} from './support';
import { measureVariants } from './variants';

const ARTWORKS = 10_000;
const PAGE_SIZE = 48;
const WARM_UP = 40;
const REQUESTS = 200;
const LIST_BUDGET_MS = 50;
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
  const sorts = [
    'createdAt&order=desc',
    'title&order=asc',
    'year&order=desc',
    'updatedAt&order=asc',
    'medium&order=asc',
    'saleStatus&order=desc',
  ];
  const pages = [1, 2, 10, 104, 209];
  return sorts.flatMap((sort) => pages.map((page) => `/api/artwork?pageSize=${PAGE_SIZE}&sort=${sort}&page=${page}`));
}

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
  return ((await (await fetch(`${server.url}/api/user`, { headers: { authorization: `Bearer ${idToken}` } })).json()) as { userId: string })
    .userId;
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
async function measurePglite(): Promise<BudgetResult[]> {
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
      const api = listResult('PGlite', await timeRequests(server, idToken, listQueries()));
      return [api, await measureListScreen(server, EMAIL, PASSWORD, ARTWORKS, 'PGlite')];
    } finally {
      await server.stop();
    }
  } finally {
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

async function measurePostgres(): Promise<BudgetResult[]> {
  const cluster = await startPostgresCluster();
  try {
    const server = await startServer({ LOG_LEVEL: 'warn', ...postgresServerEnv(cluster.url) });
    try {
      const { idToken } = await signedInUser(server, EMAIL, PASSWORD);
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
      const api = listResult('PostgreSQL', await timeRequests(server, idToken, listQueries()));
      return [api, await measureListScreen(server, EMAIL, PASSWORD, ARTWORKS, 'PostgreSQL')];
    } finally {
      await server.stop();
    }
  } finally {
    await cluster.stop();
  }
}

/** Resident memory of the server while a 20 MB image goes to an artwork through the signed upload URL. */
async function measureMediaUpload(): Promise<BudgetResult> {
  const server = await startServer({ LOG_LEVEL: 'warn' });
  try {
    const { idToken } = await signedInUser(server);
    const created = await fetch(`${server.url}/api/artwork`, {
      method: 'POST',
      headers: { authorization: `Bearer ${idToken}`, 'content-type': 'application/json' },
      body: JSON.stringify(artworkInput('PHYSICAL_2D')),
    });
    if (created.status !== 201) throw new Error(`create artwork: ${created.status}`);
    const { artworkId } = (await created.json()) as { artworkId: string };
    const file = await bigPng();
    const memory = await measureUploadMemory(server, idToken, `/api/artwork/${artworkId}/media`, file, 'image/png');
    return uploadMemoryResult('Server RSS growth while a 20 MB artwork image is PUT to its signed URL', file, memory);
  } finally {
    await server.stop();
  }
}

/**
 * The portfolio budgets: the artwork list at 10,000 artworks on both databases (API and screen), the cost of image
 * variants, and the memory of a 20 MB media upload.
 */
export const portfolioSuite: Suite = {
  title: 'Portfolio: artwork list, image variants and media upload',
  async run() {
    return [...(await measurePglite()), ...(await measurePostgres()), await measureVariants(), await measureMediaUpload()];
  },
};
