/**
 * The position after one entry in newest-first order: its creation time in microseconds (PostgreSQL's precision, which
 * a JavaScript Date would round) and its id as the tie-breaker. Opaque to clients.
 */
export interface JournalCursor {
  createdMicros: bigint;
  id: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const encodeCursor = (c: JournalCursor) => Buffer.from(`${c.createdMicros}.${c.id}`).toString('base64url');

/** The cursor, or null when the text is not one this server made. */
export function decodeCursor(text: string): JournalCursor | null {
  const [micros, id, ...rest] = Buffer.from(text, 'base64url').toString('utf8').split('.');
  if (rest.length || !/^\d{1,20}$/.test(micros ?? '') || !UUID.test(id ?? '')) return null;
  return { createdMicros: BigInt(micros), id };
}
