import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedAccount, expectAccessible, launchBrowser, newPage, startServer, type RunningServer } from '../support/browser';
import { logPageOnFailure, signInAt, submitSignIn } from '../support/browser-steps';

const EMAIL = 'qa@example.com';
const PASSWORD = 'Palette2024';
// The studio's screenshots in the README (For QA), rewritten by every run so they stay current.
const SHOTS = 'docs/qa';
const VIEWPORT = { width: 1280, height: 800 };

// A test run's report (the shape test/model writes) for the real shell chart: one path from wide to the open drawer
// (the avatar region stays in none; a path lists the layout's states).
const REPORT = {
  generatedAt: '2025-05-01T10:00:00.000Z',
  machines: {
    shell: {
      states: { covered: 8, total: 11 },
      transitions: { covered: 3, total: 7 },
      coveredStateIds: [
        'shell',
        'shell.layout',
        'shell.avatar',
        'shell.avatar.none',
        'shell.layout.sizing',
        'shell.layout.wide',
        'shell.layout.narrow',
        'shell.layout.narrow.drawerClosed',
      ],
      coveredTransitionIds: [
        'shell.layout.sizing#always#0',
        'shell.layout.wide#viewport.narrow#0',
        'shell.layout.narrow.drawerClosed#drawer.open#0',
      ],
      paths: [
        {
          id: 'shell-1',
          test: 'viewport.narrow → drawer.open',
          start: ['shell', 'shell.layout.wide'],
          steps: [
            {
              event: 'viewport.narrow',
              transitionIds: ['shell.layout.wide#viewport.narrow#0'],
              states: ['shell', 'shell.layout.narrow', 'shell.layout.narrow.drawerClosed'],
            },
            {
              event: 'drawer.open',
              transitionIds: ['shell.layout.narrow.drawerClosed#drawer.open#0'],
              states: ['shell', 'shell.layout.narrow', 'shell.layout.narrow.drawerOpen'],
            },
          ],
          asserted: ['shell.layout.wide', 'shell.layout.narrow.drawerClosed', 'shell.layout.narrow.drawerOpen'],
        },
      ],
    },
  },
};

const activeIn = (page: Page, actor: string) =>
  page
    .locator(`#qa-live-panel [data-actor="${actor}"] [data-active="true"]`)
    .evaluateAll((els) => els.map((el) => el.getAttribute('data-state-id')));

