import * as z from 'zod/mini';

/** Which copy a certificate is for: the piece's id (left out for a unique work). */
export const certificateQuerySchema = z.object({
  piece: z.optional(z.uuid({ error: 'Piece must be a valid piece id' })),
});

/** A certificate's number as printed: the piece's id in hex, a dash, and 12 hex digits of its signature. */
export const CERTIFICATE_NUMBER = /^[0-9A-F]{32}-[0-9A-F]{12}$/;

export const certificateNumberParams = z.object({ number: z.string() });

/** The most works one sheet of wall labels is made for (a show's worth; more is a second request). */
export const LABELS_MAX = 200;

/** GET /api/paperwork/labels.pdf?artworkIds=<id>,<id>: the works to label, in the order given. */
export const labelsQuerySchema = z.object({
  artworkIds: z.pipe(
    z.pipe(
      z.string({ error: 'Choose the works to label' }),
      z.transform((s) => [
        ...new Set(
          s
            .split(',')
            .map((id) => id.trim())
            .filter(Boolean),
        ),
      ]),
    ),
    z
      .array(z.uuid({ error: 'Each artwork id must be a valid UUID' }))
      .check(
        z.minLength(1, { error: 'Choose the works to label' }),
        z.maxLength(LABELS_MAX, { error: `At most ${LABELS_MAX} works on one sheet of labels` }),
      ),
  ),
});
