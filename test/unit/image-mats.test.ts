import { describe, expect, it } from 'vitest';
import { NETWORK_RULES } from '../../src/schemas/network-rules';
import { emptyPostValues, samePostValues, toSavePost } from '../../src/machines/post-editor/post-editor.form';
import { canvasFor, INSTAGRAM_IMAGE_RULES } from '../../server/social/media-fit';

const A = '7a0c7a1e-2b3d-4e5f-8a9b-0c1d2e3f4a01';
const B = '7a0c7a1e-2b3d-4e5f-8a9b-0c1d2e3f4a02';

describe('which images go on a mat', () => {
  const ratio = NETWORK_RULES.instagram.imageRatio!;
  const outside = (w: number, h: number) => w / h < ratio.min || w / h > ratio.max;

  it("the editor's rule is the server's: Instagram's 4:5 to 1.91:1; the other networks take any ratio", () => {
    expect(ratio).toEqual({ min: 4 / 5, max: 1.91 });
    expect([INSTAGRAM_IMAGE_RULES.minRatio, INSTAGRAM_IMAGE_RULES.maxRatio]).toEqual([ratio.min, ratio.max]);
    expect(NETWORK_RULES.bluesky.imageRatio).toBeNull();
    expect(NETWORK_RULES.facebook.imageRatio).toBeNull();
  });

  it('the server fits a work on a mat exactly when its ratio is outside the range (bounds included)', () => {
    for (const [w, h] of [
      [600, 1800],
      [799, 1000],
      [800, 1000],
      [1080, 1350],
      [2400, 800],
      [1000, 1000],
      [1910, 1000],
    ]) {
      const c = canvasFor(w, h, INSTAGRAM_IMAGE_RULES);
      expect(Math.abs(c.width / c.height - w / h) > 0.001, `${w}x${h}`).toBe(outside(w, h));
    }
  });
});

describe("a post's mats in the editor", () => {
  const base = { ...emptyPostValues([]), content: 'Scroll' };

  it('a white mat named or not is the same post; another colour is a change', () => {
    expect(samePostValues(base, { ...base, mats: { [A]: 'white' } })).toBe(true);
    expect(samePostValues(base, { ...base, mats: { [A]: 'black' } })).toBe(false);
    expect(samePostValues({ ...base, mats: { [A]: 'edge', [B]: 'black' } }, { ...base, mats: { [B]: 'black', [A]: 'edge' } })).toBe(true);
  });

  it('saves the mats of the files the post keeps, not those of a removed one', () => {
    const values = { ...base, mats: { [A]: 'black' as const, [B]: 'edge' as const } };
    expect(toSavePost(values, null, { mediaIds: [A], altTexts: {} }).mats).toEqual({ [A]: 'black' });
  });
});
