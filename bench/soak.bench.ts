import { startPds, type Pds } from '../test/support/pds';
import { postgresServerEnv, startPostgresCluster } from '../test/support/postgres-cluster';
import { makeJpeg } from '../test/support/portfolio';
import { postRecords } from '../test/support/social';
import { SoakArtist } from './soak-artist';
import { Recorder } from './soak-client';
import { mb, rssOf, signedInUser, startServer, type BudgetResult, type Suite, type SuiteReport } from './support';

/** The load lasts 10 minutes; SOAK_SECONDS shortens it for a trial run (ID tokens last an hour: keep it under that). */
const SECONDS = Number(process.env.SOAK_SECONDS ?? 600);
const ARTISTS = 20;
const SAMPLE_MS = 10_000;
const SETTLE_MS = 15_000;
/** Each artist pauses up to this long between actions, as a person reads the screen a moment. */
const THINK_MS = 500;
const GROWTH_BUDGET_MB = 50;
const PDS_WAIT_SECONDS = 30;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
type PdsAccount = Awaited<ReturnType<Pds['createAccount']>>;

const METHOD =
  `The compiled server npm start runs, on a new data directory (PGlite) or a throwaway PostgreSQL 15, with a local PDS ` +
  `(@atproto/dev-env) in the bench process. ${ARTISTS} artists sign up and connect a Bluesky account; after ${SETTLE_MS / 1000} s of quiet, each ` +
  `repeats one action at a time for ${SECONDS} s, pausing up to ${THINK_MS} ms between them: list and search artworks (with their ` +
  `images), open, create, edit and (past 40) delete artworks, upload a 480-1024 px JPEG (ticket, PUT to the signed URL, confirm; ` +
  `half made primary), read the journal, publish the portfolio and open it as a visitor, save drafts, read the calendar, post a draft ` +
  `now. Failed = not 2xx or no answer. Afterwards every write answered 2xx is read back through the API (artworks with their last ` +
  `title and images, deletions, journal entries per create and edit, drafts, posts, portfolio) and each post from the PDS. VmRSS ` +
  `of the server process from /proc every ${SAMPLE_MS / 1000} s; growth = ${SETTLE_MS / 1000} s after the load against its start, and ` +
  `against the sample a tenth into the load (caches and pools filled by then: what grows after it is what a leak would be).`;

/** Photos as an artist takes them, a few sizes and orientations. */
const photos = () =>
  Promise.all(
    [
      [640, 480],
      [800, 600],
      [1024, 768],
      [480, 640],
    ].map(([w, h]) => makeJpeg(w, h, { quality: 85 })),
  );

