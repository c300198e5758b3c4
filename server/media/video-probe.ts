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

/**
 * What MediaInfo is handed of one file at most. The container's headers (and an MP4's `moov`, wherever it is) and the
 * first frames are far less; MediaInfo would otherwise go on through all the picture data, and its WebAssembly memory
 * keeps whatever it grew to (measured: 8 MB it could not place grew it by 140 MB; 4 MB by 50 MB).
 */
const MAX_BYTES_READ = 4 * 1024 * 1024;
/** An idle MediaInfo is let go (its memory with it, at the next collection); loading it again takes some 20 ms. */
const IDLE_MS = 60_000;

const wasmFile = () => createRequire(import.meta.url).resolve('mediainfo.js/MediaInfoModule.wasm');

/**
 * One MediaInfo for the process, loaded with the first video: the module and its WebAssembly memory (about 15 MB of
 * RSS) are not paid by a server that never sees one. It reads one file at a time, so probes wait their turn.
 */
let reader: Promise<MediaInfo<'object'>> | null = null;
let turn: Promise<unknown> = Promise.resolve();
let waiting = 0;
let idle: NodeJS.Timeout | undefined;

function release() {
  const loaded = reader;
  reader = null;
  void loaded?.then((mi) => mi.close()).catch(() => undefined);
}

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
export const probeVideo = (video: Buffer | VideoSource): Promise<VideoFacts | null> => probe(video, factsOf);

/** A sound's length (an audio track's container), or null when the file has no audio track or does not say. */
export const probeAudio = (audio: Buffer | VideoSource): Promise<{ durationMs: number } | null> => probe(audio, audioFactsOf);

function probe<T>(file: Buffer | VideoSource, read: (result: MediaInfoResult) => T): Promise<T> {
  const source: VideoSource = Buffer.isBuffer(file) ? { size: file.length, read: (at, n) => file.subarray(at, at + n) } : file;
  clearTimeout(idle);
  waiting++;
  const run = turn
    .then(async () => read(await analyze(source)))
    .finally(() => {
      if (--waiting === 0) idle = setTimeout(release, IDLE_MS).unref();
    });
  turn = run.catch(() => undefined);
  return run;
}

async function analyze(source: VideoSource): Promise<MediaInfoResult> {
  const mi = await mediaInfo();
  let readError: unknown = null;
  let handed = 0;
  let result: MediaInfoResult;
  try {
    result = await mi.analyzeData(source.size, async (length, offset) => {
      // An empty piece tells MediaInfo to finish with what it has.
      const n = Math.min(length, MAX_BYTES_READ - handed);
      handed += Math.max(n, 0);
      try {
        return n > 0 ? await source.read(offset, n) : new Uint8Array(0);
      } catch (err) {
        readError = err;
        throw err;
      }
    });
  } catch (err) {
    // The file could not be read (gone from storage, say): that is not the video's fault.
    if (readError) throw readError;
    // MediaInfo itself failed (its WebAssembly aborted): a fresh one for the next video.
    release();
    throw err;
  }
  return result;
}

function audioFactsOf(result: MediaInfoResult): { durationMs: number } | null {
  const tracks = result.media?.track ?? [];
  const audio = tracks.find((t) => t['@type'] === 'Audio');
  if (!audio) return null;
  const seconds = tracks.find((t) => t['@type'] === 'General')?.Duration ?? audio.Duration;
  return seconds && seconds > 0 ? { durationMs: Math.round(seconds * 1000) } : null;
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
