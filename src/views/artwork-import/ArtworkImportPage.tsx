import { useActorRef, useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { css } from 'styled-system/css';
import { button } from 'styled-system/recipes/button';
import type { artworkImportMachine, ArtworkImportRef } from '../../machines/artwork-import/artwork-import.machine';
import type { dataExportMachine } from '../../machines/your-data/data-export.machine';
import {
  selectCanImport,
  selectError,
  selectFileName,
  selectImportState,
  selectIsBusy,
  selectProblems,
  selectReport,
} from '../../machines/artwork-import/artwork-import.selectors';
import { IMPORT_COLUMNS, type ImportProblem, type ImportRow } from '../../schemas/artwork-import.schema';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { FileUpload } from '../ui/file-upload';
import { Spinner } from '../ui/spinner';
import { useInspection } from '../inspection';
import { CsvExport } from './CsvExport';

export const IMPORT_TEXT = {
  title: 'Import artworks from CSV',
  intro: 'Columns are read by their header, in any order. Nothing is written until you import, and then all rows or none.',
  columns: 'Columns',
  choose: 'Choose a CSV file',
  zone: 'Drop a CSV file here',
  checking: (name: string) => `Reading ${name}...`,
  importing: (n: number) => `Importing ${n === 1 ? '1 work' : `${n} works`}...`,
  problems: (n: number) => (n === 1 ? '1 problem to fix before importing' : `${n} problems to fix before importing`),
  unknown: (names: string[]) => `Not read: ${names.join(', ')}`,
  import: (n: number) => (n === 1 ? 'Import 1 work' : `Import ${n} works`),
  another: 'Choose another file',
  cancel: 'Cancel',
  retry: 'Try again',
  toArtworks: 'Go to My Artworks',
  rows: 'Rows',
} as const;

/** 'Line 3, column 8 (price): …', where the artist finds it in the file. */
export const problemText = (p: ImportProblem) => `Line ${p.line}, column ${p.column}${p.field ? ` (${p.field})` : ''}: ${p.message}`;

const STATUS_LABELS: Record<string, string> = { AVAILABLE: 'Available', SOLD: 'Sold', NOT_FOR_SALE: 'Not for sale' };
/** Rows listed before "and N more": enough to recognise the file, not a copy of it. */
const ROWS_SHOWN = 50;

const page = css({ display: 'flex', flexDirection: 'column', gap: '4', maxW: '4xl' });
const actions = css({ display: 'flex', gap: '3', flexWrap: 'wrap' });
const code = css({ fontFamily: 'mono', fontSize: 'sm', bg: 'bg.subtle', px: '1', borderRadius: 'sm' });
const cell = css({ textAlign: 'start', py: '1.5', px: '2', borderBottomWidth: '1px', borderColor: 'border', verticalAlign: 'top' });

function RowsTable({ rows }: { rows: ImportRow[] }) {
  return (
    <div className={css({ overflowX: 'auto' })}>
      <table aria-label={IMPORT_TEXT.rows} className={css({ w: 'full', borderCollapse: 'collapse', fontSize: 'sm' })}>
        <thead>
          <tr>
            <th className={cell}>Line</th>
            <th className={cell}>Title</th>
            <th className={cell}>Status</th>
            <th className={cell}>Result</th>
          </tr>
        </thead>
        <tbody>
          {rows.slice(0, ROWS_SHOWN).map((r) => (
            <tr key={r.line} data-ok={r.ok}>
              <td className={cell}>{r.line}</td>
              <td className={cell}>{r.title}</td>
              <td className={cell}>{STATUS_LABELS[r.saleStatus] ?? r.saleStatus}</td>
              <td className={cell}>
                {r.ok ? (
                  <span className={css({ color: 'success' })}>Ready</span>
                ) : (
                  <span className={css({ color: 'danger' })}>{r.errors.map((e) => e.message).join(' ')}</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {rows.length > ROWS_SHOWN ? (
        <p className={css({ fontSize: 'sm', color: 'fg.muted', mt: '1' })}>and {rows.length - ROWS_SHOWN} more</p>
      ) : null}
    </div>
  );
}

function FileChoice({ flow, label }: { flow: ArtworkImportRef; label: string }) {
  const busy = useSelector(flow, selectIsBusy);
  return (
    <FileUpload.Root
      maxFiles={1}
      acceptedFiles={[]}
      accept={['text/csv', '.csv']}
      disabled={busy}
      onFileAccept={(d) => d.files[0] && flow.send({ type: 'import.file', file: d.files[0] })}
    >
      <FileUpload.Dropzone label={IMPORT_TEXT.zone} className={css({ p: '3', flexDirection: { base: 'column', sm: 'row' }, gap: '2' })}>
        <span>{IMPORT_TEXT.zone}</span>
        <FileUpload.Trigger>{label}</FileUpload.Trigger>
      </FileUpload.Dropzone>
      <FileUpload.HiddenInput data-testid="import-file-input" />
    </FileUpload.Root>
  );
}

function Review({ flow }: { flow: ArtworkImportRef }) {
  const report = useSelector(flow, selectReport)!;
  const problems = useSelector(flow, selectProblems);
  const importable = useSelector(flow, selectCanImport);
  return (
    <section aria-labelledby="import-review-title" className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
      <h2 id="import-review-title" className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>
        {problems.length ? IMPORT_TEXT.problems(problems.length) : report.message}
      </h2>
      {report.unknownColumns.length ? (
        <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{IMPORT_TEXT.unknown(report.unknownColumns.map((c) => c.name))}</p>
      ) : null}
      {problems.length ? (
        <Alert status="danger">
          <ul aria-label="Problems" className={css({ listStyle: 'none', display: 'flex', flexDirection: 'column', gap: '1' })}>
            {problems.map((p) => (
              <li key={`${p.line}:${p.column}:${p.message}`}>{problemText(p)}</li>
            ))}
          </ul>
        </Alert>
      ) : null}
      {report.rows.length ? <RowsTable rows={report.rows} /> : null}
      <div className={actions}>
        <Button onClick={() => flow.send({ type: 'import.confirm' })} disabled={!importable}>
          {IMPORT_TEXT.import(report.rows.length)}
        </Button>
        <Button variant="outline" onClick={() => flow.send({ type: 'import.cancel' })}>
          {IMPORT_TEXT.cancel}
        </Button>
      </div>
      <FileChoice flow={flow} label={IMPORT_TEXT.another} />
    </section>
  );
}

/**
 * Portfolio › Import: an inventory moves in from a CSV file. The server reads it first (a dry run) and the page shows
 * each row and every problem by line and column; only a file without problems can be imported, all at once. Below,
 * the inventory out in the same columns.
 */
export function ArtworkImportPage({ logic, exportLogic }: { logic: typeof artworkImportMachine; exportLogic: typeof dataExportMachine }) {
  const flow = useActorRef(logic, useInspection());
  const state = useSelector(flow, selectImportState);
  const fileName = useSelector(flow, selectFileName);
  const report = useSelector(flow, selectReport);
  const error = useSelector(flow, selectError);
  return (
    <section aria-labelledby="import-title" className={page} data-state={state}>
      <h1 id="import-title" className={css({ fontSize: '2xl', fontWeight: 'bold' })}>
        {IMPORT_TEXT.title}
      </h1>
      <p className={css({ color: 'fg.muted' })}>{IMPORT_TEXT.intro}</p>
      <p className={css({ fontSize: 'sm', lineHeight: 'relaxed' })}>
        {IMPORT_TEXT.columns}:{' '}
        {IMPORT_COLUMNS.map((c, i) => (
          <span key={c}>
            <code className={code}>{c}</code>
            {i < IMPORT_COLUMNS.length - 1 ? ', ' : ''}
          </span>
        ))}
      </p>
      {state === 'idle' ? <FileChoice flow={flow} label={IMPORT_TEXT.choose} /> : null}
      {state === 'checking' ? <Spinner label={IMPORT_TEXT.checking(fileName ?? '')} /> : null}
      {state === 'reviewing' ? <Review flow={flow} /> : null}
      {state === 'importing' ? <Spinner label={IMPORT_TEXT.importing(report?.rows.length ?? 0)} /> : null}
      {state === 'done' ? (
        <>
          <Alert status="success">{report?.message}</Alert>
          <div className={actions}>
            <Link href="/portfolio/artwork" className={button({ variant: 'solid' })}>
              {IMPORT_TEXT.toArtworks}
            </Link>
          </div>
          <FileChoice flow={flow} label={IMPORT_TEXT.another} />
        </>
      ) : null}
      {state === 'failed' ? (
        <>
          <Alert status="danger">{error}</Alert>
          <div className={actions}>
            <Button onClick={() => flow.send({ type: 'import.retry' })}>{IMPORT_TEXT.retry}</Button>
            <Button variant="outline" onClick={() => flow.send({ type: 'import.cancel' })}>
              {IMPORT_TEXT.cancel}
            </Button>
          </div>
          <FileChoice flow={flow} label={IMPORT_TEXT.another} />
        </>
      ) : null}
      <hr className={css({ borderColor: 'border', my: '2' })} />
      <CsvExport logic={exportLogic} />
    </section>
  );
}
