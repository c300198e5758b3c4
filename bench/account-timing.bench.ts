import { onThrowawayPostgres } from '../test/support/postgres-cluster';
import { createVerifiedAccount } from '../test/support/mail-dir';
import { median, startServer, type BudgetResult, type RunningServer, type Suite } from './support';

/** Answers measured per route and per kind of address (ACCOUNT_TIMING_SAMPLES shortens a trial run). */
const SAMPLES = Number(process.env.ACCOUNT_TIMING_SAMPLES) || 200;
const BUDGET_MS = 1;
/** A pause between requests, so each answer is measured on its own and not behind the mail the previous one caused. */
const GAP_MS = 50;
const PASSWORD = 'Bench12345';

let clients = 0;
/** Every request comes from its own client address (one trusted proxy in front), so limits never answer instead. */
const nextClient = () => {
  clients += 1;
  return `10.${(clients >> 16) & 255}.${(clients >> 8) & 255}.${clients & 255}`;
};

async function timed(server: RunningServer, path: string, body: unknown, token?: string) {
  const headers: Record<string, string> = { 'content-type': 'application/json', 'x-forwarded-for': nextClient() };
  if (token) headers.authorization = `Bearer ${token}`;
  const started = performance.now();
  const res = await fetch(`${server.url}/api${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
  await res.arrayBuffer();
  const ms = performance.now() - started;
  if (res.status >= 300) throw new Error(`${path}: ${res.status}`);
  await new Promise((r) => setTimeout(r, GAP_MS));
  return ms;
}

/** Known and unknown addresses in a shuffled order, so drift over the run falls on both alike. */
async function compare(samples: number, run: (known: boolean, i: number) => Promise<number>) {
  const order = [...Array(samples).fill(true), ...Array(samples).fill(false)].sort(() => Math.random() - 0.5);
  const times = { known: [] as number[], unknown: [] as number[] };
  const seen = { known: 0, unknown: 0 };
  for (const known of order) {
    const key = known ? 'known' : 'unknown';
    times[key].push(await run(known, seen[key]++));
  }
  return { known: median(times.known), unknown: median(times.unknown) };
}

async function measure(label: string, env: Record<string, string>): Promise<BudgetResult[]> {
  const server = await startServer({ LOG_LEVEL: 'warn', TRUST_PROXY: '1', ...env });
  try {
    const stamp = Date.now();
    const unknown = (route: string, i: number) => `nobody-${route}-${stamp}-${i}@example.com`;
    // Verified accounts: each is asked for a reset once, signed up for again once and chosen as a new address once,
    // within the 5 mails its address may receive in 15 minutes.
    const accounts: Array<{ email: string; idToken: string }> = [];
    for (let i = 0; i < SAMPLES; i++) {
      const email = `known-${stamp}-${i}@example.com`;
      accounts.push({ email, ...(await createVerifiedAccount(server, email, PASSWORD, { 'x-forwarded-for': nextClient() })) });
    }
    const pending: string[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      pending.push(`pending-${stamp}-${i}@example.com`);
      await timed(server, '/auth/create', { email: pending[i], password: PASSWORD });
    }

    const routes: Array<[string, (known: boolean, i: number) => Promise<number>]> = [
      [
        'POST /auth/forgotPassword',
        (known, i) => timed(server, '/auth/forgotPassword', { email: known ? accounts[i].email : unknown('forgot', i) }),
      ],
      [
        'POST /auth/create',
        (known, i) => timed(server, '/auth/create', { email: known ? accounts[i].email : unknown('create', i), password: PASSWORD }),
      ],
      [
        'POST /auth/resend-verification',
        (known, i) => timed(server, '/auth/resend-verification', { email: known ? pending[i] : unknown('resend', i) }),
      ],
      [
        'POST /user/security (new address)',
        // Each account asks for at most 5 address changes (its limit in 15 minutes); a known address is another account's.
        (known, i) => {
          const changer = accounts[(known ? i : i + SAMPLES) % Math.ceil((2 * SAMPLES) / 5)];
          const target = known ? accounts[(i + 1) % SAMPLES].email : unknown('security', i);
          return timed(server, '/user/security', { currentPassword: PASSWORD, email: target }, changer.idToken);
        },
      ],
    ];
    const results: BudgetResult[] = [];
    for (const [route, run] of routes) {
      const m = await compare(SAMPLES, run);
      const gap = Math.abs(m.known - m.unknown);
      results.push({
        name: `${route}: median answer, known vs unknown address (${label})`,
        budget: `within ${BUDGET_MS} ms`,
        measured: `${m.known.toFixed(2)} vs ${m.unknown.toFixed(2)} ms (${gap.toFixed(2)} ms apart)`,
        pass: gap <= BUDGET_MS,
        method:
          `${SAMPLES} requests per kind of address, shuffled, one at a time ${GAP_MS} ms apart, timed by the bench process from send to the last byte ` +
          'against one server process started as npm start does; every request from its own client address (X-Forwarded-For, TRUST_PROXY=1) so no limit answers; ' +
          'known addresses are verified accounts (a pending sign-up for resend).',
      });
    }
    return results;
  } finally {
    await server.stop();
  }
}

/** An answer that may mail must not tell by its time whether the address has an account. */
export const accountTimingSuite: Suite = {
  title: 'Account answers: known vs unknown address',
  async run() {
    const results = await measure('PGlite', {});
    results.push(...(await onThrowawayPostgres((env) => measure('PostgreSQL', env))));
    return results;
  },
};
