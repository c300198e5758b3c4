import { newDocument } from './pdf';

export interface Label {
  title: string;
  year: number | null;
  medium: string;
  dimensions: string;
}

const COLUMNS = 2;
const ROWS = 4;

/** Wall labels, eight to an A4 page (two columns of four), each with a thin cutting frame. */
export async function labelsPdf(artist: string, labels: Label[]) {
  const doc = await newDocument('Wall labels');
  const { left, top, right, bottom } = doc.page.margins;
  const w = (doc.page.width - left - right) / COLUMNS;
  const h = (doc.page.height - top - bottom) / ROWS;
  labels.forEach((label, i) => {
    const slot = i % (COLUMNS * ROWS);
    if (i > 0 && slot === 0) doc.addPage();
    const x = left + (slot % COLUMNS) * w;
    const y = top + Math.floor(slot / COLUMNS) * h;
    doc.rect(x, y, w, h).lineWidth(0.3).strokeColor('#999999').stroke();
    const inner = { width: w - 28, lineBreak: true };
    doc
      .fillColor('black')
      .font('Helvetica-Bold')
      .fontSize(11)
      .text(artist, x + 14, y + 16, inner);
    doc
      .font('Helvetica-Oblique')
      .fontSize(12)
      .text(label.title || 'Untitled', inner);
    doc.font('Helvetica').fontSize(10);
    if (label.year !== null) doc.text(String(label.year), inner);
    if (label.medium) doc.text(label.medium, inner);
    if (label.dimensions) doc.text(label.dimensions, inner);
  });
  doc.end();
  return doc;
}
