import { createHash } from 'node:crypto';

/** A page's one inline stylesheet and the CSP source that allows it: the hash of its exact bytes. */
export interface InlineStyle {
  css: string;
  /** "'sha256-…'", for the page's style-src. */
  source: string;
}

export function inlineStyle(css: string): InlineStyle {
  return { css, source: `'sha256-${createHash('sha256').update(css).digest('base64')}'` };
}
