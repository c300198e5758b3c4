/**
 * The credit every published image carries: the artist as creator and a copyright notice, as EXIF (IFD0 Artist and
 * Copyright) and XMP (dc:creator and dc:rights, which are also IPTC Core's Creator and Copyright Notice). Nothing else:
 * no camera, date, software or place.
 */
export interface Credit {
  /** The artist's name, or '' when they have none (then no creator is written). */
  creator: string;
  /** '© 2026 Ada Lovelace', or '© 2026' for an artist without a name: the email is never published. */
  notice: string;
}

/** Control characters would end or break a field (EXIF strings end at NUL). */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is matched
const clean = (text: string) => text.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();

export function creditOf(artist: string, year: number): Credit {
  const creator = clean(artist);
  return { creator, notice: creator ? `© ${year} ${creator}` : `© ${year}` };
}

const ARTIST = 0x013b;
const COPYRIGHT = 0x8298;
const ASCII = 2;

/**
 * A TIFF-structured EXIF block (little-endian) with IFD0 holding Artist and Copyright only. The strings are UTF-8, as
 * exiftool writes them (an ASCII tag holding UTF-8 reads right in every current reader; the XMP has them too).
 */
export function exifOf(credit: Credit): Buffer {
  const fields = [...(credit.creator ? [{ tag: ARTIST, value: credit.creator }] : []), { tag: COPYRIGHT, value: credit.notice }].map(
    (f) => ({ tag: f.tag, bytes: Buffer.from(`${f.value}\0`, 'utf8') }),
  );
  const ifdSize = 2 + fields.length * 12 + 4;
  let dataOffset = 8 + ifdSize;
  const head = Buffer.alloc(dataOffset);
  head.write('II', 0, 'latin1');
  head.writeUInt16LE(42, 2);
  head.writeUInt32LE(8, 4);
  head.writeUInt16LE(fields.length, 8);
  const data: Buffer[] = [];
  fields.forEach((f, i) => {
    const entry = 10 + i * 12;
    head.writeUInt16LE(f.tag, entry);
    head.writeUInt16LE(ASCII, entry + 2);
    head.writeUInt32LE(f.bytes.length, entry + 4);
    if (f.bytes.length <= 4) f.bytes.copy(head, entry + 8);
    else {
      head.writeUInt32LE(dataOffset, entry + 8);
      // Values start on a word boundary, as TIFF asks.
      const padded = Buffer.concat([f.bytes, Buffer.alloc(f.bytes.length & 1)]);
      data.push(padded);
      dataOffset += padded.length;
    }
  });
  // The next-IFD offset after the entries stays 0: there is no IFD1 (no thumbnail), no Exif IFD, no GPS IFD.
  return Buffer.concat([head, ...data]);
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const xml = (text: string) => text.replace(/[&<>"']/g, (ch) => XML_ESCAPES[ch]);

/** An XMP packet with dc:creator, dc:rights and xmpRights:Marked (the image is under copyright). */
export function xmpOf(credit: Credit): string {
  const creator = credit.creator ? `<dc:creator><rdf:Seq><rdf:li>${xml(credit.creator)}</rdf:li></rdf:Seq></dc:creator>` : '';
  return (
    '<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>' +
    '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
    '<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/" ' +
    'xmlns:xmpRights="http://ns.adobe.com/xap/1.0/rights/" xmpRights:Marked="True">' +
    `${creator}<dc:rights><rdf:Alt><rdf:li xml:lang="x-default">${xml(credit.notice)}</rdf:li></rdf:Alt></dc:rights>` +
    '</rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end="r"?>'
  );
}
