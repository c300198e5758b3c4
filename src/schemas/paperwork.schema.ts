import * as z from 'zod/mini';

/** Which copy a certificate is for: the piece's id (left out for a unique work). */
export const certificateQuerySchema = z.object({
  piece: z.optional(z.uuid({ error: 'Piece must be a valid piece id' })),
});

/** A certificate's number as printed: the piece's id in hex, a dash, and 12 hex digits of its signature. */
export const CERTIFICATE_NUMBER = /^[0-9A-F]{32}-[0-9A-F]{12}$/;

export const certificateNumberParams = z.object({ number: z.string() });
