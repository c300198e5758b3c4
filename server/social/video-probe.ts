/**
 * A video's display size and length, read from its container by MediaInfoLib (MediaArea's, compiled to WebAssembly:
 * the `mediainfo.js` package). Nothing is decoded and no ffprobe is needed: the file is handed over in chunks, and
 * MediaInfo asks for the parts it needs (it skips the picture data of an MP4 whose `moov` comes last).
 */
import { createRequire } from 'node:module';
import type { MediaInfo, MediaInfoResult, VideoTrack } from 'mediainfo.js';

export interface VideoFacts {
  width: number;
  height: number;
  /** null: the container does not say (a WebM recorded live often has no Duration). */
  durationMs: number | null;
}

/** A file read piece by piece (from storage, say), so that it is never held whole for probing. */
export interface VideoSource {
  size: number;
  read(offset: number, length: number): Promise<Uint8Array> | Uint8Array;
}

const wasmFile = () => createRequire(import.meta.url).resolve('mediainfo.js/MediaInfoModule.wasm');

/**
 * One MediaInfo for the process, loaded with the first video: the module and its WebAssembly memory (about 25 MB of
 * RSS) are not paid by a server that never sees one. It reads one file at a time, so probes wait their turn.
 */
let reader: Promise<MediaInfo<'object'>> | null = null;
let turn: Promise<unknown> = Promise.resolve();

function mediaInfo() {
  reader ??= import('mediainfo.js')
    .then(({ default: mediaInfoFactory }) => mediaInfoFactory({ format: 'object', locateFile: () => wasmFile() }))
    .catch((err: unknown) => {
      reader = null; // tried again with the next video
      throw err;
    });
  return reader;
}

/** Whether the file is a video, with its size as shown and its length; null when it cannot be read as one. */
export function probeVideo(video: Buffer | VideoSource): Promise<VideoFacts | null> {
  const source: VideoSource = Buffer.isBuffer(video) ? { size: video.length, read: (at, n) => video.subarray(at, at + n) } : video;
  const run = turn.then(() => analyze(source));
  turn = run.catch(() => undefined);
  return run;
}

async function analyze(source: VideoSource): Promise<VideoFacts | null> {
  const mi = await mediaInfo();
  let readError: unknown = null;
  let result: MediaInfoResult;
  try {
    result = await mi.analyzeData(source.size, async (length, offset) => {
      try {
        return length > 0 ? await source.read(offset, length) : new Uint8Array(0);
      } catch (err) {
        readError = err;
        throw err;
      }
    });
  } catch (err) {
    // The file could not be read (gone from storage, say): that is not the video's fault.
    if (readError) throw readError;
    // MediaInfo itself failed (its WebAssembly aborted): a fresh one for the next video.
    mi.close();
    reader = null;
    throw err;
  }
  return factsOf(result);
}

function factsOf(result: MediaInfoResult): VideoFacts | null {
  const tracks = result.media?.track ?? [];
  const video = tracks.find((t): t is VideoTrack => t['@type'] === 'Video' && (t.Width ?? 0) >= 1 && (t.Height ?? 0) >= 1);
  if (!video?.Width || !video.Height) return null;
  // Width and Height are the stored picture's. Shown: stretched by its pixel aspect ratio (a Matroska DisplayWidth, an
  // anamorphic MP4), and with the sides swapped when turned a quarter (a phone held upright: the MP4 track matrix).
  const par = video.PixelAspectRatio && video.PixelAspectRatio > 0 ? video.PixelAspectRatio : 1;
  const width = Math.round(video.Width * par);
  const height = video.Height;
  const turned = Math.abs(Math.round(Number(video.Rotation ?? 0))) % 180 === 90;
  const general = tracks.find((t) => t['@type'] === 'General');
  const seconds = general?.Duration ?? video.Duration;
  const durationMs = seconds && seconds > 0 ? Math.round(seconds * 1000) : null;
  return turned ? { width: height, height: width, durationMs } : { width, height, durationMs };
}
