/**
 * `npm test`: everything CI checks, stopping at the first failure: the system packages the tests need, the build, then
 * every test, with the type check and the lint beside both at the lowest priority, then the time of each step and the
 * slowest test files.
 * Extra arguments go to vitest: `npm test -- --project unit`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { spawn } from 'node:child_process';
import { aptInstall, ensureTestChromium } from './ensure-chromium';
import { printSlowestFiles } from './test-times';
import { INSTALL_HINT, missingPostgresBinaries, postgresBinDir } from '../test/support/postgres-cluster';
import { REDIS_INSTALL_HINT, redisBin, redisServerMissing } from '../test/support/redis-server';

const vitestArgs = process.argv.slice(2);
const runStarted = Date.now();
const timings: Array<{ name: string; ms: number; ok: boolean }> = [];
// The run's shared PDS starts with the tests rather than when the first file asks (test/support/pds.global.ts).
const env: NodeJS.ProcessEnv = { ...process.env, TEST_PDS_AT_START: '1' };
/** How many of the checks run at once. */
const LANES = 2;

class StepError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
    readonly output = '',
  ) {
    super(message);
  }
}

const running = new Set<ReturnType<typeof spawn>>();

/** Runs a command; `quiet` keeps its output and hands it back (or with the error) instead of showing it as it comes. */
function run(cmd: string, args: string[], { quiet = false } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    // Its own process group, so a failing neighbour can stop it and everything it started: the tests too, whose runner
    // npx does not stop when it is itself stopped (a failed lint used to leave them running on).
    const child = spawn(cmd, args, { stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit', env, detached: true });
    running.add(child);
    let output = '';
    child.stdout?.on('data', (d) => (output += d));
    child.stderr?.on('data', (d) => (output += d));
    child.on('error', (err) => reject(new StepError(`${cmd} could not start: ${err.message}`, 1, output)));
    child.on('exit', (code, signal) => {
      running.delete(child);
      if (code === 0) resolve(output);
      else reject(new StepError(`\`${[cmd, ...args].join(' ')}\` failed (${signal ?? `exit ${code}`})`, code || 1, output));
    });
  });
}

/** Stops the checks still running, with whatever they started (each is a process group of its own). */
function stopRunning() {
  for (const child of running) {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGTERM');
    } catch {
      // Already gone with its group: then itself, if it is still there.
      child.kill('SIGTERM');
    }
  }
}
// Ctrl-C reaches the terminal's process group only: the checks side by side are in groups of their own.
for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
] as const)
  process.once(signal, () => {
    stopRunning();
    process.exit(code);
  });

function fail(name: string, err: unknown): never {
  stopRunning();
  if (err instanceof StepError && err.output) process.stdout.write(err.output);
  summary();
  console.error(`\n✗ ${name} failed: ${(err as Error).message}`);
  process.exit(err instanceof StepError ? err.exitCode : 1);
}

async function step(name: string, fn: () => Promise<unknown> | void): Promise<void> {
  console.log(`\n=== ${name} ===`);
  const started = performance.now();
  try {
    await fn();
    timings.push({ name, ms: performance.now() - started, ok: true });
  } catch (err) {
    timings.push({ name, ms: performance.now() - started, ok: false });
    fail(name, err);
  }
}

/** Commands that do not depend on each other, LANES at a time; each one's output is shown once it ends. */
async function sideBySide(steps: Array<[name: string, cmd: string, args: string[]]>, how: string): Promise<void> {
  console.log(`\n=== ${steps.map(([name]) => name).join(', ')}: ${how} ===`);
  const queue = [...steps];
  const lane = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const [name, cmd, args] = next;
      const started = performance.now();
      try {
        const output = await run(cmd, args, { quiet: true });
        const ms = performance.now() - started;
        timings.push({ name, ms, ok: true });
        console.log(`\n=== ${name} (${(ms / 1000).toFixed(1)} s) ===`);
        process.stdout.write(output);
      } catch (err) {
        timings.push({ name, ms: performance.now() - started, ok: false });
        console.log(`\n=== ${name} ===`);
        fail(name, err);
      }
    }
  };
  await Promise.all(Array.from({ length: LANES }, lane));
}

/** The machine's CPU time so far (/proc/stat, in clock ticks): busy and in all, over every core. */
function cpuTimes(): { busy: number; all: number } | null {
  const line = existsSync('/proc/stat') ? readFileSync('/proc/stat', 'utf8').split('\n')[0] : '';
  const ticks = line.split(/\s+/).slice(1, 9).map(Number);
  if (ticks.length < 8 || ticks.some(Number.isNaN)) return null;
  const [user, nice, system, idle, iowait, irq, softirq, steal] = ticks;
  return { busy: user + nice + system + irq + softirq + steal, all: user + nice + system + idle + iowait + irq + softirq + steal };
}

