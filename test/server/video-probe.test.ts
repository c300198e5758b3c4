import { describe, expect, it } from 'vitest';
import { probeVideo, type VideoSource } from '../../server/media/video-probe';
import { fakeMp4 } from '../support/portfolio';
import { makeMp4, makeWebm } from '../support/video';

/** A file read piece by piece, as from storage: what was asked for is noted. */
function pieces(bytes: Buffer) {
  const reads: { offset: number; length: number }[] = [];
  const source: VideoSource = {
    size: bytes.length,
    read: async (offset, length) => {
      reads.push({ offset, length });
      return Uint8Array.from(bytes.subarray(offset, offset + length));
    },
  };
  return { source, reads };
}

/** A video's size and length, read from its container (by MediaInfo) without decoding it. */
describe('probeVideo', () => {
  it('reads MP4 and MOV: the video track size (turned upright by its matrix) and the movie length', async () => {
    expect(await probeVideo(makeMp4({ width: 640, height: 360, seconds: 12 }))).toEqual({ width: 640, height: 360, durationMs: 12_000 });
    expect(await probeVideo(makeMp4({ width: 1080, height: 1920, seconds: 30, turned: true }))).toEqual({
      width: 1080,
      height: 1920,
      durationMs: 30_000,
    });
    expect(await probeVideo(makeMp4({ width: 320, height: 240, seconds: 5 }, 'qt  '))).toEqual({
      width: 320,
      height: 240,
      durationMs: 5000,
    });
  });

  it('reads WebM: the video track size (as shown, with DisplayWidth) and Duration in TimecodeScale units', async () => {
    expect(await probeVideo(makeWebm({ width: 800, height: 600, seconds: 7.5 }))).toEqual({ width: 800, height: 600, durationMs: 7500 });
    expect(await probeVideo(makeWebm({ width: 960, height: 720, seconds: 2, displayWidth: 1280 }))).toEqual({
      width: 1280,
      height: 720,
      durationMs: 2000,
    });
  });

  it('a WebM with no Duration (recorded live) has its size and no length', async () => {
    const webm = makeWebm({ width: 640, height: 480, seconds: 0 });
    expect(await probeVideo(webm)).toEqual({ width: 640, height: 480, durationMs: null });
  });

  it('answers null for a container that does not say what it holds, or is cut short', async () => {
    expect(await probeVideo(fakeMp4(4000))).toBeNull();
    expect(await probeVideo(makeMp4({ width: 640, height: 360, seconds: 3 }).subarray(0, 60))).toBeNull();
    expect(await probeVideo(makeWebm({ width: 640, height: 360, seconds: 3 }).subarray(0, 50))).toBeNull();
    expect(await probeVideo(Buffer.from('not a video at all'))).toBeNull();
  });

  it('reads a stored file in pieces of at most 256 KiB, going where the container says (a moov after the mdat), 4 MiB in all', async () => {
    const mp4 = makeMp4({ width: 640, height: 360, seconds: 20, bytes: 20_000_000 });
    const [ftyp, moov] = [mp4.readUInt32BE(0), mp4.readUInt32BE(mp4.readUInt32BE(0))];
    const moovLast = Buffer.concat([mp4.subarray(0, ftyp), mp4.subarray(ftyp + moov), mp4.subarray(ftyp, ftyp + moov)]);
    const { source, reads } = pieces(moovLast);
    expect(await probeVideo(source)).toEqual({ width: 640, height: 360, durationMs: 20_000 });
    expect(reads.length).toBeGreaterThan(1);
    expect(Math.max(...reads.map((r) => r.length))).toBeLessThanOrEqual(256 * 1024);
    expect(reads[1]).toEqual({ offset: moovLast.length - moov, length: moov });
    expect(reads.reduce((sum, r) => sum + r.length, 0)).toBeLessThanOrEqual(4 * 1024 * 1024);
  });

  it('a file that cannot be fetched is an error, not an unreadable video', async () => {
    const gone: VideoSource = { size: 5000, read: () => Promise.reject(new Error('gone from storage')) };
    await expect(probeVideo(gone)).rejects.toThrow('gone from storage');
    // The one MediaInfo is still there for the next file.
    expect(await probeVideo(makeMp4({ width: 8, height: 8, seconds: 1 }))).toEqual({ width: 8, height: 8, durationMs: 1000 });
  });

  it('probes several files at once, one after the other on its one MediaInfo', async () => {
    const all = await Promise.all([
      probeVideo(makeMp4({ width: 640, height: 360, seconds: 3 })),
      probeVideo(pieces(makeWebm({ width: 800, height: 600, seconds: 4 })).source),
      probeVideo(Buffer.from('not a video at all')),
      probeVideo(makeMp4({ width: 1080, height: 1920, seconds: 5, turned: true })),
    ]);
    expect(all).toEqual([
      { width: 640, height: 360, durationMs: 3000 },
      { width: 800, height: 600, durationMs: 4000 },
      null,
      { width: 1080, height: 1920, durationMs: 5000 },
    ]);
  });
});
