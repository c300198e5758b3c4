import { html as honoHtml, raw } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';

/**
 * Markup made by `html` (or, reviewed, by `trustedHtml`): what was interpolated into it is escaped already, so it goes
 * into other markup as it is. At run time a String marked as escaped: concatenated with `+` it becomes text again
 * (and would be escaped twice, visibly), never markup.
 */
export type Html = HtmlEscapedString;

/** What `html` takes: text (escaped), numbers, markup (as is), nothing (false, null, undefined: left out), and lists. */
export type HtmlPart = string | number | Html | false | null | undefined | readonly HtmlPart[];

/**
 * HTML that escapes itself: a tagged template (hono/html) whose every interpolated text has its & < > " ' escaped,
 * in content and in quoted attribute values alike, while markup made by `html` goes in as it is. Lists are joined
 * with nothing between them. The pages are written with it as they would be by hand, byte for byte.
 */
export function html(strings: TemplateStringsArray, ...parts: HtmlPart[]): Html {
  const out = honoHtml(strings, ...parts);
  // hono/html answers a Promise only for a Promise among the parts, which HtmlPart does not admit.
  if (out instanceof Promise) throw new TypeError('html: a part was a Promise');
  return out;
}

/** The parts that are not empty, with `separator` (a line break by default) between them. */
export function joinHtml(parts: readonly HtmlPart[], separator = '\n'): Html {
  const shown = parts.filter((p) => p !== false && p !== null && p !== undefined && String(p) !== '');
  return html`${shown.flatMap((p, i) => (i ? [separator, p] : [p]))}`;
}

/**
 * THE one way text reaches a page unescaped. Only for text that must reach the browser exactly as written and that
 * no visitor or artist wrote as markup: an inline stylesheet (its CSP hash is of its exact bytes, and escaping
 * would break its quotes), JSON made safe for a script element. Every caller says, beside the call, why what it passes
 * is safe; review each new one as you would an `innerHTML`.
 */
export const trustedHtml = (markup: string): Html => raw(markup);
