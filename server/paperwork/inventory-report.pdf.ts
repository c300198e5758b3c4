import { setTimeout as sleep } from 'node:timers/promises';
import type { ReportRow } from './inventory-report.repo';
import { REPORT_COLUMNS, reportLine, valueTotals } from './inventory-report';
import { newDocument, type Pdf } from './pdf';

/** Column widths in points, in REPORT_COLUMNS' order (A4 landscape less its margins: 770 points). */
const WIDTHS = [170, 50, 40, 120, 100, 70, 130, 90];
const ROW = 14;
/** PDFKit writes ahead of the reader; past this many bytes waiting, the writer waits for the answer to be read. */
const HIGH_WATER = 1 << 20;

const header = (doc: Pdf, y: number) => {
  let x = doc.page.margins.left;
  doc.font('Helvetica-Bold').fontSize(8);
  REPORT_COLUMNS.forEach((col, i) => {
    doc.text(col.header, x, y, { width: WIDTHS[i] - 6, lineBreak: false, ellipsis: true });
    x += WIDTHS[i];
  });
  doc.font('Helvetica');
};

/**
 * The inventory report (every piece: status, custody, value) or the price list (the available ones with their price),
 * written row by row as the pages are read from the database and the bytes are read by the client.
 */
export async function inventoryReportPdf(
  title: string,
  artist: string,
  rows: AsyncIterable<ReportRow>,
  include: (r: ReportRow) => boolean,
) {
  const doc = await newDocument(title, 'landscape');
  void (async () => {
    const { left, top, bottom } = {
      left: doc.page.margins.left,
      top: doc.page.margins.top,
      bottom: doc.page.height - doc.page.margins.bottom,
    };
    doc.font('Helvetica-Bold').fontSize(14).text(title, left, top);
    doc
      .font('Helvetica')
      .fontSize(9)
      .text(`${artist} · ${new Date().toISOString().slice(0, 10)}`);
    let y = doc.y + 8;
    header(doc, y);
    y += ROW;
    const totals = valueTotals();
    let count = 0;
    try {
      for await (const row of rows) {
        if (!include(row)) continue;
        totals.add(row);
        count++;
        if (y + ROW > bottom) {
          doc.addPage();
          y = top;
          header(doc, y);
          y += ROW;
        }
        const line = reportLine(row);
        let x = left;
        doc.fontSize(8);
        REPORT_COLUMNS.forEach((col, i) => {
          doc.text(line[col.key], x, y, { width: WIDTHS[i] - 6, lineBreak: false, ellipsis: true });
          x += WIDTHS[i];
        });
        y += ROW;
        while (doc.readableLength > HIGH_WATER) await sleep(5);
      }
      if (y + ROW * 3 > bottom) {
        doc.addPage();
        y = top;
      }
      const value = totals.lines();
      doc
        .font('Helvetica-Bold')
        .fontSize(9)
        .text(
          `${count} ${count === 1 ? 'piece' : 'pieces'}. Value of work not sold: ${value.length ? value.join(', ') : 'no prices set'}`,
          left,
          y + ROW,
        );
      doc.end();
    } catch (err) {
      doc.destroy(err as Error);
    }
  })();
  return doc;
}
