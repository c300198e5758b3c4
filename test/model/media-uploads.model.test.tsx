import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useActorRef } from '@xstate/react';
import { fromPromise, type SnapshotFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { Notice } from '../../src/machines/toasts/notice';
import type { MediaUploadInput } from '../../src/machines/artwork-media/media-upload.machine';
import { provideMediaUploads } from '../../src/machines/artwork-media/artwork-media.provide';
import { MAX_PARALLEL_UPLOADS, mediaUploadsMachine } from '../../src/machines/artwork-media/media-uploads.machine';
import type { MediaItem } from '../../src/schemas/media.schema';
import { MediaUploads } from '../../src/views/artwork-media/MediaUploads';
import { ARTWORK_ID, mediaFixture } from '../support/artwork-editor';
import { assertFullCoverage, coveringPaths, createModel, pathName, type ModelEvent } from './harness';
import { chooseFiles } from '../support/choose-files';

type Snapshot = SnapshotFrom<typeof mediaUploadsMachine>;
type Event = ModelEvent<typeof mediaUploadsMachine>;

const image = (n: number) => new File(['bytes'], `photo-${n}.jpg`, { type: 'image/jpeg' });
const TEXT = new File(['notes'], 'notes.txt', { type: 'text/plain' });
const FAILURE = 'The file is not an image it claims to be.';
/** Enough files at once that one has to wait for a free place. */
const BATCH = Array.from({ length: MAX_PARALLEL_UPLOADS + 1 }, (_, i) => image(i + 1));
const itemFor = (file: File): MediaItem => mediaFixture(9, { fileName: file.name });

/**
 * What the artist can do in a state: choose a batch of images (once), choose a file of the wrong type, cancel a file
 * going up or waiting, dismiss a refused or failed one; and the first running file may finish or fail.
 */
const events = (s: Snapshot): Event[] => {
  const c = s.context;
  const running = c.uploads.filter((u) => u.status === 'running');
  const closed = [...c.rejected, ...c.uploads.filter((u) => u.status === 'failed')];
  const out: Event[] = [];
  if (c.seq === 0) out.push({ type: 'uploads.add', files: BATCH });
  if (!c.rejected.length && c.seq < BATCH.length + 1) out.push({ type: 'uploads.add', files: [TEXT] });
  if (running[0]) out.push({ type: 'uploads.cancel', id: running[0].id });
  if (c.queue[0]) out.push({ type: 'uploads.cancel', id: c.queue[0].id });
  if (closed[0]) out.push({ type: 'uploads.dismiss', id: closed[0].id });
  if (running[0]) {
    const id = running[0].id;
    const file = (running[0].ref.getSnapshot().context as MediaUploadInput).file;
    out.push(
      { type: `xstate.done.actor.${id}`, actorId: id, output: { status: 'done', item: itemFor(file) } },
      { type: `xstate.done.actor.${id}`, actorId: id, output: { status: 'failed', message: FAILURE } },
    );
  }
  return out;
};

const serializeState = (s: Snapshot) => {
  const c = s.context;
  return JSON.stringify([
    s.value,
    c.seq,
    c.queue.map((q) => q.id),
    c.uploads.map((u) => `${u.id}:${u.status}`),
    c.rejected.map((r) => r.id),
    c.uploadedCount > 0,
  ]);
};
// Alone, the machine has no media list above it to tell about a new item: that is recorded instead.
const standalone = (uploaded: (item: MediaItem) => void = () => {}) =>
  mediaUploadsMachine.provide({ actions: { uploaded: (_, item) => uploaded(item) } });
const model = createModel(standalone(), { events, serializeState, input: { artworkId: ARTWORK_ID } });
const paths = coveringPaths(model, { minimal: true });

const idOf = (event: unknown) => (event as { id: string }).id;

/** Each file's upload waits until the test settles it by name, as the server would answer that file. */
function uploadsByFile() {
  const pending = new Map<string, { resolve: (item: MediaItem) => void; reject: (e: Error) => void }>();
  const logic = fromPromise<MediaItem, MediaUploadInput & { onProgress: (fraction: number) => void }>(
    ({ input }) => new Promise((resolve, reject) => pending.set(input.file.name, { resolve, reject })),
  );
  return { logic, pending };
}

function Host({ logic }: { logic: typeof mediaUploadsMachine }) {
  const uploads = useActorRef(logic, { input: { artworkId: ARTWORK_ID } });
  return <MediaUploads uploads={uploads} />;
}

const row = (name: string) => within(screen.getByRole('list', { name: 'Uploads' })).getByRole('listitem', { name });

/** Every file of the context is on screen as what it is: going up, waiting, failed, or refused with its reason. */
function expectFiles(s: Snapshot) {
  const c = s.context;
  const list = screen.queryByRole('list', { name: 'Uploads' });
  if (!c.uploads.length && !c.queue.length) expect(list).toBeNull();
  for (const u of c.uploads) {
    if (u.status === 'running')
      expect(within(row(u.fileName)).getByRole('progressbar', { name: `Uploading ${u.fileName}` })).toBeInTheDocument();
    else expect(within(row(u.fileName)).getByRole('alert')).toHaveTextContent(FAILURE);
  }
  for (const q of c.queue) expect(row(q.file.name)).toHaveTextContent('Waiting to upload');
  for (const r of c.rejected) expect(screen.getByText(r.message)).toBeInTheDocument();
  expect(screen.queryAllByRole('progressbar')).toHaveLength(c.uploads.filter((u) => u.status === 'running').length);
}

const SUCCESS = /uploaded successfully$/;
/** What a test run saw: the toasts, and how many files went up since the last success toast. */
const seen = { notices: [] as Notice[], upSinceToast: 0 };
const successToasts = () => seen.notices.filter((n) => SUCCESS.test(n.title));

const states = {
  idle: (s: Snapshot) => {
    expectFiles(s);
    expect(screen.queryByText('Waiting to upload')).toBeNull();
    // Nothing left going up: the files that went up together were said in one toast, the last one.
    if (seen.upSinceToast) {
      const title = seen.upSinceToast === 1 ? 'Media file uploaded successfully' : `${seen.upSinceToast} media files uploaded successfully`;
      expect(seen.notices.at(-1)).toEqual({ title, toastType: 'success' });
      expect(successToasts().filter((n) => n.title === title).length).toBeGreaterThan(0);
    }
    seen.upSinceToast = 0;
    expect(s.context.uploadedCount).toBe(0);
  },
  uploading: (s: Snapshot) => {
    expectFiles(s);
    expect(screen.getAllByRole('progressbar').length).toBeGreaterThan(0);
    // While files are still going up, none of those that arrived has had a toast of its own.
    expect(s.context.uploadedCount).toBe(seen.upSinceToast);
  },
};

/** The picker hands the files over as a drop or a choice would; each then shows as a row or as refused. */
async function choose(files: File[]) {
  chooseFiles(screen.getByTestId('media-file-input'), files);
  // Ark reads the chosen files asynchronously.
  await waitFor(() => {
    for (const f of files)
      expect(
        screen.queryByRole('listitem', { name: f.name }) ?? screen.getByRole('button', { name: `Dismiss ${f.name}` }),
      ).toBeInTheDocument();
  });
}

describe('media uploads: many files at once follow the chart', () => {
  it.for(paths.map((p) => [pathName(p), p] as const))('%s', async ([, path]) => {
    const user = userEvent.setup();
    const uploads = uploadsByFile();
    seen.notices = [];
    seen.upSinceToast = 0;
    const { notices } = seen;
    const uploaded: MediaItem[] = [];
    const logic = provideMediaUploads({ uploadMedia: uploads.logic, notify: (notice) => void notices.push(notice) }).provide({
      actions: { uploaded: (_, item) => void uploaded.push(item) },
    });
    render(<Host logic={logic} />);
    // The machine numbers files as they come (upload-1, upload-2, ...): which file each id stands for.
    const names = new Map<string, string>();
    const settle = async ({ event }: { event: unknown }) => {
      const { actorId, output } = event as { actorId: string; output: { status: 'done' | 'failed' } };
      const name = names.get(actorId)!;
      const upload = uploads.pending.get(name)!;
      const before = notices.length;
      const failures = notices.filter((n) => n.toastType === 'error').length;
      const item = itemFor(BATCH.find((f) => f.name === name)!);
      await act(async () => (output.status === 'done' ? upload.resolve(item) : upload.reject(new Error(FAILURE))));
      // The file's own actor settles first, then tells the list, which starts the next waiting file. A finished file is
      // handed to the media list at once (its toast waits for the rest); a failed one is not, and says why at once.
      if (output.status === 'done') {
        await waitFor(() => expect(uploaded.at(-1)).toEqual(item));
        seen.upSinceToast += 1;
        expect(notices.slice(before).every((n) => SUCCESS.test(n.title))).toBe(true);
      } else {
        await waitFor(() => expect(notices.filter((n) => n.toastType === 'error')).toHaveLength(failures + 1));
        expect(uploaded).not.toContainEqual(expect.objectContaining({ fileName: name }));
        expect(notices.find((n, i) => i >= before && n.toastType === 'error')).toEqual({
          title: `Failed to upload media file: ${FAILURE}`,
          toastType: 'error',
        });
      }
    };
    await path.test({
      events: {
        'uploads.add': ({ event, state }) => {
          const { files } = event as Extract<Event, { type: 'uploads.add' }>;
          files.forEach((f, i) => names.set(`upload-${state.context.seq - files.length + 1 + i}`, f.name));
          return choose(files);
        },
        'uploads.cancel': ({ event }) => user.click(screen.getByRole('button', { name: `Cancel upload of ${names.get(idOf(event))}` })),
        'uploads.dismiss': ({ event }) => user.click(screen.getByRole('button', { name: `Dismiss ${names.get(idOf(event))}` })),
        // A file's actor finishing: the first running one, whichever id the machine gave it.
        ...Object.fromEntries(Array.from({ length: BATCH.length + 1 }, (_, i) => [`xstate.done.actor.upload-${i + 1}`, settle])),
      },
      states,
    });
  });

  it('covers every state and transition', () => {
    assertFullCoverage(mediaUploadsMachine, paths, { input: { artworkId: ARTWORK_ID }, stateTests: states, record: true });
  });

  it('one drop of several files is one toast once they are all up, not one toast per file', async () => {
    const uploads = uploadsByFile();
    const notices: Notice[] = [];
    render(
      <Host
        logic={provideMediaUploads({ uploadMedia: uploads.logic, notify: (n) => void notices.push(n) }).provide({
          actions: { uploaded: () => {} },
        })}
      />,
    );
    await choose(BATCH);
    for (const file of BATCH) {
      await waitFor(() => expect(uploads.pending.has(file.name)).toBe(true));
      await act(async () => uploads.pending.get(file.name)!.resolve(itemFor(file)));
    }
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Uploads' })).toBeNull());
    expect(notices).toEqual([{ title: `${BATCH.length} media files uploaded successfully`, toastType: 'success' }]);
  });

  it('a file of the wrong type is refused with the required message while the others go up', async () => {
    const uploads = uploadsByFile();
    render(
      <Host logic={provideMediaUploads({ uploadMedia: uploads.logic, notify: () => {} }).provide({ actions: { uploaded: () => {} } })} />,
    );
    await choose([TEXT, image(1)]);
    expect(screen.getByText('File type TXT is not allowed')).toBeInTheDocument();
    expect(row('photo-1.jpg')).toBeInTheDocument();
    expect(uploads.pending.has('photo-1.jpg')).toBe(true);
  });
});
