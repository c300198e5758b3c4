/**
 * Small video files whose containers say what a test needs (size, length, rotation); the picture data is filler, as
 * nothing here decodes it. They are whole enough for MediaInfo: MP4/MOV: ftyp, moov (mvhd, one video trak with tkhd,
 * and mdia with mdhd, hdlr and a sample table describing one H.264 sample), mdat. WebM: EBML header, Segment with Info
 * (TimecodeScale, Duration) and Tracks (one VP9 TrackEntry), then a Cluster.
 */
const box = (type: string, ...content: Buffer[]) => {
  const body = Buffer.concat(content);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length + 8, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
};
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n >>> 0);
  return b;
};
const i32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeInt32BE(n);
  return b;
};

export interface VideoSpec {
  width: number;
  height: number;
  seconds: number;
  /** Recorded upright on a phone: stored sideways with a quarter-turn matrix. */
  turned?: boolean;
  /** Filler bytes of picture data. */
  bytes?: number;
  /** WebM: shown at this width (DisplayWidth), stretched from the stored one (non-square pixels). */
  displayWidth?: number;
}

const u16 = (n: number) => {
  const b = Buffer.alloc(2);
  b.writeUInt16BE(n);
  return b;
};
/** A full box: version 0 and the given flags before the content. */
const fullBox = (type: string, flags: number, ...content: Buffer[]) => box(type, u32(flags), ...content);

export function makeMp4({ width, height, seconds, turned = false, bytes = 2048 }: VideoSpec, brand: 'isom' | 'qt  ' = 'isom') {
  const timescale = 1000;
  const duration = Math.round(seconds * timescale);
  const ftyp = box('ftyp', Buffer.from(brand, 'latin1'), u32(0x200), Buffer.from(brand === 'isom' ? 'isomiso2avc1mp41' : 'qt  ', 'latin1'));
  const mvhd = fullBox('mvhd', 0, u32(0), u32(0), u32(timescale), u32(duration), Buffer.alloc(80));
  const matrix = turned ? [0, 0x10000, 0, -0x10000, 0, 0, 0, 0, 0x40000000] : [0x10000, 0, 0, 0, 0x10000, 0, 0, 0, 0x40000000];
  // Stored sideways when turned: the track's own size is the picture's before the turn.
  const [w, h] = turned ? [height, width] : [width, height];
  const tkhd = fullBox(
    'tkhd',
    3,
    u32(0),
    u32(0),
    u32(1),
    u32(0),
    u32(duration),
    Buffer.alloc(8),
    Buffer.alloc(8),
    ...matrix.map(i32),
    u32(w * 65536),
    u32(h * 65536),
  );
  const mdhd = fullBox('mdhd', 0, u32(0), u32(0), u32(timescale), u32(duration), u16(0x55c4), u16(0));
  const hdlr = fullBox('hdlr', 0, u32(0), Buffer.from('vide', 'latin1'), Buffer.alloc(12), Buffer.from('VideoHandler\0', 'latin1'));
  // One H.264 sample description (as a reader takes the coded size from it) and one sample: all of mdat.
  const avc1 = box(
    'avc1',
    Buffer.alloc(6),
    u16(1),
    Buffer.alloc(16),
    u16(w),
    u16(h),
    u32(0x480000),
    u32(0x480000),
    u32(0),
    u16(1),
    Buffer.alloc(32),
    u16(0x18),
    u16(0xffff),
  );
  const stbl = (chunkOffset: number) =>
    box(
      'stbl',
      fullBox('stsd', 0, u32(1), avc1),
      fullBox('stts', 0, u32(1), u32(1), u32(duration)),
      fullBox('stsc', 0, u32(1), u32(1), u32(1), u32(1)),
      fullBox('stsz', 0, u32(0), u32(1), u32(bytes)),
      fullBox('stco', 0, u32(1), u32(chunkOffset)),
    );
  const moovWith = (chunkOffset: number) => {
    const dinf = box('dinf', fullBox('dref', 0, u32(1), fullBox('url ', 1)));
    const minf = box('minf', fullBox('vmhd', 1, u16(0), Buffer.alloc(6)), dinf, stbl(chunkOffset));
    return box('moov', mvhd, box('trak', tkhd, box('mdia', mdhd, hdlr, minf)));
  };
  // The sample starts after ftyp, moov and mdat's own header; moov's length does not depend on the offset.
  const moov = moovWith(ftyp.length + moovWith(0).length + 8);
  const mdat = box('mdat', Buffer.alloc(bytes, 7));
  return Buffer.concat([ftyp, moov, mdat]);
}

const ebmlSize = (n: number) => {
  const b = Buffer.alloc(8);
  b.writeBigUInt64BE(BigInt(n) | (1n << 56n));
  return b; // 8-byte size: 0x01 then seven bytes
};
const el = (id: number, ...content: Buffer[]) => {
  const body = Buffer.concat(content);
  const idBytes = Buffer.from(id.toString(16).padStart(id > 0xffffff ? 8 : id > 0xffff ? 6 : id > 0xff ? 4 : 2, '0'), 'hex');
  return Buffer.concat([idBytes, ebmlSize(body.length), body]);
};
const uintEl = (id: number, n: number) => el(id, u32(n));
const floatEl = (id: number, n: number) => {
  const b = Buffer.alloc(8);
  b.writeDoubleBE(n);
  return el(id, b);
};

export function makeWebm({ width, height, seconds, bytes = 2048, displayWidth }: VideoSpec) {
  const header = el(0x1a45dfa3, el(0x4286, Buffer.from([1])), el(0x4282, Buffer.from('webm')), el(0x4287, Buffer.from([4])));
  // seconds 0: no Duration at all, as a live recording (MediaRecorder) leaves it.
  const info = el(0x1549a966, uintEl(0x2ad7b1, 1_000_000), ...(seconds ? [floatEl(0x4489, seconds * 1000)] : []));
  const display = displayWidth ? [uintEl(0x54b0, displayWidth), uintEl(0x54ba, height)] : [];
  const video = el(0xe0, uintEl(0xb0, width), uintEl(0xba, height), ...display);
  const tracks = el(0x1654ae6b, el(0xae, uintEl(0xd7, 1), uintEl(0x83, 1), el(0x86, Buffer.from('V_VP9')), video));
  const cluster = el(0x1f43b675, Buffer.alloc(bytes, 7));
  return Buffer.concat([header, el(0x18538067, info, tracks, cluster)]);
}
