import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fromPromise, type SnapshotFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import { dataExportMachine, type DataArchive, type DownloadProgress } from '../../src/machines/your-data/data-export.machine';
import { DataExport } from '../../src/views/your-data/YourData';
import { assertFullCoverage, controlledPromise, coveringPaths, createModel, pathName, type ModelEvent } from './harness';

type Snapshot = SnapshotFrom<typeof dataExportMachine>;

const ARCHIVE: DataArchive = {
  blob: new Blob([new Uint8Array(3 * 1024 * 1024)], { type: 'application/zip' }),
  fileName: 'artist-studio-2026-11-25.zip',
};
const FAILURE = 'Failed to download your data';

const events: Array<ModelEvent<typeof dataExportMachine>> = [
  { type: 'export.start' },
  { type: 'export.cancel' },
  { type: 'export.progress', loaded: 1024 * 1024, total: 4 * 1024 * 1024 },
  { type: 'export.progress', loaded: 512 * 1024, total: null },
  { type: 'xstate.done.actor.downloadArchive', output: ARCHIVE },
  { type: 'xstate.error.actor.downloadArchive', error: new Error(FAILURE) },
];
const model = createModel(dataExportMachine, {
  events,
  serializeState: (s: Snapshot) => JSON.stringify([s.value, s.context.progress, s.context.error !== null]),
});
const paths = coveringPaths(model);

const offersDownload = (name: string) => {
  expect(screen.getByRole('button', { name })).toBeEnabled();
  expect(screen.queryByRole('progressbar')).toBeNull();
  expect(screen.queryByRole('button', { name: 'Cancel download' })).toBeNull();
};

const states = {
  idle: () => {
    offersDownload('Download my data');
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  },
  downloading: (s: Snapshot) => {
    const { loaded, total } = s.context.progress!;
    // The bar fills when the archive's length is known; otherwise it waits at zero while the bytes count up.
    expect(screen.getByRole('progressbar', { name: 'Download progress' })).toHaveAttribute(
      'aria-valuenow',
      String(total ? Math.round((loaded / total) * 100) : 0),
    );
    expect(screen.getByRole('status')).toHaveTextContent(
      total
        ? `Downloaded ${(loaded / 1048576).toFixed(1)} MB of ${(total / 1048576).toFixed(1)} MB`
        : loaded
          ? `Downloaded ${(loaded / 1024).toFixed(1)} KB`
          : 'Downloaded 0 B',
    );
    expect(screen.getByRole('button', { name: 'Cancel download' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Download my data' })).toBeNull();
  },
  saved: () => {
    offersDownload('Download my data');
    expect(screen.getByRole('status')).toHaveTextContent('Your data was downloaded (3.0 MB).');
  },
  failed: () => {
    offersDownload('Try again');
    expect(screen.getByRole('alert')).toHaveTextContent(FAILURE);
  },
};

describe('data export: Download my data follows the chart', () => {
  it.for(paths.map((p) => [pathName(p), p] as const))('%s', async ([, path]) => {
    const user = userEvent.setup();
    const download = controlledPromise<DataArchive, { onProgress: (p: DownloadProgress) => void }>('downloadArchive');
    const saved: DataArchive[] = [];
    render(
      <DataExport
        logic={dataExportMachine.provide({
          actors: { downloadArchive: download.logic },
          actions: { saveArchive: (_, a) => void saved.push(a) },
        })}
      />,
    );
    await path.test({
      events: {
        'export.start': () => user.click(screen.getByRole('button', { name: /^(Download my data|Try again)$/ })),
        'export.cancel': () => user.click(screen.getByRole('button', { name: 'Cancel download' })),
        'export.progress': ({ event }) => {
          const { loaded, total } = event as unknown as DownloadProgress;
          act(() => download.calls.at(-1)!.onProgress({ loaded, total }));
        },
        'xstate.done.actor.downloadArchive': () => act(() => download.resolve(ARCHIVE)),
        'xstate.error.actor.downloadArchive': () => act(() => download.reject(new Error(FAILURE))),
      },
      states,
    });
    // Each finished download is handed to the browser to save, once; a cancelled or failed one never.
    expect(saved).toHaveLength(path.steps.filter((s) => s.event.type === 'xstate.done.actor.downloadArchive').length);
  });

  it('cancelling aborts the download in flight', async () => {
    const user = userEvent.setup();
    let aborted = false;
    const logic = dataExportMachine.provide({
      actors: {
        downloadArchive: fromPromise(
          ({ signal }) => new Promise<DataArchive>(() => signal.addEventListener('abort', () => (aborted = true))),
        ),
      },
    });
    render(<DataExport logic={logic} />);
    await user.click(screen.getByRole('button', { name: 'Download my data' }));
    await user.click(screen.getByRole('button', { name: 'Cancel download' }));
    expect(aborted).toBe(true);
  });

  it('covers every state and transition', () => {
    assertFullCoverage(dataExportMachine, paths, { stateTests: states, record: true });
  });
});