async function soak(pds: Pds, accounts: PdsAccount[], images: Buffer[], label: string, env: Record<string, string>) {
  const server = await startServer({ LOG_LEVEL: 'warn', SOCIAL_ALLOW_PRIVATE_NETWORK: 'true', ...env });
  try {
    const load = new Recorder(server.url);
    const artists: SoakArtist[] = [];
    for (const [i, account] of accounts.entries()) {
      const { idToken } = await signedInUser(server, `soak-${i}-${Date.now()}@example.com`);
      const connected = await load.send('POST', '/api/social-media/accounts', {
        token: idToken,
        json: {
          platform: 'bluesky',
          handle: account.handle,
          credentials: { identifier: account.handle, appPassword: account.appPassword, service: pds.url },
        },
      });
      if (!connected) throw new Error(`connecting ${account.handle}: ${load.failureList()}`);
      artists.push(new SoakArtist(load, idToken, `${label}-${i}`, account.handle, images));
    }
    load.times.clear();
    load.total = 0;

    await sleep(SETTLE_MS);
    const started = performance.now();
    const series = [await rssOf(server.pid)];
    const sampler = setInterval(
      () =>
        void rssOf(server.pid).then(
          (rss) => series.push(rss),
          () => {},
        ),
      SAMPLE_MS,
    );
    const deadline = started + SECONDS * 1000;
    await Promise.all(
      artists.map(async (artist) => {
        while (performance.now() < deadline) {
          await artist.act();
          await sleep(Math.random() * THINK_MS);
        }
      }),
    );
    const loadSeconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    await sleep(SETTLE_MS);
    const [start, end, peak] = [series[0], await rssOf(server.pid), Math.max(...series)];
    // A leak keeps growing after the first tenth of the load, when caches and pools have filled.
    const warmIndex = Math.min(series.length - 1, Math.ceil((SECONDS * 100) / SAMPLE_MS));
    const signed = (bytes: number) => `${bytes >= 0 ? '+' : ''}${mb(bytes)}`;

    // Outside the timed load: every acknowledged write read back, and each post published found on the PDS.
    const verify = new Recorder(server.url);
    const readBacks = await Promise.all(artists.map((a) => a.readBack(verify)));
    let checked = readBacks.reduce((n, r) => n + r.checked, 0);
    const lost = readBacks.flatMap((r) => r.lost);
    for (const [i, artist] of artists.entries()) {
      const wanted = artist.postedTexts();
      checked += wanted.length;
      // A delivery the server is still retrying is not lost yet: give it a little time.
      let missing = wanted;
      for (let tries = 0; missing.length && tries < PDS_WAIT_SECONDS; tries++) {
        if (tries) await sleep(1000);
        const texts = new Set((await postRecords(accounts[i].agent, accounts[i].did)).map((r) => r.value.text));
        missing = wanted.filter((t) => !texts.has(t));
      }
      lost.push(...missing.map((t) => `'${t.split('\n')[0]}' is not on the PDS`));
    }
    if (verify.failed) lost.push(`read-back requests failed: ${verify.failureList()}`);

    const minutes = `${(SECONDS / 60).toFixed(SECONDS % 60 ? 1 : 0)} min`;
    const results: BudgetResult[] = [
      {
        name: `Failed requests, ${ARTISTS} artists' mixed load for ${minutes} (${label})`,
        budget: '0',
        measured: `${load.failed} of ${load.total} (${(load.total / loadSeconds).toFixed(0)} req/s)${load.failed ? `: ${load.failureList()}` : ''}`,
        pass: load.failed === 0 && load.total > 0,
        method: METHOD,
      },
      {
        name: `Writes answered 2xx and not read back afterwards (${label})`,
        budget: '0',
        measured: `${lost.length} of ${checked}${lost.length ? `: ${lost.slice(0, 8).join('; ')}` : ''}`,
        pass: lost.length === 0 && checked > 0,
        method: METHOD,
      },
      {
        name: `Server RSS growth over the load (${label})`,
        budget: `<= ${GROWTH_BUDGET_MB} MB`,
        measured:
          `${signed(end - start)} (${mb(start)} as the load began, ${mb(end)} ${SETTLE_MS / 1000} s after it; peak ${mb(peak)}; ` +
          `${signed(end - series[warmIndex])} from ${(warmIndex * SAMPLE_MS) / 1000} s into the load to the end)`,
        pass: end - start <= GROWTH_BUDGET_MB * 1024 * 1024,
        method: METHOD,
      },
    ];
    const details =
      `### ${label}: ${load.total} requests in ${loadSeconds.toFixed(0)} s\n\n${load.routeTable()}\n\n` +
      `RSS every ${SAMPLE_MS / 1000} s from the start of the load, MB: ${series.map((b) => (b / 1024 / 1024).toFixed(0)).join(', ')}; ` +
      `${SETTLE_MS / 1000} s after it: ${(end / 1024 / 1024).toFixed(0)}.\n`;
    return { results, details };
  } finally {
    await server.stop();
  }
}

/** Stays flat and loses nothing: the mixed load of 20 artists for 10 minutes, on each database. */
export const soakSuite: Suite = {
  title: `Soak: ${ARTISTS} artists' mixed load`,
  async run(): Promise<SuiteReport> {
    const pds = await startPds();
    try {
      const stamp = Date.now() % 100_000;
      const accounts: PdsAccount[] = [];
      for (let i = 0; i < ARTISTS; i++) accounts.push(await pds.createAccount(`soak${i}x${stamp}.test`));
      const images = await photos();
      const lite = await soak(pds, accounts, images, 'PGlite', {});
      const cluster = await startPostgresCluster();
      try {
        const pg = await soak(pds, accounts, images, 'PostgreSQL', postgresServerEnv(cluster.url));
        return {
          results: [...lite.results, ...pg.results],
          details: `${lite.details}\n${pg.details}`,
        };
      } finally {
        await cluster.stop();
      }
    } finally {
      await pds.close();
    }
  },
};
