import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Artwork, ArtworkPage } from '../../src/schemas/artwork.schema';
import type { JournalPage } from '../../src/schemas/journal.schema';
import { startServer, type RunningServer } from '../support/browser';
import { artworkInput } from '../support/portfolio';
import { signUpOn } from '../support/social';
import { dbLabel, seedPgliteDir, testDatabaseConfig } from '../support/test-db';

const ROUNDS = 5;
const WRITERS = 12;
/** Writes answered before the kill starts its clock, so every round has something to lose. */
const ACKS_BEFORE_KILL = 8;
const PASSWORD = 'Secret123';

/** What the artist was told about one artwork: its title as last saved, and a save still unanswered at the kill. */
interface Known {
  title: string;
  pending?: string;
  edits: number;
  deleted: boolean;
  deletePending: boolean;
}

/**
 * The server is killed with SIGKILL while artists' saves are in flight, five times over the same data: each time it
 * opens again (the embedded database recovers and takes over the lock the dead process left), and every save it
 * answered with success before dying is there, in the artwork, its list and its journal.
 */
describe(`crash durability under kill -9 (${dbLabel()})`, () => {
  const spareDirs: string[] = [];
  let dataDir: string;
  let server: RunningServer | undefined;
  afterAll(async () => {
    if (server) await server.stop();
    for (const dir of [...spareDirs, dataDir]) if (dir) await fs.rm(dir, { recursive: true, force: true });
  });

  it(`keeps every acknowledged write through ${ROUNDS} kills during concurrent writes`, async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'studio-crash-'));
    const database = await testDatabaseConfig();
    if (database.kind === 'pglite') await seedPgliteDir(path.join(dataDir, 'db'));
    const env: Record<string, string> = {
      ...(database.kind === 'postgres' ? { DATABASE_URL: database.url } : {}),
      DATA_DIR: dataDir,
      JWT_SECRET: 'crash-secret-crash-secret-crash-secret!',
      SOCIAL_SECRET_KEY: 'crash-social-crash-social-crash-social!',
      LOG_LEVEL: 'warn',
    };
    const email = `crash-${Date.now()}@example.com`;
    const known = new Map<string, Known>();
    const acknowledgedPerRound: number[] = [];
    const restartMs: number[] = [];

    const start = async () => {
      const started = await startServer(env);
      spareDirs.push(started.dataDir);
      // Instances of one database agree on the public address; the port changes from start to start.
      env.APP_URL ??= started.url;
      return started;
    };
    const api =
      (token: string) =>
      async (p: string, init: { method?: string; json?: unknown } = {}) =>
        fetch(`${server!.url}/api${p}`, {
          method: init.method ?? 'GET',
          headers: { authorization: `Bearer ${token}`, ...(init.json ? { 'content-type': 'application/json' } : {}) },
          body: init.json ? JSON.stringify(init.json) : undefined,
        });
    const signIn = async () => {
      const res = await fetch(`${server!.url}/api/auth/sign-in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: PASSWORD }),
      });
      expect(res.status, await res.clone().text()).toBe(200);
      return ((await res.json()) as { idToken: string }).idToken;
    };

    /** After a start on the data a killed server left: it is ready, and nothing it acknowledged is missing. */
    const checkEverythingAcknowledged = async (token: string) => {
      const call = api(token);
      expect((await fetch(`${server!.url}/api/health/ready`)).status).toBe(200);
      await Promise.all(
        [...known].map(async ([id, k]) => {
          const res = await call(`/artwork/${id}`);
          if (k.deleted) return expect(res.status, `deleted artwork ${id}`).toBe(404);
          // A delete or a save unanswered at the kill may or may not have landed; an answered one must have.
          if (res.status === 404 && k.deletePending) return;
          expect(res.status, `artwork ${id}`).toBe(200);
          const { title } = (await res.json()) as Artwork;
          expect([k.title, k.pending ?? k.title], `title of ${id}`).toContain(title);
        }),
      );
      const listed = new Set<string>();
      for (let page = 1; ; page++) {
        const res = await call(`/artwork?pageSize=100&page=${page}`);
        expect(res.status).toBe(200);
        const body = (await res.json()) as ArtworkPage;
        body.items.forEach((a) => listed.add(a.artworkId));
        if (page * body.pageSize >= body.total) break;
      }
      const kept = [...known].filter(([, k]) => !k.deleted && !k.deletePending).map(([id]) => id);
      expect(
        kept.filter((id) => !listed.has(id)),
        'acknowledged artworks missing from the list',
      ).toEqual([]);

      const entries = new Map<string, { created: number; updated: number }>();
      let cursor = '';
      do {
        const res = await call(`/journal?limit=100&includeDismissed=true${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
        expect(res.status).toBe(200);
        const body = (await res.json()) as JournalPage;
        for (const entry of body.items) {
          const id = String(entry.metadata.artworkId);
          const seen = entries.get(id) ?? { created: 0, updated: 0 };
          if (entry.journalEntryType === 'artwork.new') seen.created++;
          else seen.updated++;
          entries.set(id, seen);
        }
        cursor = body.nextCursor ?? '';
      } while (cursor);
      const journalGaps = [...known]
        .filter(([id, k]) => entries.get(id)?.created !== 1 || (entries.get(id)?.updated ?? 0) < k.edits)
        .map(([id, k]) => `${id}: journal ${JSON.stringify(entries.get(id))}, ${k.edits} edits acknowledged`);
      expect(journalGaps, 'acknowledged changes missing from the journal').toEqual([]);
    };

    /** One writer: creates an artwork, renames it twice, deletes every third one; over and over until the kill. */
    const writer = async (token: string, round: number, w: number, onAck: () => void) => {
      const call = api(token);
      for (let n = 0; ; n++) {
        const title = `r${round} w${w} n${n}`;
        const created = await call('/artwork', { method: 'POST', json: artworkInput('AUDIO', { title }) });
        if (created.status !== 201) throw new Error(`create answered ${created.status}`);
        const { artworkId } = (await created.json()) as Artwork;
        const k: Known = { title, edits: 0, deleted: false, deletePending: false };
        known.set(artworkId, k);
        onAck();
        for (const edit of [1, 2]) {
          k.pending = `${title} edit ${edit}`;
          const res = await call(`/artwork/${artworkId}`, { method: 'PUT', json: artworkInput('AUDIO', { title: k.pending }) });
          if (res.status !== 200) throw new Error(`edit answered ${res.status}`);
          await res.body?.cancel();
          k.title = k.pending;
          k.pending = undefined;
          k.edits++;
          onAck();
        }
        if (n % 3 === 2) {
          k.deletePending = true;
          const res = await call(`/artwork/${artworkId}`, { method: 'DELETE' });
          if (res.status !== 204) throw new Error(`delete answered ${res.status}`);
          k.deleted = true;
          onAck();
        }
      }
    };

    server = await start();
    let token = await signUpOn({ ...server, dataDir }, email, PASSWORD);
    for (let round = 1; round <= ROUNDS; round++) {
      let acknowledged = 0;
      let enough!: () => void;
      const enoughAcknowledged = new Promise<void>((resolve) => (enough = resolve));
      const writers = Array.from({ length: WRITERS }, (_, w) =>
        writer(token, round, w, () => ++acknowledged >= ACKS_BEFORE_KILL && enough()).then(
          () => 'finished',
          (err: Error) => String(err.cause ?? err),
        ),
      );
      await Promise.race([
        enoughAcknowledged,
        new Promise((_, reject) =>
          setTimeout(() => reject(new Error(`round ${round}: only ${acknowledged} writes answered in 20 s`)), 20_000),
        ),
      ]);
      await new Promise((r) => setTimeout(r, 150 + Math.random() * 450));
      const killed = server;
      process.kill(killed.pid, 'SIGKILL');
      expect(await killed.exited).toBe('SIGKILL');
      // Every writer ends on a connection the kill cut, never on an answer that was not a success.
      const endings = await Promise.all(writers);
      expect(endings.filter((e) => !/ECONNRESET|ECONNREFUSED|other side closed|socket hang up|terminated|fetch failed/i.test(e))).toEqual(
        [],
      );
      acknowledgedPerRound.push(acknowledged);
      if (database.kind === 'pglite') {
        // The dead process's lock is still there; the next start must take it over.
        expect(await fs.readFile(path.join(dataDir, 'server.pid'), 'utf8')).toBe(String(killed.pid));
      }

      const restarting = performance.now();
      server = await start();
      restartMs.push(Math.round(performance.now() - restarting));
      token = await signIn();
      await checkEverythingAcknowledged(token);
    }
    console.log(
      `[crash-durability ${dbLabel()}] acknowledged writes per round ${JSON.stringify(acknowledgedPerRound)}; ` +
        `${known.size} artworks checked; ready again after ${JSON.stringify(restartMs)} ms`,
    );
    expect(acknowledgedPerRound.every((n) => n >= ACKS_BEFORE_KILL)).toBe(true);
  }, 240_000);
});
