/**
 * The parts of a post's text that Bluesky shows as links: mentions, links and hashtags, found with the patterns of
 * @atproto/api's detectFacets (which the server uses to post), so the editor's preview highlights what the post will.
 * Offsets are UTF-16 (the editor's); the server turns them into the byte offsets of the record. A bare domain counts as
 * a link when its last label is a word of letters (detectFacets checks it against the list of top-level domains).
 */
export type PostSegment = { kind: 'text' | 'mention' | 'link' | 'tag'; text: string };

const MENTION = /(^|\s|\()(@)([a-zA-Z0-9.-]+)(\b)/g;
const URL = /(^|\s|\()((https?:\/\/[\S]+)|((?<domain>[a-z][a-z0-9]*(\.[a-z0-9]+)+)[\S]*))/gim;
// The zero-width characters are listed one by one on purpose (as in @atproto/api).
const TAG =
  // eslint-disable-next-line no-misleading-character-class
  /(^|\s)[#＃]((?!\ufe0f)[^\s\u00AD\u2060\u200A\u200B\u200C\u200D\u20e2]*[^\d\s\p{P}\u00AD\u2060\u200A\u200B\u200C\u200D\u20e2]+[^\s\u00AD\u2060\u200A\u200B\u200C\u200D\u20e2]*)?/gu;
const TRAILING_PUNCTUATION = /\p{P}+$/gu;

const looksLikeDomain = (domain: string) => /\.[a-z]{2,}$/i.test(domain);

interface Span {
  start: number;
  end: number;
  kind: PostSegment['kind'];
}

function spansOf(text: string): Span[] {
  const spans: Span[] = [];
  for (const m of text.matchAll(MENTION)) {
    if (!looksLikeDomain(m[3]) && !m[3].endsWith('.test')) continue;
    const start = m.index + m[1].length;
    spans.push({ start, end: start + 1 + m[3].length, kind: 'mention' });
  }
  for (const m of text.matchAll(URL)) {
    let uri = m[2];
    if (!uri.startsWith('http') && !looksLikeDomain(m.groups?.domain ?? '')) continue;
    const start = m.index + m[1].length;
    if (/[.,;:!?]$/.test(uri)) uri = uri.slice(0, -1);
    if (/[)]$/.test(uri) && !uri.includes('(')) uri = uri.slice(0, -1);
    spans.push({ start, end: start + uri.length, kind: 'link' });
  }
  for (const m of text.matchAll(TAG)) {
    const tag = m[2]?.trim().replace(TRAILING_PUNCTUATION, '');
    if (!tag || tag.length > 64) continue;
    const start = m.index + m[1].length;
    spans.push({ start, end: start + 1 + tag.length, kind: 'tag' });
  }
  // The first to start wins where two overlap (a link's '#fragment' is not a hashtag).
  spans.sort((a, b) => a.start - b.start);
  return spans.filter((s, i) => !spans.slice(0, i).some((p) => s.start < p.end && p.start < s.end));
}

/** The text cut into plain runs and the mentions, links and hashtags between them, in order. */
export function postSegments(text: string): PostSegment[] {
  const segments: PostSegment[] = [];
  let at = 0;
  for (const span of spansOf(text)) {
    if (span.start > at) segments.push({ kind: 'text', text: text.slice(at, span.start) });
    segments.push({ kind: span.kind, text: text.slice(span.start, span.end) });
    at = span.end;
  }
  if (at < text.length) segments.push({ kind: 'text', text: text.slice(at) });
  return segments;
}
