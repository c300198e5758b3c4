import fs from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { expectAccessible } from './browser';

const NARROWEST_PHONE = 360;

/** Where a run leaves its screenshots for review (gitignored). */
export const SCREENSHOT_DIR = path.resolve('.tmp/screenshots');

/**
 * Screens are saved only when asked for (`SCREENSHOTS=1`): nothing compares them, they are for a person to look at,
 * and a full-page capture in both schemes was a sixth of a browser test's CPU (phone.test.ts: 51 s against 58-61).
 * Every check below runs either way.
 */
export const SAVE_SCREENSHOTS = process.env.SCREENSHOTS === '1';

/**
 * What the layout does wrong on the current screen: the page scrolls sideways; a heading is wider than its box;
 * a word of a heading, link or button is broken over two lines; on a phone, a control of the top bar or a
 * navigation link is shorter (or narrower) than a fingertip's 44 px.
 */
export function layoutProblems(page: Page, { phone }: { phone: boolean }) {
  return page.evaluate((phone) => {
    const problems: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > window.innerWidth) problems.push(`the page scrolls sideways: ${root.scrollWidth} > ${window.innerWidth}`);
    const visible = (el: Element) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
    const name = (el: Element) => `${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 40)}"`;
    for (const h of document.querySelectorAll<HTMLElement>('h1, h2')) {
      if (visible(h) && h.scrollWidth > h.clientWidth) problems.push(`${name(h)} is clipped: ${h.scrollWidth} > ${h.clientWidth}`);
    }
    // A word drawn on two lines has two boxes.
    for (const el of document.querySelectorAll('h1, h2, h3, a, button, label, th')) {
      if (!visible(el)) continue;
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (const match of text.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
          if (lines.size > 1) problems.push(`"${match[0]}" in ${name(el)} breaks inside itself`);
        }
      }
    }
    if (phone) {
      const targets = document.querySelectorAll<HTMLElement>('header a, header button, nav a, nav button, [role="dialog"] button');
      for (const t of targets) {
        if (!visible(t)) continue;
        const box = t.getBoundingClientRect();
        if (box.height < 44 || box.width < 44)
          problems.push(
            `${name(t) || t.getAttribute('aria-label')} is ${Math.round(box.width)} × ${Math.round(box.height)} px, under 44 px`,
          );
      }
    }
    return problems;
  }, phone);
}

/**
 * The screen as it comes to rest: its fonts loaded, and every transition or animation that ends (a dialog opening, a
 * button's colour) ended, so layout and colours are measured as the person sees them once it stops moving. An endless
 * one (a spinner) or a paused one is not waited for.
 */
function settled(page: Page) {
  return page.evaluate(async () => {
    await document.fonts.ready;
    const ending = document
      .getAnimations()
      .filter((a) => a.playState === 'running' && Number.isFinite(a.effect?.getComputedTiming().endTime ?? Infinity));
    await Promise.all(ending.map((a) => a.finished.catch(() => undefined)));
    // What the page does in answer to a change of size or scheme (a resize observer, a media query's listener) runs
    // by the next frames.
    for (let frame = 0; frame < 2; frame++) await new Promise((r) => requestAnimationFrame(r));
  });
}

type Scheme = 'light' | 'dark';
const schemeOf = (page: Page) => page.evaluate((): Scheme => (matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light'));
const file = (width: number, screen: string, scheme: Scheme) =>
  path.join(SCREENSHOT_DIR, `${width}-${screen.replace(/[^a-z0-9]+/gi, '-')}${scheme === 'dark' ? '-dark' : ''}.png`);

/**
 * The screen lays out without sideways scrolling or broken words (on a phone, at 360 px as well), is axe-clean in the
 * system's colour scheme and in the other one (dark mode follows the system), and, with SCREENSHOTS=1, is saved in
 * both as `<width>-<screen>.png` and `<width>-<screen>-dark.png`.
 */
export async function checkScreen(page: Page, screen: string) {
  const { width } = page.viewportSize()!;
  await settled(page);
  const scheme = await schemeOf(page);
  if (SAVE_SCREENSHOTS) {
    await fs.mkdir(SCREENSHOT_DIR, { recursive: true });
    await page.screenshot({ path: file(width, screen, scheme), fullPage: true });
  }
  // Soft: one run lists what is wrong on every screen of the flow, not only on the first.
  expect.soft(await layoutProblems(page, { phone: width < 768 }), `${screen} at ${width} px`).toEqual([]);
  if (width < 768 && width > NARROWEST_PHONE) {
    // The narrowest phone in common use, too: same layout (below the breakpoint), 30 px less room.
    const { height } = page.viewportSize()!;
    await page.setViewportSize({ width: NARROWEST_PHONE, height });
    await settled(page);
    expect.soft(await layoutProblems(page, { phone: true }), `${screen} at ${NARROWEST_PHONE} px`).toEqual([]);
    await page.setViewportSize({ width, height });
  }
  await expectAccessible(page, `${screen} at ${width} px, ${scheme}`);
  // The other scheme, as if the system setting changed on this screen; then back to the system's.
  const other: Scheme = scheme === 'dark' ? 'light' : 'dark';
  await page.emulateMedia({ colorScheme: other });
  expect(await schemeOf(page)).toBe(other);
  // Hover and background transitions (0.15 s) finish before axe reads colours.
  await page.waitForTimeout(300);
  await settled(page);
  if (SAVE_SCREENSHOTS) await page.screenshot({ path: file(width, screen, other), fullPage: true });
  await expectAccessible(page, `${screen} at ${width} px, ${other}`);
  await page.emulateMedia({ colorScheme: null });
}
