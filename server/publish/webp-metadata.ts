/**
 * Puts EXIF and XMP into a WebP without decoding it: the picture's chunks are kept byte for byte, any metadata chunk
 * is dropped, and a VP8X header announces the new EXIF and XMP chunks (RFC 9649, the WebP container). Re-encoding with
 * sharp to add two fields would cost a second lossy generation and ~0.3 s per 1600 px image (docs/decisions.md).
 */

const VP8X_ICC = 0x20;
const VP8X_ALPHA = 0x10;
const VP8X_EXIF = 0x08;
const VP8X_XMP = 0x04;
const VP8X_ANIMATION = 0x02;

/** The chunks that make the picture; everything else (EXIF, XMP, unknown chunks) is left out. */
const PICTURE_CHUNKS = new Set(['ICCP', 'ANIM', 'ANMF', 'ALPH', 'VP8 ', 'VP8L']);

interface Chunk {
  id: string;
  data: Buffer;
}

export class NotWebp extends Error {}

function chunksOf(webp: Buffer): Chunk[] {
  if (webp.length < 12 || webp.toString('latin1', 0, 4) !== 'RIFF' || webp.toString('latin1', 8, 12) !== 'WEBP')
    throw new NotWebp('not a WebP file');
  const end = Math.min(webp.length, 8 + webp.readUInt32LE(4));
  const chunks: Chunk[] = [];
  for (let at = 12; at + 8 <= end;) {
    const size = webp.readUInt32LE(at + 4);
    if (at + 8 + size > end) throw new NotWebp('a WebP chunk runs past the file');
    chunks.push({ id: webp.toString('latin1', at, at + 4), data: webp.subarray(at + 8, at + 8 + size) });
    at += 8 + size + (size & 1);
  }
  return chunks;
}

/** The canvas size and the VP8X flags the picture chunks call for. */
function canvasOf(chunks: Chunk[]): { width: number; height: number; flags: number } {
  const [first] = chunks;
  if (first?.id === 'VP8X' && first.data.length >= 10) {
    return {
      width: first.data.readUIntLE(4, 3) + 1,
      height: first.data.readUIntLE(7, 3) + 1,
      flags: first.data[0] & (VP8X_ICC | VP8X_ALPHA | VP8X_ANIMATION),
    };
  }
  if (first?.id === 'VP8 ' && first.data.length >= 10 && first.data.readUIntBE(3, 3) === 0x9d012a) {
    return { width: first.data.readUInt16LE(6) & 0x3fff, height: first.data.readUInt16LE(8) & 0x3fff, flags: 0 };
  }
  if (first?.id === 'VP8L' && first.data.length >= 5 && first.data[0] === 0x2f) {
    const bits = first.data.readUInt32LE(1);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1, flags: (bits >>> 28) & 1 ? VP8X_ALPHA : 0 };
  }
  throw new NotWebp('no WebP picture header');
}

const chunk = (id: string, data: Buffer) => {
  const head = Buffer.alloc(8);
  head.write(id, 0, 'latin1');
  head.writeUInt32LE(data.length, 4);
  return [head, data, ...(data.length & 1 ? [Buffer.alloc(1)] : [])];
};

/** The same picture with exactly this EXIF (a TIFF block) and XMP packet as its metadata, and its size. */
export function withWebpMetadata(webp: Buffer, exif: Buffer, xmp: string): { data: Buffer; width: number; height: number } {
  const chunks = chunksOf(webp);
  const { width, height, flags } = canvasOf(chunks);
  const vp8x = Buffer.alloc(10);
  vp8x[0] = flags | VP8X_EXIF | VP8X_XMP;
  vp8x.writeUIntLE(width - 1, 4, 3);
  vp8x.writeUIntLE(height - 1, 7, 3);
  const body = [
    Buffer.from('WEBP', 'latin1'),
    ...chunk('VP8X', vp8x),
    ...chunks.filter((c) => PICTURE_CHUNKS.has(c.id)).flatMap((c) => chunk(c.id, c.data)),
    ...chunk('EXIF', exif),
    ...chunk('XMP ', Buffer.from(xmp, 'utf8')),
  ];
  const size = body.reduce((n, b) => n + b.length, 0);
  const riff = Buffer.alloc(8);
  riff.write('RIFF', 0, 'latin1');
  riff.writeUInt32LE(size, 4);
  return { data: Buffer.concat([riff, ...body]), width, height };
}
