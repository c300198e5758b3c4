import { Readable } from 'node:stream';

/**
 * A CSV download streamed as its lines are made (a large inventory never sits in memory whole): private, never
 * cached, saved under `fileName`.
 */
export function csvResponse(lines: AsyncIterable<Buffer>, fileName: string): Response {
  return new Response(Readable.toWeb(Readable.from(lines)) as ReadableStream, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${fileName}"`,
      'Cache-Control': 'private, no-store',
    },
  });
}
