import * as z from 'zod/mini';

/** The columns an inventory CSV is read and written with, by header name (any order, any case on the way in). */
export const IMPORT_COLUMNS = [
  'title',
  'year',
  'medium',
  'height',
  'width',
  'depth',
  'unit',
  'price',
  'currency',
  'status',
  'location',
  'inventoryNumber',
  'edition',
] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];

/** A CSV of this many bytes or more is refused before it is read. */
export const IMPORT_MAX_BYTES = 50 * 1024 * 1024;
export const IMPORT_TOO_LARGE = 'The file is too large: a CSV must be under 50 MB. Split it and import each part.';
/** Works one import may create (a larger inventory goes in several files). */
export const IMPORT_MAX_ROWS = 10_000;
/** Pieces (unique works and every copy of an edition) one import may create. */
export const IMPORT_MAX_PIECES = 50_000;

/** One problem, where the artist finds it in the file: the line (1 is the header) and the column (1 is the first). */
export const importProblemSchema = z.object({
  line: z.number(),
  column: z.number(),
  /** The column's header, when the problem is in a known one. */
  field: z.nullable(z.string()),
  message: z.string(),
});
export type ImportProblem = z.infer<typeof importProblemSchema>;

/** What one row becomes (or why it cannot). */
export const importRowSchema = z.object({
  line: z.number(),
  title: z.string(),
  /** The sale status it will have: AVAILABLE, SOLD or NOT_FOR_SALE. */
  saleStatus: z.string(),
  ok: z.boolean(),
  errors: z.array(importProblemSchema),
});
export type ImportRow = z.infer<typeof importRowSchema>;

/**
 * The answer of POST /api/artwork/import, dry run or not: each row's result, the columns not read, and the problems of
 * the file itself (a missing title column, a column named twice). A real import with any problem answers it with 400
 * and writes nothing; `imported` is how many works were created.
 */
export const importReportSchema = z.object({
  message: z.string(),
  code: z.optional(z.string()),
  dryRun: z.boolean(),
  imported: z.number(),
  rows: z.array(importRowSchema),
  unknownColumns: z.array(z.object({ column: z.number(), name: z.string() })),
  errors: z.array(importProblemSchema),
});
export type ImportReport = z.infer<typeof importReportSchema>;

export const importQuerySchema = z.object({
  dryRun: z._default(z.enum(['true', 'false'], { error: 'dryRun must be true or false' }), 'false'),
});

/** Every problem of a report, file and rows, in line order. */
export const importProblems = (r: Pick<ImportReport, 'errors' | 'rows'>): ImportProblem[] => [
  ...r.errors,
  ...r.rows.flatMap((row) => row.errors),
];
