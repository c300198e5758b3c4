import { describe, expect, it } from 'vitest';
import { findPagePost } from '../../server/social/providers/facebook/facebook-publish';

const at = (iso: string) => new Date(iso);
const post = (id: string, message: string, createdTime: string) => ({ id, message, createdTime: at(createdTime) });

describe('finding the Page post a lost answer made', () => {
  const since = at('2026-11-28T15:00:10Z');
  const recent = [
    post('1_3', 'Another post', '2026-11-28T15:00:12Z'),
    post('1_2', 'The show opens Friday', '2026-11-28T15:00:11Z'),
    post('1_1', 'The show opens Friday', '2026-11-27T09:00:00Z'),
  ];

  it('is the newest post with the same message made since the write began', () => {
    expect(findPagePost(recent, { message: 'The show opens Friday', since })?.id).toBe('1_2');
  });

  it("allows Meta's clock a minute behind ours, and no more", () => {
    const behind = [post('1_4', 'Slow clock', '2026-11-28T14:59:20Z')];
    expect(findPagePost(behind, { message: 'Slow clock', since })?.id).toBe('1_4');
    const older = [post('1_5', 'Slow clock', '2026-11-28T14:59:05Z')];
    expect(findPagePost(older, { message: 'Slow clock', since })).toBeUndefined();
  });

  it('does not take an earlier post with the same words, nor a post with other words', () => {
    expect(findPagePost(recent.slice(2), { message: 'The show opens Friday', since })).toBeUndefined();
    expect(findPagePost(recent, { message: 'The show opens Saturday', since })).toBeUndefined();
  });
});
