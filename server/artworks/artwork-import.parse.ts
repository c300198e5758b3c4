import { CsvError, parse } from 'csv-parse/sync';
import {
  IMPORT_COLUMNS,
  IMPORT_MAX_PIECES,
  IMPORT_MAX_ROWS,
  type ImportColumn,
  type ImportProblem,
  type ImportReport,
  type ImportRow,
} from '../../src/schemas/artwork-import.schema';
import { artworkInputSchema, INVENTORY_NUMBER_MAX, SALE_STATUSES } from '../../src/schemas/artwork.schema';
import type { Money } from '../../src/schemas/money.schema';
import { isSavableText } from '../../src/schemas/text.schema';
import type { ArtworkValues } from './artwork.changes';
import { IN_STUDIO, readEdition, readPrice, STATUS_WORDS, UNITS } from './artwork-import.cells';

/** A row that passed every check: what the import creates from it. */
export interface ImportWork {
  line: number;
  values: ArtworkValues;
  price: Money | null;
  /** Where it is when not in the studio (storage, framer, a gallery's name), or null. */
  place: string | null;
  inventoryNumber: string;
  edition: { size: number; proofs: number } | null;
}

export interface ParsedImport {
  report: Omit<ImportReport, 'message' | 'dryRun' | 'imported'>;
  works: ImportWork[];
}

/** The file cannot be read as rows at all: not UTF-8, quotes that never close. */
export class UnreadableCsv extends Error {
  constructor(readonly problem: ImportProblem) {
    super(problem.message);
  }
}

const HEADER_ALIASES: Record<string, ImportColumn> = Object.fromEntries(
  IMPORT_COLUMNS.map((c) => [c.toLowerCase(), c] as const).concat([['inventory number', 'inventoryNumber']]),
);

/**
 * Reads the CSV bytes into works, or the problems of each row by line and column. Never throws for a bad row; throws
 * UnreadableCsv when the bytes are not UTF-8 text or not CSV.
 */
export function parseImport(bytes: Uint8Array): ParsedImport {
  const text = utf8(bytes);
  let records: Array<{ record: string[]; info: { lines: number } }>;
  try {
    // Read no further than one row past the limit: a file of a million short rows is refused, not held whole.
    const options = { bom: true, info: true, relax_column_count: true, skip_empty_lines: true, to: IMPORT_MAX_ROWS + 2 };
    records = parse(text, options) as unknown as typeof records;
  } catch (err) {
    if (!(err instanceof CsvError)) throw err;
    const e = err as CsvError & { lines?: number; column?: number | string };
    throw new UnreadableCsv({
      line: e.lines ?? 1,
      column: typeof e.column === 'number' ? e.column + 1 : 1,
      field: null,
      message: `The file could not be read as CSV: ${err.message.replace(/^Invalid [^:]*: /, '')}`,
    });
  }
  if (!records.length)
    throw new UnreadableCsv({ line: 1, column: 1, field: null, message: 'The file is empty: the first line names the columns.' });

  const errors: ImportProblem[] = [];
  const unknownColumns: ImportReport['unknownColumns'] = [];
  const at = new Map<ImportColumn, number>();
  const [header, ...rest] = records;
  header.record.forEach((raw, i) => {
    const name = raw.trim();
    const known = HEADER_ALIASES[name.toLowerCase()];
    if (!known) unknownColumns.push({ column: i + 1, name });
    else if (at.has(known)) errors.push(problem(header.info.lines, i, known, `The column ${known} is named twice`));
    else at.set(known, i);
  });
  const missing = REQUIRED_COLUMNS.filter((c) => !at.has(c));
  if (missing.length) {
    const names = missing.join(', ');
    errors.push(
      problem(
        header.info.lines,
        header.record.length,
        null,
        `The file needs ${missing.length === 1 ? `a ${names} column` : `the columns ${names}`}`,
      ),
    );
  }
  if (rest.length > IMPORT_MAX_ROWS)
    errors.push(
      problem(rest[IMPORT_MAX_ROWS].info.lines, 0, null, `At most ${IMPORT_MAX_ROWS.toLocaleString('en')} works at once: split the file`),
    );

  const rows: ImportRow[] = [];
  const works: ImportWork[] = [];
  let pieces = 0;
  let endOfPrevious = header.info.lines;
  for (const { record, info } of rest) {
    // A record spans lines when a quoted cell holds line breaks; the artist looks for where it starts.
    const line = Math.min(endOfPrevious + 1, info.lines);
    endOfPrevious = info.lines;
    const { row, work } = readRow(record, line, at, header.record.length);
    rows.push(row);
    if (work) works.push(work);
    pieces += work?.edition ? work.edition.size + work.edition.proofs : 1;
  }
  if (pieces > IMPORT_MAX_PIECES)
    errors.push(
      problem(1, 0, null, `At most ${IMPORT_MAX_PIECES.toLocaleString('en')} pieces (works and edition copies) at once: split the file`),
    );
  return { report: { rows, unknownColumns, errors }, works };
}

function problem(line: number, index: number, field: ImportColumn | null, message: string): ImportProblem {
  return { line, column: index + 1, field, message };
}

