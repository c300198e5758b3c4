import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { SnapshotFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import { artworkImportMachine } from '../../src/machines/artwork-import/artwork-import.machine';
import { dataExportMachine } from '../../src/machines/your-data/data-export.machine';
import { importProblems, type ImportReport, type ImportRow } from '../../src/schemas/artwork-import.schema';
import { ServiceError } from '../../src/services/api-error';
import { IMPORT_TEXT, ArtworkImportPage, problemText } from '../../src/views/artwork-import/ArtworkImportPage';
import { chooseFiles } from '../support/choose-files';
import { assertFullCoverage, controlledPromise, coveringPaths, createModel, pathName, type ModelEvent } from './harness';

type Snapshot = SnapshotFrom<typeof artworkImportMachine>;
type Event = ModelEvent<typeof artworkImportMachine>;

const FILE = new File(['title,year\nHarbour,2024\n'], 'inventory.csv', { type: 'text/csv' });
const row = (line: number, title: string, saleStatus: string, errors: ImportRow['errors'] = []): ImportRow => ({
  line,
  title,
  saleStatus,
  ok: errors.length === 0,
  errors,
});
const PRICE = { line: 3, column: 8, field: 'price', message: 'Price must be a number like 450.00' };
const CURRENCY = { line: 4, column: 9, field: 'currency', message: 'Unknown currency: EURO' };
const report = (extra: Partial<ImportReport>): ImportReport => ({
  message: '3 works ready to import',
  dryRun: true,
  imported: 0,
  rows: [row(2, 'Harbour at dusk', 'AVAILABLE'), row(3, 'Cedar', 'SOLD'), row(4, 'Tide', 'NOT_FOR_SALE')],
  unknownColumns: [{ column: 14, name: 'notes' }],
  errors: [],
  ...extra,
});
const READY = report({});
const WITH_PROBLEMS = report({
  message: 'The file has problems: nothing was imported',
  rows: [row(2, 'Harbour at dusk', 'AVAILABLE'), row(3, 'Cedar', 'SOLD', [PRICE]), row(4, 'Tide', 'NOT_FOR_SALE', [CURRENCY])],
});
const IMPORTED = report({ message: '3 works imported', dryRun: false, imported: 3 });
const REFUSED = { ...WITH_PROBLEMS, dryRun: false };
const TOO_LARGE = new ServiceError('A CSV of 50 MB or more cannot be imported.', 413);

const done = (id: 'checkImport' | 'runImport', output: ImportReport) => ({ type: `xstate.done.actor.${id}`, output }) as Event;
const failed = (id: 'checkImport' | 'runImport') => ({ type: `xstate.error.actor.${id}`, error: TOO_LARGE }) as Event;

/** What the artist and the server can do in each state. */
const events = (s: Snapshot): Event[] => {
  const file: Event = { type: 'import.file', file: FILE };
  const cancel: Event = { type: 'import.cancel' };
  switch (s.value) {
    case 'idle':
      return [file];
    case 'checking':
      return [done('checkImport', READY), done('checkImport', WITH_PROBLEMS), failed('checkImport')];
    case 'reviewing':
      return [{ type: 'import.confirm' }, file, cancel];
    case 'importing':
      return [done('runImport', IMPORTED), done('runImport', REFUSED), failed('runImport')];
    case 'done':
      return [file];
    default:
      return [{ type: 'import.retry' }, file, cancel];
  }
};
const serializeState = (s: Snapshot) =>
  JSON.stringify([s.value, s.context.file?.name ?? null, s.context.report?.message ?? null, s.context.report?.dryRun, s.context.error]);
const model = createModel(artworkImportMachine, { events, serializeState });
const paths = coveringPaths(model);

const states = {
  idle: () => {
    expect(screen.getByRole('heading', { level: 1, name: IMPORT_TEXT.title })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: IMPORT_TEXT.choose })).toBeEnabled();
    expect(screen.getByText('inventoryNumber')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  },
  checking: () => {
    expect(screen.getByRole('status')).toHaveTextContent(IMPORT_TEXT.checking(FILE.name));
  },
  reviewing: (s: Snapshot) => {
    const r = s.context.report!;
    const problems = importProblems(r);
    const title = problems.length ? IMPORT_TEXT.problems(problems.length) : r.message;
    expect(screen.getByRole('heading', { level: 2, name: title })).toBeInTheDocument();
    // Every problem where the artist finds it: line, column and its name.
    const listed = problems.length ? within(screen.getByRole('list', { name: 'Problems' })).getAllByRole('listitem') : [];
    expect(listed.map((li) => li.textContent)).toEqual(problems.map(problemText));
    expect(within(screen.getByRole('table', { name: IMPORT_TEXT.rows })).getAllByRole('row')).toHaveLength(r.rows.length + 1);
    expect(screen.getByText(IMPORT_TEXT.unknown(['notes']))).toBeInTheDocument();
    // Only a file without problems goes in.
    const go = screen.getByRole('button', { name: IMPORT_TEXT.import(r.rows.length) });
    if (problems.length) expect(go).toBeDisabled();
    else expect(go).toBeEnabled();
  },
  importing: (s: Snapshot) => {
    expect(screen.getByRole('status')).toHaveTextContent(IMPORT_TEXT.importing(s.context.report!.rows.length));
  },
  done: () => {
    expect(screen.getByText(IMPORTED.message)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: IMPORT_TEXT.toArtworks })).toHaveAttribute('href', '/portfolio/artwork');
  },
  failed: () => {
    expect(screen.getByText(TOO_LARGE.message)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: IMPORT_TEXT.retry })).toBeEnabled();
  },
};

describe('importing an inventory from CSV follows the chart', () => {
  it.for(paths.map((p) => [pathName(p), p] as const))('%s', async ([, path]) => {
    const user = userEvent.setup();
    const check = controlledPromise<ImportReport, { file: File }>('checkImport');
    const run = controlledPromise<ImportReport, { file: File }>('runImport');
    const logic = artworkImportMachine.provide({ actors: { checkImport: check.logic, runImport: run.logic } });
    render(
      <Router hook={memoryLocation({ path: '/portfolio/import' }).hook}>
        <ArtworkImportPage logic={logic} exportLogic={dataExportMachine} />
      </Router>,
    );
    const settle = (c: typeof check, output: ImportReport) => async () => {
      // The file sent is the one chosen.
      expect(c.calls.at(-1)).toEqual({ file: FILE });
      await act(() => c.resolve(output));
    };
    await path.test({
      events: {
        'import.file': async () => {
          chooseFiles(screen.getByTestId('import-file-input'), [FILE]);
          await waitFor(() => expect(check.calls.length).toBeGreaterThan(0));
        },
        'import.confirm': () => user.click(screen.getByRole('button', { name: /^Import \d+ works?$/ })),
        'import.cancel': () => user.click(screen.getByRole('button', { name: IMPORT_TEXT.cancel })),
        'import.retry': () => user.click(screen.getByRole('button', { name: IMPORT_TEXT.retry })),
        'xstate.done.actor.checkImport': async ({ event }) => settle(check, (event as unknown as { output: ImportReport }).output)(),
        'xstate.error.actor.checkImport': () => act(() => check.reject(TOO_LARGE)),
        'xstate.done.actor.runImport': async ({ event }) => settle(run, (event as unknown as { output: ImportReport }).output)(),
        'xstate.error.actor.runImport': () => act(() => run.reject(TOO_LARGE)),
      },
      states,
    });
  });

  it('covers every state and transition', () => {
    assertFullCoverage(artworkImportMachine, paths, { stateTests: states, record: true });
  });
});
