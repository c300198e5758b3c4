/** EXIF tags tests look for, by number. */
export const TAG = { Make: 0x010f, Model: 0x0110, Artist: 0x013b, Copyright: 0x8298, ExifIFD: 0x8769, GPSIFD: 0x8825 } as const;

/**
 * Reads IFD0 of an EXIF block (as sharp's metadata().exif gives it, with or without the 'Exif\0\0' header): each tag's
 * value as text (ASCII/UTF-8 strings without their NUL) or number, and whether another IFD follows.
 */
export function readIfd0(exif: Buffer): { tags: Map<number, string | number>; nextIfd: number } {
  const tiff = exif.subarray(0, 6).toString('latin1') === 'Exif\0\0' ? exif.subarray(6) : exif;
  const le = tiff.toString('latin1', 0, 2) === 'II';
  if (!le && tiff.toString('latin1', 0, 2) !== 'MM') throw new Error('not a TIFF block');
  const u16 = (at: number) => (le ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (le ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  if (u16(2) !== 42) throw new Error('bad TIFF magic');
  const ifd = u32(4);
  const count = u16(ifd);
  const tags = new Map<number, string | number>();
  for (let i = 0; i < count; i++) {
    const entry = ifd + 2 + i * 12;
    const [tag, type, n] = [u16(entry), u16(entry + 2), u32(entry + 4)];
    if (type === 2) {
      const at = n <= 4 ? entry + 8 : u32(entry + 8);
      tags.set(tag, tiff.toString('utf8', at, at + n).replace(/\0+$/, ''));
    } else tags.set(tag, type === 3 ? u16(entry + 8) : u32(entry + 8));
  }
  return { tags, nextIfd: u32(ifd + 2 + count * 12) };
}
