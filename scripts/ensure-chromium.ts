import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export const DEBIAN_CHROMIUM = '/usr/bin/chromium';
const DEBIAN_HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
const DEBIAN_HEADLESS_SHELL_WRAPPER = '/usr/bin/chromium-headless-shell';

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

let aptUpdated = false;

/**
 * `apt-get install -y` of Debian packages (root only), with one `apt-get update` per process before the first install.
 * Output goes to the terminal. Throws when apt-get fails.
 */
export function aptInstall(packages: string[]): void {
  if (!isRoot()) throw new Error(`Installing ${packages.join(' ')} needs root: run \`sudo apt-get install -y ${packages.join(' ')}\``);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const steps: string[][] = aptUpdated ? [] : [['update']];
  steps.push(['install', '-y', ...packages]);
  for (const args of steps) {
    console.log(`$ apt-get ${args.join(' ')}`);
    const result = spawnSync('apt-get', args, { stdio: ['ignore', 'inherit', 'inherit'], env });
    if (result.status !== 0) {
      throw new Error(`apt-get ${args.join(' ')} failed (${result.error?.message ?? result.signal ?? `exit ${result.status}`})`);
    }
    if (args[0] === 'update') aptUpdated = true;
  }
}

function isExecutable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/** A Debian package's executable: the first of `files` that runs, installed with apt-get when none does and we are root. */
function ensurePackage(pkg: string, files: string[], why: string): string {
  const found = () => files.find(isExecutable);
  const present = found();
  if (present) return present;
  if (!isRoot()) {
    throw new Error(
      `${why} ${files.at(-1)} is missing. Install it with \`sudo apt-get update && sudo apt-get install -y ${pkg}\`, ` +
        'or set CHROME_PATH to a Chromium/Chrome executable.',
    );
  }
  console.log(`${files.at(-1)} is missing: installing Debian's ${pkg} package.`);
  aptInstall([pkg]);
  const installed = found();
  if (!installed) throw new Error(`apt-get installed ${pkg} but ${files.at(-1)} is still missing.`);
  return installed;
}

/** CHROME_PATH when set (it must run), else null. */
function chromeFromEnv(): string | null {
  const fromEnv = process.env.CHROME_PATH;
  if (!fromEnv) return null;
  if (isExecutable(fromEnv)) return path.resolve(fromEnv);
  throw new Error(`CHROME_PATH is set to ${fromEnv}, which is not an executable file. Fix or unset CHROME_PATH.`);
}

/**
 * The desktop Chromium the benchmarks measure with (what an artist's browser does, Lighthouse included): CHROME_PATH,
 * else Debian's /usr/bin/chromium, installed with apt-get when missing and we are root. Otherwise throws with how to
 * install it; never skips.
 */
export async function ensureChromium(): Promise<string> {
  return chromeFromEnv() ?? ensurePackage('chromium', [DEBIAN_CHROMIUM], 'Chromium is needed for the benchmarks and');
}

/**
 * The Chromium the browser tests drive: CHROME_PATH, else Debian's chromium-headless-shell, the same build's engine
 * (Blink, V8, the same version as the chromium package) without the desktop browser around it. The tests never show a
 * window, and the desktop browser's extra processes cost CPU: `phone.test.ts` took 64-68 s of CPU with the shell against
 * 73-80 s with /usr/bin/chromium, run alternately. The binary itself, not Debian's wrapper script, so no shell stands
 * between Playwright and the browser it stops.
 */
export async function ensureTestChromium(): Promise<string> {
  return (
    chromeFromEnv() ??
    ensurePackage(
      'chromium-headless-shell',
      [DEBIAN_HEADLESS_SHELL, DEBIAN_HEADLESS_SHELL_WRAPPER],
      'Chromium is needed for the browser tests and',
    )
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  ensureChromium().then(
    (file) => console.log(file),
    (err: Error) => {
      console.error(err.message);
      process.exit(1);
    },
  );
}
