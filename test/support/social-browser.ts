import type { Browser, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { watchContentSecurity } from './browser';

/**
 * A page whose browser lives in `timeZone`, so the schedule's wall-clock time differs from the server's (which runs
 * in the container's zone): Asia/Kolkata is UTC+05:30, a half-hour offset that catches an hour-only conversion.
 */
export async function newPageIn(browser: Browser, timeZone: string): Promise<Page> {
  const context = await browser.newContext({ timezoneId: timeZone, viewport: { width: 1400, height: 1000 } });
  await watchContentSecurity(context);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return page;
}

/** A real PNG with some structure (a gradient over a disc), not a flat fill an encoder could skip. */
export async function makePng(width: number, height: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1d3557"/><stop offset="1" stop-color="#e9c46a"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/><circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 3}" fill="#e76f51"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** The value of a datetime-local input for an instant, written in the page's own time zone (seconds included). */
export const localInputValue = (page: Page, epochMs: number) =>
  page.evaluate((ms) => {
    const d = new Date(ms);
    const p = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
  }, epochMs);

/** 'MM/dd/yyyy hh:mm a' of an instant in a time zone, as the app shows times. */
export function formatIn(epochMs: number, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hour12: true,
    })
      .formatToParts(epochMs)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.month}/${parts.day}/${parts.year} ${parts.hour}:${parts.minute} ${parts.dayPeriod.toUpperCase()}`;
}

/** The calendar day of an instant in a time zone: 'MM/dd/yyyy' and the weekday's name. */
export function dayIn(epochMs: number, timeZone: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', weekday: 'long' })
      .formatToParts(epochMs)
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.month}/${parts.day}/${parts.year}`, weekday: parts.weekday };
}

/** Marks the current document; it answers false once the page has been reloaded or navigated away for real. */
export async function markDocument(page: Page) {
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  return () => page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument === true);
}

/** The record key at the end of a post's public address. */
export const rkeyOf = (postUrl: string) => postUrl.split('/').pop()!;

/**
 * Drags files from the desktop onto an element and drops them, as the operating system does (Chromium's own drag
 * events through the DevTools protocol: a DataTransfer made in the page has no file entries, so it drops nothing).
 */
export async function dropFiles(page: Page, target: Locator, files: string[]) {
  const box = await target.boundingBox();
  if (!box) throw new Error('the drop target is not visible');
  const at = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const cdp = await page.context().newCDPSession(page);
  const data = { items: [], files, dragOperationsMask: 1 };
  try {
    for (const type of ['dragEnter', 'dragOver', 'drop'] as const) await cdp.send('Input.dispatchDragEvent', { type, ...at, data });
  } finally {
    await cdp.detach();
  }
}
