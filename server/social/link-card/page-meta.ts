/**
 * What a link card needs from a page's <head>: OpenGraph and Twitter tags, with <title> and the meta description as
 * fallbacks. No HTML parser is a production dependency here (htmlparser2 and parse5 are only installed for dev tools),
 * so this is a bounded scan: one pass with indexOf and sticky regexes (no backtracking over the page), skipping
 * comments and the contents of script, style and other raw-text elements, and stopping at </head> or <body>.
 */
export interface PageMeta {
  title: string;
  description: string;
  image: string | null;
}

const RAW_TEXT = new Set(['script', 'style', 'noscript', 'template', 'textarea', 'xmp', 'iframe', 'noembed', 'noframes']);
const TAG_NAME = /<(\/?)([a-zA-Z][a-zA-Z0-9:-]*)/y;
const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
/** A tag longer than this is not a meta tag worth reading. */
const MAX_TAG = 8192;

const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  hellip: '…',
  mdash: '—',
  ndash: '–',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  laquo: '«',
  raquo: '»',
  copy: '©',
  reg: '®',
  trade: '™',
  middot: '·',
  bull: '•',
};

/** Character references: numeric ones and the common named ones (others are left as written). */
export function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]{2,8});/gi, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : '\ufffd';
    }
    return NAMED[ref.toLowerCase()] ?? whole;
  });
}

/** Whitespace runs become one space; control characters go. */
const clean = (s: string) =>
  decodeEntities(s)
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '')
    .replace(/\s+/g, ' ')
    .trim();

function attributesOf(inner: string): Map<string, string> {
  const out = new Map<string, string>();
  ATTRIBUTE.lastIndex = 0;
  for (let m = ATTRIBUTE.exec(inner); m; m = ATTRIBUTE.exec(inner)) {
    const name = m[1].toLowerCase();
    if (!out.has(name)) out.set(name, m[2] ?? m[3] ?? m[4] ?? '');
  }
  return out;
}

/** Where the tag starting at `from` ends ('>' outside quotes), or -1. */
function tagEnd(html: string, from: number): number {
  let quote = '';
  const limit = Math.min(html.length, from + MAX_TAG);
  for (let i = from; i < limit; i++) {
    const c = html[i];
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '>') return i;
  }
  return -1;
}

/** Where `</name` next starts at or after `from` (any case), or the end of the text. */
function closingOf(html: string, name: string, from: number): number {
  const re = new RegExp(`</${name}[\\s>/]`, 'gi');
  re.lastIndex = from;
  return re.exec(html)?.index ?? html.length;
}

const KEYS = {
  title: ['og:title', 'twitter:title'],
  description: ['og:description', 'twitter:description', 'description'],
  image: ['og:image', 'og:image:url', 'og:image:secure_url', 'twitter:image', 'twitter:image:src'],
};

/** The card's fields as the page states them (first of each key wins; OpenGraph before Twitter before plain HTML). */
export function readPageMeta(html: string): PageMeta {
  const found = new Map<string, string>();
  let title = '';
  let i = 0;
  while (i < html.length) {
    const lt = html.indexOf('<', i);
    if (lt < 0) break;
    if (html.startsWith('<!--', lt)) {
      const close = html.indexOf('-->', lt + 4);
      i = close < 0 ? html.length : close + 3;
      continue;
    }
    TAG_NAME.lastIndex = lt;
    const m = TAG_NAME.exec(html);
    if (!m) {
      i = lt + 1;
      continue;
    }
    const closing = m[1] === '/';
    const name = m[2].toLowerCase();
    const end = tagEnd(html, TAG_NAME.lastIndex);
    if (end < 0) break;
    if ((closing && name === 'head') || (!closing && name === 'body')) break;
    i = end + 1;
    if (closing) continue;
    if (name === 'meta') {
      const attrs = attributesOf(html.slice(TAG_NAME.lastIndex, end));
      const key = (attrs.get('property') ?? attrs.get('name') ?? '').toLowerCase();
      const content = attrs.get('content');
      if (key && content !== undefined && !found.has(key)) found.set(key, content);
    } else if (name === 'title' || RAW_TEXT.has(name)) {
      const close = closingOf(html, name, i);
      if (name === 'title' && !title) title = html.slice(i, close);
      i = close;
    }
  }
  const first = (keys: string[]) => keys.map((k) => clean(found.get(k) ?? '')).find(Boolean) ?? '';
  return {
    title: first(KEYS.title) || clean(title),
    description: first(KEYS.description),
    image: first(KEYS.image) || null,
  };
}

/** The charset a <meta> near the top names, if any (the header's charset comes first). */
export function sniffCharset(head: string): string | null {
  const m = /<meta[^>]{0,200}?charset\s*=\s*["']?\s*([\w.:-]{1,40})/i.exec(head.slice(0, 2048));
  return m ? m[1].toLowerCase() : null;
}
