import { describe, expect, it } from 'vitest';
import {
  autoBreaks,
  moveBreak,
  movedBreak,
  shiftBreaks,
  splitAt,
  THREAD_MESSAGES,
  THREAD_PART_MAX_LENGTH,
  threadProblem,
  threadTexts,
} from '../../src/schemas/post-thread';

const words = (n: number, tag = 'w') => Array.from({ length: n }, (_, i) => `${tag}${i}`).join(' ');
const thread = (content: string, threadBreaks: number[], hashtags: string[] = []) => ({ content, hashtags, mentions: [], threadBreaks });

describe('threads: splitting a text into parts', () => {
  it('splits at word starts into parts of at most 280 characters, leaving room in the last for its hashtags', () => {
    const text = words(150);
    const breaks = autoBreaks(text);
    const parts = splitAt(text, breaks);
    expect(parts.length).toBe(3);
    expect(parts.every((p) => p.length <= THREAD_PART_MAX_LENGTH)).toBe(true);
    // Full parts but the last: each as long as it can be without cutting a word.
    expect(parts.slice(0, -1).every((p) => p.length > THREAD_PART_MAX_LENGTH - 8)).toBe(true);
    expect(parts.join(' ')).toBe(text);
    expect(breaks.every((b) => text[b - 1] === ' ' && text[b] !== ' ')).toBe(true);
    expect(threadProblem(thread(text, breaks))).toBeNull();
    // A word longer than a part is cut; a short text is one part.
    expect(autoBreaks('x'.repeat(600))).toEqual([280, 560]);
    expect(autoBreaks('short text')).toEqual([]);
    const tail = text.slice(0, breaks[0] + 270);
    expect(threadProblem(thread(tail, autoBreaks(tail), ['a'.repeat(20)]))).toBe(THREAD_MESSAGES.partTooLong(2));
    expect(threadProblem(thread(tail, autoBreaks(tail, THREAD_PART_MAX_LENGTH, 23), ['a'.repeat(20)]))).toBeNull();
  });

  it('puts the hashtags and mentions the text lacks at the end of the last part only', () => {
    expect(threadTexts({ content: 'one #ink two', hashtags: ['ink', 'oil'], mentions: ['@bob.test'], threadBreaks: [9] })).toEqual([
      'one #ink',
      'two\n\n#oil @bob.test',
    ]);
  });

  it('moves a split one word at a time, never leaving a part empty', () => {
    const text = 'aa bb cc dd';
    expect(moveBreak(text, [6], 0, 'earlier')).toEqual([3]);
    expect(moveBreak(text, [6], 0, 'later')).toEqual([9]);
    expect(movedBreak(text, [3], 0, 'earlier')).toBeNull();
    expect(movedBreak(text, [9], 0, 'later')).toBeNull();
    expect(movedBreak(text, [3, 6], 0, 'later')).toBeNull();
  });

  it('refuses splits out of order or outside the text, and empty parts', () => {
    expect(threadProblem(thread('aa bb cc', [6, 3]))).toBe(THREAD_MESSAGES.badBreaks);
    expect(threadProblem(thread('aa bb cc', [0]))).toBe(THREAD_MESSAGES.badBreaks);
    expect(threadProblem(thread('aa bb cc', [8]))).toBe(THREAD_MESSAGES.badBreaks);
    expect(threadProblem(thread('aa    bb', [3, 4]))).toBe(THREAD_MESSAGES.emptyPart(2));
  });

  it('keeps the splits with their words as the text changes, and splits again a part grown over the limit', () => {
    const text = 'aa bb cc dd';
    expect(shiftBreaks(text, `zz ${text}`, [6])).toEqual([9]);
    expect(shiftBreaks(text, `${text} ee`, [6])).toEqual([6]);
    // The words after the split deleted: the split goes, no empty part is left.
    expect(shiftBreaks(text, 'aa bb ', [6])).toEqual([]);
    const grown = `${words(60, 'x')} ${text}`;
    const breaks = shiftBreaks(text, grown, [6]);
    expect(splitAt(grown, breaks).every((p) => p.length <= THREAD_PART_MAX_LENGTH)).toBe(true);
    expect(grown.slice(breaks.at(-1)!)).toBe('cc dd');
  });
});
