/**
 * A video's display size and length, read from its container: ISO media (MP4, MOV: moov/mvhd and the video track's
 * tkhd) or Matroska/WebM (Segment/Info and the video TrackEntry). No ffprobe is installed with the server and no
 * probing library is a dependency; these two containers are simple enough to read here, and nothing is decoded.
 */
export interface VideoFacts {
  width: number;
  height: number;
  /** null: the container does not say (a WebM recorded live often has no Duration). */
  durationMs: number | null;
}

export function probeVideo(bytes: Buffer): VideoFacts | null {
  try {
    if (bytes.length >= 4 && bytes.readUInt32BE(0) === 0x1a45dfa3) return probeMatroska(bytes);
    return probeIsoMedia(bytes);
  } catch {
    return null;
  }
}

// --- ISO base media (MP4, MOV) ---

interface Box {
  type: string;
  start: number; // first byte of the content
  end: number;
}

function* boxes(buf: Buffer, from: number, to: number): Generator<Box> {
  let at = from;
  while (at + 8 <= to) {
    let size = buf.readUInt32BE(at);
    const type = buf.toString('latin1', at + 4, at + 8);
    let header = 8;
    if (size === 1) {
      size = Number(buf.readBigUInt64BE(at + 8));
      header = 16;
    } else if (size === 0) size = to - at;
    if (size < header || at + size > to) return;
    yield { type, start: at + header, end: at + size };
    at += size;
  }
}

const child = (buf: Buffer, box: Box, type: string) => [...boxes(buf, box.start, box.end)].find((b) => b.type === type);

function probeIsoMedia(buf: Buffer): VideoFacts | null {
  const top = [...boxes(buf, 0, buf.length)];
  if (top[0]?.type !== 'ftyp') return null;
  const moov = top.find((b) => b.type === 'moov');
  if (!moov) return null;
  let durationMs: number | null = null;
  const mvhd = child(buf, moov, 'mvhd');
  if (mvhd) {
    const v1 = buf[mvhd.start] === 1;
    const timescale = buf.readUInt32BE(mvhd.start + (v1 ? 20 : 12));
    const duration = v1 ? Number(buf.readBigUInt64BE(mvhd.start + 24)) : buf.readUInt32BE(mvhd.start + 16);
    if (timescale > 0 && duration > 0 && duration !== 0xffffffff) durationMs = Math.round((duration / timescale) * 1000);
  }
  for (const trak of boxes(buf, moov.start, moov.end)) {
    if (trak.type !== 'trak') continue;
    const mdia = child(buf, trak, 'mdia');
    const hdlr = mdia && child(buf, mdia, 'hdlr');
    if (!hdlr || buf.toString('latin1', hdlr.start + 8, hdlr.start + 12) !== 'vide') continue;
    const tkhd = child(buf, trak, 'tkhd');
    if (!tkhd) continue;
    const v1 = buf[tkhd.start] === 1;
    const matrix = tkhd.start + (v1 ? 52 : 40);
    const width = buf.readUInt32BE(matrix + 36) / 65536;
    const height = buf.readUInt32BE(matrix + 40) / 65536;
    if (!(width >= 1 && height >= 1)) continue;
    // A matrix turning the picture a quarter (a = d = 0): a phone held upright; it is shown with the sides swapped.
    const turned = buf.readInt32BE(matrix) === 0 && buf.readInt32BE(matrix + 16) === 0;
    const [w, h] = [Math.round(width), Math.round(height)];
    return turned ? { width: h, height: w, durationMs } : { width: w, height: h, durationMs };
  }
  return null;
}

// --- Matroska / WebM (EBML) ---

const SEGMENT = 0x18538067;
const INFO = 0x1549a966;
const TIMECODE_SCALE = 0x2ad7b1;
const DURATION = 0x4489;
const TRACKS = 0x1654ae6b;
const TRACK_ENTRY = 0xae;
const TRACK_TYPE = 0x83;
const VIDEO = 0xe0;
const PIXEL_WIDTH = 0xb0;
const PIXEL_HEIGHT = 0xba;
const DISPLAY_WIDTH = 0x54b0;
const DISPLAY_HEIGHT = 0x54ba;
const CLUSTER = 0x1f43b675;

interface Element {
  id: number;
  start: number;
  end: number;
}

/** A variable-length integer: its length is told by the first byte's leading zeros. */
function vint(buf: Buffer, at: number, keepMarker: boolean): { value: number; length: number; unknown: boolean } {
  const first = buf[at];
  let length = 1;
  while (length <= 8 && !(first & (0x80 >> (length - 1)))) length++;
  if (length > 8) throw new Error('bad vint');
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    value = value * 256 + buf[at + i];
    if (buf[at + i] !== 0xff) allOnes = false;
  }
  return { value, length, unknown: !keepMarker && allOnes };
}

function* elements(buf: Buffer, from: number, to: number): Generator<Element> {
  let at = from;
  while (at < to) {
    const id = vint(buf, at, true);
    const size = vint(buf, at + id.length, false);
    const start = at + id.length + size.length;
    // An unknown size (a live recording's Segment or Cluster) runs to the end of its parent.
    const end = size.unknown ? to : Math.min(start + size.value, to);
    yield { id: id.value, start, end };
    if (size.unknown) return;
    at = end;
  }
}

const uint = (buf: Buffer, e: Element) => {
  let v = 0;
  for (let i = e.start; i < e.end; i++) v = v * 256 + buf[i];
  return v;
};
const float = (buf: Buffer, e: Element) => (e.end - e.start === 4 ? buf.readFloatBE(e.start) : buf.readDoubleBE(e.start));

function probeMatroska(buf: Buffer): VideoFacts | null {
  const segment = [...elements(buf, 0, buf.length)].find((e) => e.id === SEGMENT);
  if (!segment) return null;
  let scale = 1_000_000;
  let duration: number | null = null;
  let size: { width: number; height: number } | null = null;
  // Info and Tracks come before the first Cluster (the picture data): a live Segment has no end to walk to.
  for (const e of elements(buf, segment.start, segment.end)) {
    if (e.id === CLUSTER) break;
    if (e.id === INFO) {
      for (const f of elements(buf, e.start, e.end)) {
        if (f.id === TIMECODE_SCALE) scale = uint(buf, f);
        if (f.id === DURATION) duration = float(buf, f);
      }
    }
    if (e.id === TRACKS) {
      for (const entry of elements(buf, e.start, e.end)) {
        if (entry.id !== TRACK_ENTRY || size) continue;
        const fields = [...elements(buf, entry.start, entry.end)];
        const type = fields.find((f) => f.id === TRACK_TYPE);
        const video = fields.find((f) => f.id === VIDEO);
        if ((type && uint(buf, type) !== 1) || !video) continue;
        const v = [...elements(buf, video.start, video.end)];
        const read = (id: number) => {
          const f = v.find((x) => x.id === id);
          return f ? uint(buf, f) : 0;
        };
        const width = read(DISPLAY_WIDTH) || read(PIXEL_WIDTH);
        const height = read(DISPLAY_HEIGHT) || read(PIXEL_HEIGHT);
        if (width >= 1 && height >= 1) size = { width, height };
      }
    }
  }
  if (!size) return null;
  const durationMs = duration !== null && duration > 0 ? Math.round((duration * scale) / 1_000_000) : null;
  return { ...size, durationMs };
}