/** The text of UTF-8 bytes; anything else is refused at the line and column of its first byte that is not. */
function utf8(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    // A line feed is never part of another character in UTF-8, so the lines before the fault decode on their own.
    let start = 0;
    let line = 1;
    for (;;) {
      const end = bytes.indexOf(0x0a, start);
      const slice = bytes.subarray(start, end < 0 ? bytes.length : end);
      try {
        new TextDecoder('utf-8', { fatal: true }).decode(slice);
      } catch {
        const column = [...new TextDecoder('utf-8').decode(slice)].indexOf('\uFFFD') + 1;
        throw new UnreadableCsv({
          line,
          column: Math.max(column, 1),
          field: null,
          message: 'The file is not UTF-8 text: save it as "CSV UTF-8" and send it again',
        });
      }
      if (end < 0) throw new Error('unreachable: the whole file decoded line by line');
      start = end + 1;
      line += 1;
    }
  }
}

/** Every work needs a title (even empty), and its size as the API asks of a physical work. */
const REQUIRED_COLUMNS: ImportColumn[] = ['title', 'height', 'width', 'unit'];

/** The issue paths of an artwork input, as the CSV's columns. */
const COLUMN_OF_PATH: Record<string, ImportColumn> = {
  title: 'title',
  year: 'year',
  medium: 'medium',
  saleStatus: 'status',
  'dimensions.height': 'height',
  'dimensions.width': 'width',
  'dimensions.depth': 'depth',
  'dimensions.measurementSystem': 'unit',
};

function readRow(
  record: string[],
  line: number,
  at: Map<ImportColumn, number>,
  headerLength: number,
): { row: ImportRow; work: ImportWork | null } {
  const errors: ImportProblem[] = [];
  // A column the file lacks is reported once, for the file.
  const fail = (column: ImportColumn, message: string) => {
    const i = at.get(column);
    if (i !== undefined) errors.push(problem(line, i, column, message));
  };
  const cell = (column: ImportColumn) => {
    const i = at.get(column);
    const text = i === undefined ? '' : (record[i] ?? '').trim();
    // The export writes a cell starting like a formula after an apostrophe; read back, it is the cell again.
    return /^'[=+\-@]/.test(text) ? text.slice(1) : text;
  };
  // Empty cells past the last column are a spreadsheet's trailing commas, not data.
  const extra = record.findIndex((text, i) => i >= headerLength && text.trim() !== '');
  if (extra >= 0) {
    errors.push(
      problem(line, extra, null, `This row has ${record.length} cells, more than the ${headerLength} columns the first line names`),
    );
  }
  for (const column of at.keys()) {
    if (!isSavableText(cell(column))) fail(column, `${column} contains characters that cannot be saved`);
  }

  const statusWord = cell('status')
    .toLowerCase()
    .replace(/[\s_-]+/g, '');
  const saleStatus = STATUS_WORDS[statusWord];
  if (!saleStatus) fail('status', `Status must be one of ${SALE_STATUSES.join(', ')} (or empty for AVAILABLE)`);

  const yearText = cell('year');
  const year = yearText === '' ? null : /^-?\d+$/.test(yearText) ? Number(yearText) : Number.NaN;
  const length = (column: 'height' | 'width' | 'depth') => {
    const t = cell(column);
    if (t === '') return null;
    const n = /^\d+(\.\d+)?$/.test(t) ? Number(t) : Number.NaN;
    if (Number.isNaN(n)) fail(column, `${cap(column)} must be a positive number, such as 40 or 40.5`);
    return Number.isNaN(n) ? null : n;
  };
  const [height, width, depth] = [length('height'), length('width'), length('depth')];
  const unitText = cell('unit').toLowerCase();
  const measurementSystem = UNITS[unitText] ?? null;
  if (unitText !== '' && !measurementSystem) fail('unit', 'Unit must be cm or in');
  const mediaType = depth !== null ? ('PHYSICAL_3D' as const) : ('PHYSICAL_2D' as const);
  const input = {
    title: cell('title'),
    year,
    medium: cell('medium'),
    saleStatus: saleStatus ?? 'AVAILABLE',
    mediaType,
    dimensions: { mediaType, measurementSystem, height, width, ...(depth !== null ? { depth } : {}) },
  };
  const parsed = artworkInputSchema.safeParse(input);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const column = COLUMN_OF_PATH[issue.path.map(String).join('.')] ?? 'title';
      // A length the cell already refused is not refused twice.
      const message = column === 'unit' ? 'Unit is required: cm or in' : issue.message.replace(/ for Physical [23]D artwork$/, '');
      if (!errors.some((e) => e.field === column)) fail(column, message);
    }
  }

  const price = readPrice(cell('price'), cell('currency'), fail);
  const location = cell('location');
  if (location.length > 200) fail('location', 'Location must be at most 200 characters');
  const place = IN_STUDIO.has(location.toLowerCase()) ? null : location;
  if (place && saleStatus === 'SOLD') fail('location', 'A sold work is with its buyer: leave location empty');
  const inventoryNumber = cell('inventoryNumber');
  if (inventoryNumber.length > INVENTORY_NUMBER_MAX)
    fail('inventoryNumber', `Inventory number must be at most ${INVENTORY_NUMBER_MAX} characters`);
  const edition = readEdition(cell('edition'), fail);

  const row: ImportRow = { line, title: input.title, saleStatus: input.saleStatus, ok: errors.length === 0, errors };
  if (errors.length || !parsed.success) return { row, work: null };
  return { row, work: { line, values: parsed.data, price, place, inventoryNumber, edition } };
}

const cap = (s: string) => s[0].toUpperCase() + s.slice(1);
