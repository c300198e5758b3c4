import { describe, expect, it } from 'vitest';
import { Lru } from '../../server/site/lru';
import { supersededBy } from '../../server/site/site.handler';

describe("the public site's page cache", () => {
  it('drops the pages of a superseded version of one slug, and nothing else', () => {
    const pages = new Lru<string>(1000, (p) => p.length);
    for (const key of ['ada|3|/', 'ada|3|/artworks/1', 'ada|4|/', 'ada-b|3|/', 'bo|2|/']) pages.set(key, 'x'.repeat(10));
    pages.deleteWhere(supersededBy('ada', 4));
    expect(pages.size).toBe(3);
    expect(pages.get('ada|3|/')).toBeUndefined();
    expect(pages.get('ada|3|/artworks/1')).toBeUndefined();
    expect(pages.get('ada|4|/')).toBe('x'.repeat(10));
    expect(pages.get('ada-b|3|/')).toBeDefined();
    expect(pages.get('bo|2|/')).toBeDefined();
  });

  it('frees the weight of what it drops, so the bound counts only what is kept', () => {
    const pages = new Lru<string>(30, (p) => p.length);
    pages.set('ada|1|/', 'x'.repeat(20));
    pages.deleteWhere(supersededBy('ada', 2));
    pages.set('ada|2|/', 'y'.repeat(20));
    pages.set('bo|1|/', 'z'.repeat(10));
    // Had the dropped page's weight stayed counted, adding these would have evicted 'ada|2|/'.
    expect(pages.get('ada|2|/')).toBe('y'.repeat(20));
    expect(pages.get('bo|1|/')).toBe('z'.repeat(10));
  });
});
