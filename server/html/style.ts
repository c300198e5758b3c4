import { createHash } from 'node:crypto';

/** A page's one inline stylesheet and the CSP source that allows it: the hash of its exact bytes. */
export interface InlineStyle {
  css: string;
  /** "'sha256-…'", for the page's style-src. */
  source: string;
}

const hashSource = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

export function inlineStyle(css: string): InlineStyle {
  return { css, source: hashSource(css) };
}

/** A page's small inline script and the CSP source that allows it (script-src): the hash of its exact bytes. */
export interface InlineScript {
  js: string;
  source: string;
}

export function inlineScript(js: string): InlineScript {
  return { js, source: hashSource(js) };
}
