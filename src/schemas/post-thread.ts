import { extraTags } from './post-text';

/**
 * A thread: text longer than one post, written as several posts that reply to each other. The post keeps its whole
 * text and `threadBreaks`, where each part after the first starts (UTF-16 offsets into the content, increasing). Each
 * part is counted and limited like a single post (280 characters, under Bluesky's 300); the hashtags and mentions the
 * text lacks go at the end of the last part. Shared by the editor (parts, counters, moving a split) and the server.
 */

/** The per-post limit (the spec's 280) holds for each part. */
export const THREAD_PART_MAX_LENGTH = 280;
export const THREAD_MAX_PARTS = 10;
/** The whole text of a thread, with room for the spaces at its splits. */
export const THREAD_MAX_LENGTH = THREAD_MAX_PARTS * (THREAD_PART_MAX_LENGTH + 20);

export const THREAD_MESSAGES = {
  tooLong: `A thread's text must be at most ${THREAD_MAX_LENGTH} characters`,
  tooManyParts: `A thread has at most ${THREAD_MAX_PARTS} parts`,
  badBreaks: "The thread's split points must fall inside the text, in order",
  emptyPart: (n: number) => `Part ${n} of the thread has no text`,
  partTooLong: (n: number) => `Part ${n} of the thread must be at most ${THREAD_PART_MAX_LENGTH} characters`,
} as const;

export const partCounterText = (n: number, of: number) => `Part ${n} of ${of}`;

/** The content cut at the breaks, each piece trimmed (untrimmed offsets stay the artist's). */
export function splitAt(content: string, breaks: readonly number[]): string[] {
  const edges = [0, ...breaks, content.length];
  return edges.slice(0, -1).map((start, i) => content.slice(start, edges[i + 1]).trim());
}

/** The texts the thread goes out with: the parts, the last one with the hashtags and mentions the text lacks. */
export function threadTexts(post: {
  content: string;
  hashtags: readonly string[];
  mentions: readonly string[];
  threadBreaks: readonly number[];
}) {
  const parts = splitAt(post.content, post.threadBreaks);
  const extra = extraTags(post).join(' ');
  if (extra) parts[parts.length - 1] = parts[parts.length - 1] ? `${parts[parts.length - 1]}\n\n${extra}` : extra;
  return parts;
}

/** Why these breaks do not make a thread of this content, or null. Checked on the server and in the editor. */
export function threadProblem(post: {
  content: string;
  hashtags: readonly string[];
  mentions: readonly string[];
  threadBreaks: readonly number[];
}) {
  const { content, threadBreaks: breaks } = post;
  if (content.length > THREAD_MAX_LENGTH) return THREAD_MESSAGES.tooLong;
  if (breaks.length + 1 > THREAD_MAX_PARTS) return THREAD_MESSAGES.tooManyParts;
  if (breaks.some((b, i) => !Number.isInteger(b) || b <= (breaks[i - 1] ?? 0) || b >= content.length)) return THREAD_MESSAGES.badBreaks;
  const parts = threadTexts(post);
  const empty = parts.findIndex((p) => !p);
  if (empty >= 0) return THREAD_MESSAGES.emptyPart(empty + 1);
  const over = parts.findIndex((p) => p.length > THREAD_PART_MAX_LENGTH);
  if (over >= 0) return THREAD_MESSAGES.partTooLong(over + 1);
  return null;
}

const isSpace = (c: string | undefined) => c !== undefined && /\s/.test(c);

/** Where the word at or before `at` starts (the start of a word: after whitespace, or 0). */
function wordStartBefore(content: string, at: number): number {
  let i = at;
  while (i > 0 && isSpace(content[i - 1])) i--;
  while (i > 0 && !isSpace(content[i - 1])) i--;
  return i;
}

/** Where the word after the one starting at `at` starts (content.length when none). */
function nextWordStart(content: string, at: number): number {
  let i = at;
  while (i < content.length && !isSpace(content[i])) i++;
  while (i < content.length && isSpace(content[i])) i++;
  return i;
}

/**
 * Splits the text into parts of at most `limit` characters at word starts (a word longer than a part is cut), the
 * last part keeping room for `reserve` characters (the hashtags and mentions it gets). Answers the breaks.
 */
export function autoBreaks(content: string, limit = THREAD_PART_MAX_LENGTH, reserve = 0, from = 0): number[] {
  const breaks: number[] = [];
  let start = from;
  while (start < content.length && isSpace(content[start])) start++;
  for (;;) {
    const rest = content.slice(start).trim();
    if (rest.length + reserve <= limit || breaks.length + 1 >= THREAD_MAX_PARTS) return breaks;
    // The latest word start that leaves this part within the limit (the space before it is trimmed away).
    let cut = Math.min(content.length - 1, start + limit + 1);
    while (cut > start && !(isSpace(content[cut - 1]) && !isSpace(content[cut]))) cut--;
    if (cut <= start) cut = start + limit;
    breaks.push(cut);
    start = cut;
    while (start < content.length && isSpace(content[start])) start++;
  }
}

/** Where break `index` would go one word earlier or later, or null when a part would be left empty. */
export function movedBreak(content: string, breaks: readonly number[], index: number, direction: 'earlier' | 'later'): number | null {
  const at = breaks[index];
  if (at === undefined) return null;
  const lower = breaks[index - 1] ?? 0;
  const upper = breaks[index + 1] ?? content.length;
  const to = direction === 'earlier' ? wordStartBefore(content, at) : nextWordStart(content, at);
  if (to === at || !content.slice(lower, to).trim() || !content.slice(to, upper).trim()) return null;
  return to;
}

export function moveBreak(content: string, breaks: readonly number[], index: number, direction: 'earlier' | 'later'): number[] {
  const to = movedBreak(content, breaks, index, direction);
  return to === null ? [...breaks] : breaks.map((b, i) => (i === index ? to : b));
}

/**
 * The artist's breaks after the text changed from `before` to `after`: breaks after the change move with the text,
 * those inside it go to its end; a break leaving a part empty is dropped, and a part grown over the limit is split
 * again (from that part on), so typing never undoes the splits the artist chose before the change.
 */
export function shiftBreaks(before: string, after: string, breaks: readonly number[], reserve = 0): number[] {
  let prefix = 0;
  while (prefix < before.length && prefix < after.length && before[prefix] === after[prefix]) prefix++;
  let suffix = 0;
  while (suffix < before.length - prefix && suffix < after.length - prefix && before.at(-1 - suffix) === after.at(-1 - suffix)) suffix++;
  const delta = after.length - before.length;
  const moved = breaks.map((b) => (b <= prefix ? b : b >= before.length - suffix ? b + delta : after.length - suffix));
  const kept: number[] = [];
  for (const b of moved) {
    const lower = kept.at(-1) ?? 0;
    if (b > lower && b < after.length && after.slice(lower, b).trim()) kept.push(b);
  }
  while (kept.length && !after.slice(kept.at(-1)).trim()) kept.pop();
  // A part now over the limit: that part and the rest are split again.
  const parts = splitAt(after, kept);
  const over = parts.findIndex((p, i) => p.length + (i === parts.length - 1 ? reserve : 0) > THREAD_PART_MAX_LENGTH);
  if (over < 0) return kept;
  const from = over === 0 ? 0 : kept[over - 1];
  return [...kept.slice(0, over), ...autoBreaks(after, THREAD_PART_MAX_LENGTH, reserve, from)];
}
