import { act, render, screen } from '@testing-library/react';
import { useActorRef } from '@xstate/react';
import type { SnapshotFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import { mediaUploadMachine, type MediaUploadInput } from '../../src/machines/artwork-media/media-upload.machine';
import type { MediaItem } from '../../src/schemas/media.schema';
import { UploadRow } from '../../src/views/artwork-media/MediaUploads';
import { ARTWORK_ID, mediaFixture } from '../support/artwork-editor';
import { assertFullCoverage, controlledPromise, coveringPaths, createModel, pathName, type ModelEvent } from './harness';

type Snapshot = SnapshotFrom<typeof mediaUploadMachine>;
type UploadCall = MediaUploadInput & { onProgress: (fraction: number) => void };

const FILE = new File(['bytes'], 'sunset.jpg', { type: 'image/jpeg' });
const ITEM: MediaItem = mediaFixture(7, { fileName: 'sunset.jpg' });
const FAILURE = new Error('The file is not an image it claims to be.');
const INPUT = { artworkId: ARTWORK_ID, file: FILE };

const events: Array<ModelEvent<typeof mediaUploadMachine>> = [
  { type: 'upload.progress', fraction: 0.5 },
  { type: 'upload.progress', fraction: 1 },
  { type: 'xstate.done.actor.uploadMedia', output: ITEM },
  { type: 'xstate.error.actor.uploadMedia', error: FAILURE },
];
const model = createModel(mediaUploadMachine, {
  events,
  input: INPUT,
  serializeState: (s: Snapshot) => JSON.stringify([s.value, s.context.progress]),
});
const paths = coveringPaths(model);

function UploadHost({ logic, onCancel, onDismiss }: { logic: typeof mediaUploadMachine; onCancel: () => void; onDismiss: () => void }) {
  const upload = useActorRef(logic, { input: INPUT });
  return (
    <ul>
      <UploadRow upload={upload} onCancel={onCancel} onDismiss={onDismiss} />
    </ul>
  );
}

const states = {
  uploading: (s: Snapshot) => {
    const bar = screen.getByRole('progressbar', { name: 'Uploading sunset.jpg' });
    expect(bar).toHaveAttribute('aria-valuenow', String(Math.round(s.context.progress * 100)));
    expect(screen.getByText(`${Math.round(s.context.progress * 100)}%`)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel upload of sunset.jpg' })).toBeEnabled();
  },
  done: () => {
    expect(screen.getByRole('status')).toHaveTextContent('Uploaded');
    expect(screen.queryByRole('progressbar')).toBeNull();
  },
  failed: () => {
    expect(screen.getByRole('alert')).toHaveTextContent(FAILURE.message);
    expect(screen.getByRole('button', { name: 'Dismiss sunset.jpg' })).toBeEnabled();
    expect(screen.queryByRole('progressbar')).toBeNull();
  },
};

describe('media upload: one file row follows the chart', () => {
  it.for(paths.map((p) => [pathName(p), p] as const))('%s', async ([, path]) => {
    const uploadMedia = controlledPromise<MediaItem, UploadCall>('uploadMedia');
    const clicks: string[] = [];
    render(
      <UploadHost
        logic={mediaUploadMachine.provide({ actors: { uploadMedia: uploadMedia.logic } })}
        onCancel={() => clicks.push('cancel')}
        onDismiss={() => clicks.push('dismiss')}
      />,
    );
    expect(uploadMedia.calls[0]).toMatchObject({ artworkId: ARTWORK_ID, file: FILE });
    await path.test({
      events: {
        // The service reports how much of the file went up.
        'upload.progress': ({ event }) => act(() => uploadMedia.calls[0].onProgress((event as unknown as { fraction: number }).fraction)),
        'xstate.done.actor.uploadMedia': () => act(() => uploadMedia.resolve(ITEM)),
        'xstate.error.actor.uploadMedia': () => act(() => uploadMedia.reject(FAILURE)),
      },
      states,
    });
  });

  it('covers every state and transition', () => {
    assertFullCoverage(mediaUploadMachine, paths, { input: INPUT, stateTests: states, record: true });
  });

  it('answers what became of the file', async () => {
    const { createActor, toPromise } = await import('xstate');
    const ok = controlledPromise<MediaItem, UploadCall>('ok');
    const done = createActor(mediaUploadMachine.provide({ actors: { uploadMedia: ok.logic } }), { input: INPUT }).start();
    await ok.resolve(ITEM);
    expect(await toPromise(done)).toEqual({ status: 'done', item: ITEM });
    const bad = controlledPromise<MediaItem, UploadCall>('bad');
    const failed = createActor(mediaUploadMachine.provide({ actors: { uploadMedia: bad.logic } }), { input: INPUT }).start();
    await bad.reject(FAILURE);
    expect(await toPromise(failed)).toEqual({ status: 'failed', message: FAILURE.message });
  });
});