describe('the statechart studio for QA (QA_TOOLS=true)', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let reportDir: string;

  beforeAll(async () => {
    reportDir = await fs.mkdtemp(path.join(os.tmpdir(), 'studio-qa-report-'));
    await fs.writeFile(path.join(reportDir, 'qa-report.json'), JSON.stringify(REPORT));
    server = await startServer({ QA_TOOLS: 'true', QA_REPORT_FILE: path.join(reportDir, 'qa-report.json') });
    await createVerifiedAccount(server, EMAIL, PASSWORD);
    browser = await launchBrowser();
    ({ context, page } = await newPage(browser));
    await page.setViewportSize(VIEWPORT);
    await fs.mkdir(SHOTS, { recursive: true });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await fs.rm(reportDir, { recursive: true, force: true });
  });

  logPageOnFailure(() => ({ page, server }), 2_000);

  it('/qa lists every chart by id with its counts and the test run coverage', async () => {
    await page.goto(`${server.url}/qa`);
    const shell = page.locator('[data-machine-id="shell"]');
    await expect.poll(() => shell.textContent()).toContain('shell');
    expect(await shell.textContent()).toContain('8 / 11 (73%)');
    // The studio's own charts are charts of src/machines too.
    for (const id of ['session', 'toasts', 'qaChart', 'qaCharts', 'qaLive']) await page.locator(`[data-machine-id="${id}"]`).waitFor();
    await expectAccessible(page, 'qa charts');
    await page.screenshot({ path: `${SHOTS}/charts.png` });
  });

  it('/qa/charts/shell draws the chart with coverage, shows a state, and steps through a test path', async () => {
    await page.getByRole('link', { name: 'shell', exact: true }).click();
    const chart = page.getByTestId('chart');
    await chart.locator('[data-state-id="shell.layout.narrow.drawerOpen"]').waitFor();
    const edge = (id: string) => chart.locator(`[data-transition-id="${id}"]`);
    expect(await edge('shell.layout.wide#viewport.narrow#0').getAttribute('data-covered')).toBe('true');
    expect(await edge('shell.layout.narrow#viewport.wide#0').getAttribute('data-covered')).toBe('false');
    // Drawn in different colours: green taken, red never.
    const stroke = (id: string) =>
      edge(id)
        .locator('path')
        .first()
        .evaluate((el) => getComputedStyle(el).stroke);
    expect(await stroke('shell.layout.wide#viewport.narrow#0')).not.toBe(await stroke('shell.layout.narrow#viewport.wide#0'));

    await chart.locator('[data-state-id="shell.layout.narrow.drawerOpen"]').click();
    const details = page.getByTestId('state-details');
    await expect.poll(() => details.textContent()).toContain('The drawer covers the page');
    expect(await details.textContent()).toContain('viewport.narrow → drawer.open');
    await expectAccessible(page, 'qa chart');

    // Zoom and pan from the keyboard.
    const viewport = page.getByTestId('chart-viewport');
    const transform = () => chart.evaluate((el) => (el as HTMLElement).style.transform);
    const before = await transform();
    await viewport.focus();
    await page.keyboard.press('+');
    await page.keyboard.press('ArrowLeft');
    expect(await transform()).not.toBe(before);

    await page.getByRole('button', { name: 'Step through: viewport.narrow → drawer.open' }).click();
    await page.getByRole('button', { name: 'Pause' }).click();
    const status = page.getByTestId('step-status');
    const active = () => chart.locator('[data-active="true"]').evaluateAll((els) => els.map((el) => el.getAttribute('data-state-id')));
    const taken = () => chart.locator('[data-taken="true"]').evaluateAll((els) => els.map((el) => el.getAttribute('data-transition-id')));
    expect(await status.textContent()).toMatch(/step 0 of 2 \(start\)/);
    expect(await active()).toEqual(['shell', 'shell.layout.wide']);
    await page.getByRole('button', { name: 'Next' }).click();
    expect(await status.textContent()).toMatch(/step 1 of 2 \(viewport\.narrow\)/);
    expect((await active()).sort()).toEqual(['shell', 'shell.layout.narrow', 'shell.layout.narrow.drawerClosed']);
    expect(await taken()).toEqual(['shell.layout.wide#viewport.narrow#0']);
    // Playing on, it takes the last event by itself and stops there.
    await page.getByRole('button', { name: 'Play' }).click();
    await expect.poll(() => status.textContent(), { timeout: 5000 }).toMatch(/step 2 of 2 \(drawer\.open\)/);
    expect(await taken()).toEqual(['shell.layout.narrow.drawerClosed#drawer.open#0']);
    await page.getByRole('button', { name: 'Play' }).waitFor();
    await expectAccessible(page, 'qa chart stepping');
    await page.getByRole('button', { name: 'Fit' }).click();
    await page.screenshot({ path: `${SHOTS}/chart.png` });
  });

  it('the Statecharts panel follows this tab live, sign-in to sign-out, with an event log', async () => {
    await page.goto(server.url);
    await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Statecharts' }).click();
    await expect.poll(() => activeIn(page, 'session')).toContain('session.signedOut');
    expect(await activeIn(page, 'authScreen')).not.toEqual([]);
    await expectAccessible(page, 'qa live panel');

    await submitSignIn(page, EMAIL, PASSWORD);
    await page.getByTestId('welcome').waitFor();
    await expect.poll(() => activeIn(page, 'session')).toContain('session.signedIn');
    // The page's own machines joined; the sign-in screen's left with its page.
    await page.locator('#qa-live-panel [data-actor="shell"]').waitFor();
    await expect.poll(() => page.locator('#qa-live-panel [data-actor="authScreen"]').count()).toBe(0);
    // One log for the tab, each entry naming its chart.
    const log = page.locator('#qa-live-panel [data-testid="event-log"] [data-event-actor="session"]');
    expect(await log.allTextContents()).toContainEqual(expect.stringMatching(/session\.signedIn: session\.signedOut → session\.signedIn/));
    await page.screenshot({ path: `${SHOTS}/live-panel.png` });

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.getByRole('tab', { name: 'Sign In' }).waitFor();
    await expect.poll(() => activeIn(page, 'session')).toContain('session.signedOut');
  });

  it('/qa/live in another window follows the app tab over a BroadcastChannel', async () => {
    const live = await context.newPage();
    await live.setViewportSize(VIEWPORT);
    await live.goto(`${server.url}/qa/live`);
    const session = live.locator('[data-tab] [data-actor="session"]');
    await session.waitFor();
    const activeThere = () =>
      session.locator('[data-active="true"]').evaluateAll((els) => els.map((el) => el.getAttribute('data-state-id')));
    await expect.poll(activeThere).toContain('session.signedOut');
    await expectAccessible(live, 'qa live window');

    await submitSignIn(page, EMAIL, PASSWORD);
    await expect.poll(activeThere, { timeout: 10_000 }).toContain('session.signedIn');
    await live.locator('[data-tab] [data-actor="shell"]').waitFor();
    await live.close();
  });
});

describe('QA mode off (the default)', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    server = await startServer();
    await createVerifiedAccount(server, EMAIL, PASSWORD);
    browser = await launchBrowser();
    ({ page } = await newPage(browser));
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('/qa and /qa/charts/... are the 404 page, no studio code is requested, /api/qa/* is 404', async () => {
    const requested: string[] = [];
    page.on('request', (r) => requested.push(new URL(r.url()).pathname));
    await signInAt(page, server.url, EMAIL, PASSWORD);
    await page.getByTestId('welcome').waitFor();
    expect(await page.getByRole('button', { name: 'Statecharts' }).count()).toBe(0);
    for (const address of ['/qa', '/qa/charts/session', '/qa/live']) {
      await page.goto(`${server.url}${address}`);
      await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    }
    expect(requested.filter((p) => /qa-|LivePanel|LiveActorCard|viz-/.test(p))).toEqual([]);
    expect((await fetch(`${server.url}/api/qa/report`)).status).toBe(404);
  });
});
