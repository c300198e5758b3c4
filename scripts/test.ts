/**
 * `npm test`: everything CI checks, in order, stopping at the first failure.
 * Extra arguments go to vitest: `npm test -- --project unit`.
 */
import { spawn } from 'node:child_process';
import { aptInstall, ensureChromium } from './ensure-chromium';
import { INSTALL_HINT, missingPostgresBinaries, postgresBinDir } from '../test/support/postgres-cluster';
import { REDIS_INSTALL_HINT, redisBin, redisServerMissing } from '../test/support/redis-server';

const vitestArgs = process.argv.slice(2);
const timings: Array<{ name: string; ms: number; ok: boolean }> = [];
// The run's shared PDS starts with the tests rather than when the first file asks (test/support/pds.global.ts).
const env: NodeJS.ProcessEnv = { ...process.env, TEST_PDS_AT_START: '1' };

class StepError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}

function run(cmd: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: 'inherit', env });
    child.on('error', (err) => reject(new StepError(`${cmd} could not start: ${err.message}`)));
    child.on('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new StepError(`\`${[cmd, ...args].join(' ')}\` failed (${signal ?? `exit ${code}`})`, code || 1));
    });
  });
}

async function step(name: string, fn: () => Promise<void> | void): Promise<void> {
  console.log(`\n=== ${name} ===`);
  const started = performance.now();
  try {
    await fn();
    timings.push({ name, ms: performance.now() - started, ok: true });
  } catch (err) {
    timings.push({ name, ms: performance.now() - started, ok: false });
    summary();
    console.error(`\n✗ ${name} failed: ${(err as Error).message}`);
    process.exit(err instanceof StepError ? err.exitCode : 1);
  }
}

function summary() {
  console.log('\n=== timings ===');
  for (const t of timings) console.log(`${t.ok ? '✓' : '✗'} ${t.name.padEnd(28)} ${(t.ms / 1000).toFixed(1).padStart(7)} s`);
  const total = timings.reduce((sum, t) => sum + t.ms, 0);
  console.log(`  ${'total'.padEnd(28)} ${(total / 1000).toFixed(1).padStart(7)} s`);
}

await step('chromium', async () => {
  env.CHROME_PATH = await ensureChromium();
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

await step('typecheck (tsc)', () => run('npm', ['run', '--silent', 'typecheck']));
await step('lint (eslint, prettier, import cycles)', () => run('npm', ['run', '--silent', 'lint']));
await step('build (app and server)', () => run('npm', ['run', 'build']));
await step('tests (vitest)', () => run('npx', ['--no', '--', 'vitest', 'run', ...vitestArgs]));

summary();
