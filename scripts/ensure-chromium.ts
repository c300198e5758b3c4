import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export const DEBIAN_CHROMIUM = '/usr/bin/chromium';

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

/**
 * The path of the Chromium the browser tests drive: CHROME_PATH, else Debian's /usr/bin/chromium,
 * installed with apt-get when missing and we are root. Otherwise throws with how to install it; never skips.
 */
export async function ensureChromium(): Promise<string> {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv) {
    if (isExecutable(fromEnv)) return path.resolve(fromEnv);
    throw new Error(`CHROME_PATH is set to ${fromEnv}, which is not an executable file. Fix or unset CHROME_PATH.`);
  }
  if (isExecutable(DEBIAN_CHROMIUM)) return DEBIAN_CHROMIUM;
  if (!isRoot()) {
    throw new Error(
      `Chromium is needed for the browser tests and ${DEBIAN_CHROMIUM} is missing. ` +
        'Install it with `sudo apt-get update && sudo apt-get install -y chromium`, ' +
        'or set CHROME_PATH to a Chromium/Chrome executable.',
    );
  }
  console.log(`Chromium is missing at ${DEBIAN_CHROMIUM}: installing Debian's chromium package.`);
  aptInstall(['chromium']);
  if (!isExecutable(DEBIAN_CHROMIUM)) throw new Error(`apt-get installed chromium but ${DEBIAN_CHROMIUM} is still missing.`);
  return DEBIAN_CHROMIUM;
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
