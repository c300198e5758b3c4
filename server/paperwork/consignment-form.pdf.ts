import { newDocument, signatureLine } from './pdf';

export interface ConsignedWork {
  title: string;
  copy: string | null;
  year: number | null;
  medium: string;
  dimensions: string;
  /** The asking price as written ('€900.00'), or '' when none is set. */
  price: string;
  image: Buffer | null;
}

export interface ConsignmentFormContent {
  artist: string;
  gallery: { name: string; address: string; email: string; phone: string };
  commissionPercent: number;
  startsOn: string;
  endsOn: string;
  terms: string;
  works: ConsignedWork[];
}

const THUMB = 72;

/** A consignment form: who, the terms, each work with its picture, size and price, and both parties' signatures. */
export async function consignmentFormPdf(f: ConsignmentFormContent) {
  const doc = await newDocument(`Consignment: ${f.gallery.name}`);
  const { left } = doc.page.margins;
  const width = doc.page.width - left - doc.page.margins.right;
  const bottom = () => doc.page.height - doc.page.margins.bottom;

  doc.font('Helvetica-Bold').fontSize(18).text('Consignment Agreement');
  doc.moveDown(0.5).font('Helvetica').fontSize(10);
  doc.text(`Artist: ${f.artist}`);
  doc.text(`Gallery: ${f.gallery.name}`);
  for (const line of [f.gallery.address, f.gallery.email, f.gallery.phone]) if (line) doc.text(line, { indent: 12 });
  doc.moveDown(0.5);
  doc.text(`Consigned from ${f.startsOn} to ${f.endsOn}. Commission to the gallery on each sale: ${f.commissionPercent}%.`, { width });
  if (f.terms) doc.moveDown(0.3).text(`Terms: ${f.terms}`, { width });
  doc.moveDown(0.8).font('Helvetica-Bold').text(`Works (${f.works.length})`);
  doc.moveDown(0.3);

  for (const w of f.works) {
    if (doc.y + THUMB + 8 > bottom()) doc.addPage();
    const y = doc.y;
    if (w.image) doc.image(w.image, left, y, { fit: [THUMB, THUMB] });
    const x = left + THUMB + 12;
    const textWidth = width - THUMB - 12;
    doc
      .font('Helvetica-Bold')
      .fontSize(10)
      .text(`${w.title || 'Untitled'}${w.copy ? `, ${w.copy}` : ''}`, x, y, { width: textWidth });
    doc.font('Helvetica').fontSize(9);
    const facts = [w.year === null ? '' : String(w.year), w.medium, w.dimensions].filter(Boolean).join(' · ');
    if (facts) doc.text(facts, x, doc.y, { width: textWidth });
    doc.text(w.price ? `Price: ${w.price}` : 'Price: on request', x, doc.y, { width: textWidth });
    doc.x = left;
    doc.y = Math.max(doc.y, y + THUMB) + 8;
  }

  if (doc.y + 90 > bottom()) doc.addPage();
  doc.moveDown(1);
  const y = doc.y;
  signatureLine(doc, `${f.artist || 'Artist'}, signature and date`, left, width / 2 - 12);
  doc.y = y;
  signatureLine(doc, `For ${f.gallery.name}, signature and date`, left + width / 2 + 12, width / 2 - 12);
  doc.end();
  return doc;
}
