import type { Pdf } from './pdf';
import { newDocument, signatureLine } from './pdf';

export interface CertificateContent {
  title: string;
  year: number | null;
  medium: string;
  dimensions: string;
  /** '3/25', 'AP 1/2', or null for a unique work. */
  copy: string | null;
  artist: string;
  number: string;
  verifyUrl: string;
  image: Buffer | null;
}

const row = (doc: Pdf, label: string, value: string) => {
  if (!value) return;
  doc.font('Helvetica-Bold').fontSize(10).text(label, { continued: true }).font('Helvetica').text(`  ${value}`);
  doc.moveDown(0.3);
};

/** A certificate of authenticity for one work or one copy of an edition, on one A4 page. */
export async function certificatePdf(c: CertificateContent): Promise<Pdf> {
  const doc = await newDocument(`Certificate of authenticity: ${c.title}`);
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  doc.font('Helvetica-Bold').fontSize(20).text('Certificate of Authenticity', { align: 'center' });
  doc.moveDown(1);
  if (c.image) {
    doc.image(c.image, doc.page.margins.left, doc.y, { fit: [width, 300], align: 'center' });
    doc.y += 310;
  }
  doc
    .font('Helvetica-Bold')
    .fontSize(16)
    .text(c.title || 'Untitled', { align: 'center' });
  doc.moveDown(0.8);
  row(doc, 'Artist', c.artist);
  row(doc, 'Year', c.year === null ? '' : String(c.year));
  row(doc, 'Medium', c.medium);
  row(doc, 'Dimensions', c.dimensions);
  row(doc, 'Edition', c.copy ?? 'Unique work');
  row(doc, 'Certificate number', c.number);
  doc.moveDown(0.6);
  doc.font('Helvetica').fontSize(10).text('I certify that this work is an original work of art created by me.', { width });
  doc.moveDown(0.6);
  // The address on a line of its own, so that it is never broken where a reader (or pdftotext) would split it.
  doc.text('Verify this certificate at:', { width }).font('Courier').fontSize(9).text(c.verifyUrl, { width, link: c.verifyUrl });
  doc.moveDown(1);
  signatureLine(doc, `${c.artist || 'Artist'}, signature and date`, doc.page.margins.left, width / 2);
  doc.end();
  return doc;
}
