import { describe, expect, it } from 'vitest';
import { probeVideo } from '../../server/social/video-probe';
import { fakeMp4 } from '../support/portfolio';
import { makeMp4, makeWebm } from '../support/video';

/** A video's size and length, read from its container without decoding it. */
describe('probeVideo', () => {
  it('reads MP4 and MOV: the video track size (turned upright by its matrix) and the movie length', () => {
    expect(probeVideo(makeMp4({ width: 640, height: 360, seconds: 12 }))).toEqual({ width: 640, height: 360, durationMs: 12_000 });
    expect(probeVideo(makeMp4({ width: 1080, height: 1920, seconds: 30, turned: true }))).toEqual({
      width: 1080,
      height: 1920,
      durationMs: 30_000,
    });
    expect(probeVideo(makeMp4({ width: 320, height: 240, seconds: 5 }, 'qt  '))).toEqual({ width: 320, height: 240, durationMs: 5000 });
  });

  it('reads WebM: the video track size and Duration in TimecodeScale units', () => {
    expect(probeVideo(makeWebm({ width: 800, height: 600, seconds: 7.5 }))).toEqual({ width: 800, height: 600, durationMs: 7500 });
  });

  it('a WebM with no Duration (recorded live) has its size and no length', () => {
    const webm = makeWebm({ width: 640, height: 480, seconds: 0 });
    expect(probeVideo(webm)).toEqual({ width: 640, height: 480, durationMs: null });
  });

  it('answers null for a container that does not say what it holds, or is cut short', () => {
    expect(probeVideo(fakeMp4(4000))).toBeNull();
    expect(probeVideo(makeMp4({ width: 640, height: 360, seconds: 3 }).subarray(0, 60))).toBeNull();
    expect(probeVideo(makeWebm({ width: 640, height: 360, seconds: 3 }).subarray(0, 50))).toBeNull();
    expect(probeVideo(Buffer.from('not a video at all'))).toBeNull();
  });
});
