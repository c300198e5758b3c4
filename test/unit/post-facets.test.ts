import { describe, expect, it } from 'vitest';
import { postSegments } from '../../src/schemas/post-facets';

describe('the preview’s mentions, links and hashtags', () => {
  it('finds them as Bluesky will, leaving the words around them as they are', () => {
    expect(postSegments('New work by @ada.bsky.social at https://studio.example/harbour. #oil #2024 #wip!')).toEqual([
      { kind: 'text', text: 'New work by ' },
      { kind: 'mention', text: '@ada.bsky.social' },
      { kind: 'text', text: ' at ' },
      { kind: 'link', text: 'https://studio.example/harbour' },
      { kind: 'text', text: '. ' },
      { kind: 'tag', text: '#oil' },
      // Digits alone are no hashtag.
      { kind: 'text', text: ' #2024 ' },
      { kind: 'tag', text: '#wip' },
      { kind: 'text', text: '!' },
    ]);
  });

  it('takes a bare domain as a link, but not an email-like or a handle without a domain', () => {
    expect(postSegments('see gallery.example.com (or @bob)').map((s) => s.kind)).toEqual(['text', 'link', 'text']);
    expect(postSegments('(https://a.example/x)')).toEqual([
      { kind: 'text', text: '(' },
      { kind: 'link', text: 'https://a.example/x' },
      { kind: 'text', text: ')' },
    ]);
  });

  it('a link’s #fragment stays in the link', () => {
    expect(postSegments('https://a.example/#top').map((s) => s.kind)).toEqual(['link']);
  });
});