/**
 * How many cores were busy on average between two readings: far under the count, the tests mostly wait (on servers,
 * timers, the network) and more of them could run side by side; near it, only less work makes them faster.
 */
function busyCores(before: ReturnType<typeof cpuTimes>, after: ReturnType<typeof cpuTimes>): string | null {
  if (!before || !after || after.all === before.all) return null;
  const cores = availableParallelism();
  return `${(((after.busy - before.busy) / (after.all - before.all)) * cores).toFixed(2)} of ${cores} cores busy on average`;
}
let testsBusy: string | null = null;

function summary() {
  console.log('\n=== timings ===');
  for (const t of timings) console.log(`${t.ok ? '✓' : '✗'} ${t.name.padEnd(38)} ${(t.ms / 1000).toFixed(1).padStart(7)} s`);
  console.log(`  ${'total (wall)'.padEnd(38)} ${((Date.now() - runStarted) / 1000).toFixed(1).padStart(7)} s`);
  if (testsBusy) console.log(`  build, tests and checks: ${testsBusy} (the whole machine's, from /proc/stat)`);
  printSlowestFiles(runStarted);
}

await step('chromium', async () => {
  env.CHROME_PATH = await ensureTestChromium();
  console.log(`CHROME_PATH=${env.CHROME_PATH}`);
});

await step('postgresql 15', () => {
  if (env.DATABASE_URL_ADMIN) return void console.log('DATABASE_URL_ADMIN is set: the tests use that server.');
  let missing = missingPostgresBinaries();
  if (missing.length && !env.PG_BIN && process.getuid?.() === 0) {
    console.log(`${missing.join(', ')} missing from ${postgresBinDir()}: installing postgresql-15.`);
    aptInstall(['postgresql-15']);
    missing = missingPostgresBinaries();
  }
  if (missing.length) throw new Error(`${missing.join(', ')} not found in ${postgresBinDir()}. ${INSTALL_HINT}`);
  console.log(`binaries in ${postgresBinDir()}`);
});

// For the real Bluesky AppView of the server:postgres tests (dev-env's TestNetwork asserts a Redis host).
await step('redis-server', () => {
  if (redisServerMissing() && !env.REDIS_BIN && process.getuid?.() === 0) {
    console.log(`${redisBin()} missing: installing redis-server.`);
    aptInstall(['redis-server']);
  }
  if (redisServerMissing()) throw new Error(`${redisBin()} not found. ${REDIS_INSTALL_HINT}`);
  console.log(`redis-server at ${redisBin()}`);
});

// Poppler's pdftotext reads the studio's PDFs (certificates, labels, reports) back in the paperwork tests.
await step('pdftotext', () => {
  if (!existsSync('/usr/bin/pdftotext') && process.getuid?.() === 0) {
    console.log('/usr/bin/pdftotext missing: installing poppler-utils.');
    aptInstall(['poppler-utils']);
  }
  if (!existsSync('/usr/bin/pdftotext')) throw new Error('/usr/bin/pdftotext not found: apt-get install poppler-utils');
  console.log('pdftotext at /usr/bin/pdftotext');
});

// The type check and the lint from the start, at the lowest priority, beside the build and then the tests: the build
// keeps about 1.3 of 2 cores busy and the tests about 1.65 (they wait on servers, timers, the network), and the checks
// fill what is idle rather than take the cores first. The tests wait for the build: they start the built app and
// server. Any of them failing stops the others.
const cpuBefore = cpuTimes();
await Promise.all([
  sideBySide(
    [
      // One thread: beside the build and the tests every core is taken, and its threads took 27 s of CPU against 16.
      ['typecheck (tsc)', 'nice', ['-n', '19', 'npm', 'run', '--silent', 'typecheck', '--', '--singleThreaded']],
      ['lint (eslint, prettier, import cycles)', 'nice', ['-n', '19', 'npm', 'run', '--silent', 'lint']],
    ],
    'beside the build and the tests, at the lowest priority',
  ),
  (async () => {
    await step('build (app and server)', () => run('npm', ['run', 'build']));
    await step('tests (vitest)', () => run('npx', ['--no', '--', 'vitest', 'run', ...vitestArgs]));
  })(),
]);
testsBusy = busyCores(cpuBefore, cpuTimes());

summary();
