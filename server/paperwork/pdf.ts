import { Readable } from 'node:stream';
import type PDFKit from 'pdfkit';
import sharp from 'sharp';
import type { BlobStore } from '../storage/blob-store';

/**
 * PDFKit is loaded with the first document, not with the server: importing it (and its fonts) cost every start a fifth
 * of a second of CPU and its memory, for a feature most sessions never use.
 */
let pdfKit: Promise<typeof PDFKit> | undefined;
const loadPdfKit = () => (pdfKit ??= import('pdfkit').then((m) => m.default));

/** Paper for every document: A4, as galleries in most of the world print on (docs/decisions.md). */
export async function newDocument(title: string, layout: 'portrait' | 'landscape' = 'portrait') {
  const PDFDocument = await loadPdfKit();
  return new PDFDocument({ size: 'A4', layout, margin: layout === 'portrait' ? 56 : 36, info: { Title: title, Creator: 'Artist Studio' } });
}

export type Pdf = InstanceType<typeof PDFKit>;

/**
 * A stored image (WebP variants) as JPEG bytes PDFKit can embed, or null when it is missing or unreadable: a document
 * without its picture is still the document.
 */
export async function imageForPdf(storage: BlobStore, key: string | null, maxPx = 1600): Promise<Buffer | null> {
  if (!key) return null;
  const file = await storage.read(key);
  if (!file) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of file.body) chunks.push(chunk as Buffer);
  try {
    return await sharp(Buffer.concat(chunks))
      .resize(maxPx, maxPx, { fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 85 })
      .toBuffer();
  } catch {
    return null;
  }
}

/** The document as the answer's body, streamed as PDFKit writes it (nothing is held whole in memory). */
export function pdfResponse(doc: Pdf, fileName: string): Response {
  return new Response(Readable.toWeb(doc) as ReadableStream, {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `inline; filename="${fileName}"`,
      'Cache-Control': 'private, no-store',
    },
  });
}

/** A signature line with its caption under it, at the current position. */
export function signatureLine(doc: Pdf, caption: string, x: number, width: number) {
  const y = doc.y + 36;
  doc
    .moveTo(x, y)
    .lineTo(x + width, y)
    .lineWidth(0.6)
    .stroke();
  doc.fontSize(9).text(caption, x, y + 4, { width });
}
