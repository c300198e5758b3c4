import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import axe from 'axe-core';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { SMTPServer } from 'smtp-server';
import { expect } from 'vitest';
import { seedPgliteDir } from './test-db';

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });

export interface CapturedMail {
  to: string[];
  raw: string;
  /** The body with quoted-printable soft breaks and escapes decoded. */
  text: string;
}

/** A real SMTP peer that keeps every message it receives. */
export async function startSmtp() {
  const mails: CapturedMail[] = [];
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk) => (raw += chunk));
      stream.on('end', () => {
        const text = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(parseInt(h, 16)));
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw, text });
        waiters.splice(0).forEach((w) => w());
        callback();
      });
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    /** The first link to `page` in a message to `to` arriving after `since` messages. */
    async linkTo(to: string, page: string, since = 0, timeoutMs = 15_000): Promise<string> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        for (const mail of mails.slice(since)) {
          const match = mail.to.includes(to) ? mail.text.match(new RegExp(`https?://[^\\s"<>]+/${page}\\?token=[\\w-]+`)) : null;
          if (match) return match[0];
        }
        if (Date.now() > deadline) throw new Error(`no mail to ${to} with a ${page} link`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 250);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface RunningServer {
  url: string;
  pid: number;
  dataDir: string;
  log: () => string;
  /** Resolves with the exit code (or the signal's name) once the process has ended. */
  exited: Promise<number | string>;
  stop(): Promise<void>;
}

/**
 * Starts the server exactly as `npm start` does after its build (dist-server/, which the tests' global setup keeps
 * current: test/support/server-build.global.ts), in its own data directory.
 * On the embedded database (no DATABASE_URL) the data directory starts with a migrated database copied from the run's
 * template, as if the server had been started once before: creating one costs seconds of CPU per server.
 * `freshDatabase` leaves it empty, for the first start `npm start` makes (the server creates and migrates it).
 */
export async function startServer(env: Record<string, string> = {}, { freshDatabase = false } = {}): Promise<RunningServer> {
  // A given PORT: an instance started again where a proxy expects it.
  const port = Number(env.PORT) || (await freePort());
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'studio-browser-'));
  if (!env.DATA_DIR && !env.DATABASE_URL && !freshDatabase) await seedPgliteDir(path.join(dataDir, 'db'));
  const url = `http://localhost:${port}`;
  let output = '';
  // scripts/serve.sh execs node with npm start's allocator settings, so the child's pid is the server's.
  const child: ChildProcess = spawn('sh', ['scripts/serve.sh'], {
    env: {
      ...process.env,
      NODE: process.execPath,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      APP_URL: url,
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  // Generous: on a busy machine (several test runs sharing two cores) compiling and opening PGlite has taken 2 minutes.
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      // Not left running on its data directory (and its port) for the rest of the run.
      child.kill('SIGKILL');
      throw new Error(`server did not become healthy:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const exited = new Promise<number | string>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')));
  return {
    url,
    pid: child.pid!,
    dataDir,
    log: () => output,
    exited,
    async stop() {
      child.kill('SIGTERM');
      // One killed by a signal has no exit code.
      await new Promise((r) => (child.exitCode !== null || child.signalCode !== null ? r(null) : child.once('exit', r)));
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

export { createVerifiedAccount } from './mail-dir';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

/**
 * Records every Content-Security-Policy violation in the pages of a context (the script is injected by the
 * browser itself, outside the page's policy), so each screen can be checked for them.
 */
export async function watchContentSecurity(context: BrowserContext) {
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} at ${e.sourceFile}:${e.lineNumber}`),
    );
  });
}

export async function newPage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  await watchContentSecurity(context);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { context, page };
}

/**
 * AxeBuilder sends axe-core's 580 kB source to every frame twice per audit, and the page compiles it each time: most of
 * an audit's cost (on the sign-in screen 0.15-0.2 s of CPU a call, against 0.04-0.05 s with axe kept in the page;
 * phone.test.ts, 76 audits, took 70 s of CPU against 86). A document keeps axe once it has it, so the source goes only
 * to a frame without it (a new document: after a navigation or a reload), and AxeBuilder is handed a script that checks
 * it is there. test/browser/accessibility-check.browser.test.ts holds that every audit reads the document as it is.
 */
const AXE_LOADED = 'if (typeof window.axe === "undefined") throw new Error("axe-core was not injected into this frame")';

async function injectAxe(page: Page) {
  for (const frame of page.frames()) {
    try {
      if (await frame.evaluate(() => typeof (window as { axe?: unknown }).axe === 'undefined')) await frame.evaluate(axe.source);
    } catch {
      // A frame that went away, or that cannot be scripted: AxeBuilder leaves such frames out too.
    }
  }
}

/** axe on the current screen: no serious or critical violation; and nothing the page did broke its security policy. */
export async function expectAccessible(page: Page, screen: string) {
  const blocked = await page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? ['not watched']);
  expect(blocked.map((b) => `${screen}: ${b}`)).toEqual([]);
  // Legacy mode runs axe in the page (and its frames) and hands back its answer. The default runs each frame's part
  // and then opens a blank page to join them: measured 1.9-2.4 s a call on the sign-in screen against 0.6-0.7 s, with
  // the same rules on our pages, which have no cross-origin frames. Only violations are read, so only they are
  // gathered in full.
  await injectAxe(page);
  const results = await new AxeBuilder({ page, axeSource: AXE_LOADED })
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
    .analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${screen}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/**
 * A link or button the eye and the keyboard can find: a real `<a href>` or `<button>`, in the tab order, and drawn
 * as one (underlined, filled or bordered), not as the text around it.
 */
export async function expectVisibleControl(control: Locator) {
  const seen = await control.evaluate((el) => {
    const s = getComputedStyle(el);
    const filled = s.backgroundColor !== 'rgba(0, 0, 0, 0)' && s.backgroundColor !== 'transparent';
    const bordered = parseFloat(s.borderTopWidth) > 0 && s.borderTopStyle !== 'none';
    return {
      real: el.matches('a[href], button'),
      tabbable: (el as HTMLElement).tabIndex >= 0,
      drawn: s.textDecorationLine.includes('underline') || filled || bordered,
    };
  });
  expect(seen).toEqual({ real: true, tabbable: true, drawn: true });
}
