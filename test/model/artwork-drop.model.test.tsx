import { act, render, screen, waitFor, within } from '@testing-library/react';
import { useEffect } from 'react';
import userEvent from '@testing-library/user-event';
import { useActorRef } from '@xstate/react';
import { fromPromise, type SnapshotFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import {
  actorIdOf,
  artworkDropMachine,
  type AddFileInput,
  type CreateFromFileInput,
  type DropJob,
  type DropOutput,
} from '../../src/machines/artwork-drop/artwork-drop.machine';
import type { CreatedFromFile } from '../../src/schemas/artwork-file.schema';
import type { MediaItem } from '../../src/schemas/media.schema';
import { mediaTypeLabel } from '../../src/schemas/media-type.schema';
import { DROP_TEXT, DropChoice, DropProgress, DropZone } from '../../src/views/artwork-drop/ArtworkDrop';
import { artworkRow } from '../support/artwork-row';
import { mediaFixture } from '../support/artwork-editor';
import { assertFullCoverage, coveringPaths, createModel, pathName, type ModelEvent } from './harness';
import { chooseFiles } from '../support/choose-files';

type Snapshot = SnapshotFrom<typeof artworkDropMachine>;
type Event = ModelEvent<typeof artworkDropMachine>;

const image = (name: string) => new File(['bytes'], name, { type: 'image/jpeg' });
const HARBOUR = image('harbour-at-dusk.jpg');
const CEDAR = image('cedar.jpg');
const NOTES = new File(['notes'], 'notes.txt', { type: 'text/plain' });
const FAILURE = 'The file is not an image it claims to be.';
/** The files' jobs, numbered as they were dropped (the text file, refused, is the third). */
const FILE_OF: Record<string, File> = { 'drop-1': HARBOUR, 'drop-2': CEDAR };
/** The artwork each file starts, as the server answers it. */
const WORKS = new Map([HARBOUR, CEDAR].map((f, i) => [f.name, artworkRow(i + 1, { title: f.name.replace(/\.jpg$/, '') })]));

const jobOf = (s: Snapshot, id: string) => s.context.jobs.find((j) => j.id === id)!;
/** What a file's upload answers: a new artwork with it, or (joining the one artwork of the drop) the media item. */
const outputFor = (s: Snapshot, job: DropJob): DropOutput => {
  const joins = s.context.grouping === 'one' ? s.context.artworkId : null;
  const artwork = WORKS.get(job.file.name)!;
  const media = mediaFixture(1, { fileName: job.file.name, artworkId: joins ?? artwork.artworkId });
  return joins ? media : { artwork, media };
};

/**
 * What the artist and the server can do in a state: drop two pictures with a text file, or the text file alone;
 * choose how many works they make and what they are; start or cancel; and the first file going up reports progress,
 * finishes, or (on its first try) fails, which can then be tried again.
 */
const events = (s: Snapshot): Event[] => {
  const c = s.context;
  const dismiss: Event[] = c.rejected.length ? [{ type: 'drop.dismiss' }] : [];
  if (s.matches('idle')) {
    return c.seq === 0
      ? [
          { type: 'drop.files', files: [HARBOUR, CEDAR, NOTES] },
          { type: 'drop.files', files: [NOTES] },
        ]
      : dismiss;
  }
  if (s.matches('choosing'))
    return [
      ...dismiss,
      { type: 'drop.grouping', grouping: c.grouping === 'each' ? 'one' : 'each' },
      ...(c.imageType === 'PHYSICAL_2D' ? [{ type: 'drop.imageType', mediaType: 'DIGITAL_2D' } as Event] : []),
      { type: 'drop.start' },
      { type: 'drop.cancel' },
    ];
  const out: Event[] = [...dismiss];
  const failed = c.jobs.find((j) => j.status === 'failed');
  if (failed) out.push({ type: 'drop.retry', id: failed.id });
  if (s.matches('finished')) return [...out, { type: 'drop.close' }];
  const up = c.jobs.find((j) => j.status === 'uploading');
  if (up) {
    const actorId = actorIdOf(up);
    if (up.progress === 0) out.push({ type: 'drop.progress', id: up.id, fraction: 0.5 });
    out.push({ type: `xstate.done.actor.${actorId}`, actorId, output: outputFor(s, up) });
    if (up.attempt === 1) out.push({ type: `xstate.error.actor.${actorId}`, actorId, error: new Error(FAILURE) });
  }
  return out;
};

const serializeState = (s: Snapshot) => {
  const c = s.context;
  return JSON.stringify([
    s.value,
    c.seq,
    c.grouping,
    c.imageType,
    c.jobs.map((j) => `${j.id}:${j.status}:${j.attempt}:${j.progress}`),
    c.rejected.map((r) => r.id),
  ]);
};

const model = createModel(artworkDropMachine, { events, serializeState });
const paths = coveringPaths(model, { minimal: true });

/** Each file's call waits until the test settles it by name, as the server would answer that file. */
function callsByFile() {
  const pending = new Map<string, { resolve: (o: DropOutput) => void; reject: (e: Error) => void; progress: (f: number) => void }>();
  const take = <T,>(input: CreateFromFileInput | AddFileInput) =>
    new Promise<T>((resolve, reject) =>
      pending.set(input.file.name, { resolve: resolve as (o: DropOutput) => void, reject, progress: input.onProgress }),
    );
  const made: CreateFromFileInput[] = [];
  const added: AddFileInput[] = [];
  const createFromFile = fromPromise<CreatedFromFile, CreateFromFileInput>(({ input }) => (made.push(input), take(input)));
  const addFile = fromPromise<MediaItem, AddFileInput>(({ input }) => (added.push(input), take(input)));
  return { pending, made, added, createFromFile, addFile };
}

function Host({ logic, changed }: { logic: typeof artworkDropMachine; changed: () => void }) {
  const drop = useActorRef(logic);
  // The page reads its list again on each new work; here it is counted.
  useEffect(() => {
    const sub = drop.on('artworks.changed', changed);
    return () => sub.unsubscribe();
  }, [drop, changed]);
  return (
    <>
      <DropZone drop={drop} />
      <DropProgress drop={drop} />
      <DropChoice drop={drop} />
    </>
  );
}

/** What a test run saw: the artworks opened, and whether the choice was cancelled. */
const seen = { opened: [] as string[], cancelled: false, closed: false };

const dialog = () => screen.getByRole('dialog');
const fileRow = (name: string) => within(screen.getByRole('list', { name: 'Files' })).getByRole('listitem', { name });

/** A file that cannot start a work says why, until dismissed. */
function expectRefused(s: Snapshot) {
  for (const r of s.context.rejected) expect(screen.getByText(r.message)).toBeInTheDocument();
  if (!s.context.rejected.length) expect(screen.queryByRole('button', { name: DROP_TEXT.dismiss, hidden: true })).toBeNull();
}

/** Every file of the drop is on screen as what it is: waiting, going up, added, or failed with why. */
function expectJobs(s: Snapshot) {
  const c = s.context;
  const done = c.jobs.filter((j) => j.status === 'done').length;
  expect(screen.getByRole('heading', { name: DROP_TEXT.progress(done, c.jobs.length) })).toBeInTheDocument();
  expectRefused(s);
  for (const j of c.jobs) {
    const row = fileRow(j.file.name);
    expect(row).toHaveAttribute('data-state', j.status);
    if (j.status === 'uploading') {
      const bar = within(row).getByRole('progressbar', { name: `Uploading ${j.file.name}` });
      expect(bar).toHaveAttribute('aria-valuenow', String(Math.round(j.progress * 100)));
    }
    if (j.status === 'done') expect(row).toHaveTextContent(DROP_TEXT.added);
    if (j.status === 'failed') {
      expect(within(row).getByRole('alert')).toHaveTextContent(FAILURE);
      expect(within(row).getByRole('button', { name: `Try ${j.file.name} again` })).toBeEnabled();
    } else expect(within(row).queryByRole('button')).toBeNull();
    if (j.status === 'waiting') {
      const first = c.jobs[0];
      const waitsForFirst = c.grouping === 'one' && first.status === 'failed' && first !== j;
      expect(row).toHaveTextContent(waitsForFirst ? DROP_TEXT.waitingForFirst : DROP_TEXT.waiting);
    }
  }
}

const states = {
  idle: async (s: Snapshot) => {
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByRole('list', { name: 'Files' })).toBeNull();
    expect(screen.getByRole('button', { name: DROP_TEXT.choose })).toBeEnabled();
    expect(screen.queryByRole('button', { name: DROP_TEXT.close })).toBeNull();
    expectRefused(s);
    // Back after the two pictures went up into one work: it opened (the first file started it). Cancelled or closed: nothing did.
    const madeOne = s.context.seq === 3 && !seen.cancelled && !seen.closed;
    expect(seen.opened).toEqual(madeOne ? [WORKS.get(HARBOUR.name)!.artworkId] : []);
  },
  choosing: async (s: Snapshot) => {
    const c = s.context;
    const box = await screen.findByRole('dialog', { name: DROP_TEXT.title(c.jobs.length) });
    expect(box).toHaveAccessibleDescription(DROP_TEXT.how);
    for (const j of c.jobs) expect(within(box).getByText(j.file.name)).toBeInTheDocument();
    expect(within(box).getByRole('radio', { name: c.grouping === 'each' ? DROP_TEXT.each : DROP_TEXT.one })).toBeChecked();
    expect(within(box).getByRole('combobox', { name: DROP_TEXT.kind })).toHaveTextContent(mediaTypeLabel(c.imageType));
    expect(within(box).getByRole('button', { name: DROP_TEXT.start(c.grouping === 'one' ? 1 : c.jobs.length) })).toBeEnabled();
    // The text file is not among them: it was refused.
    expect(within(box).queryByText(NOTES.name)).toBeNull();
  },
  uploading: async (s: Snapshot) => {
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expectJobs(s);
    expect(screen.queryByRole('button', { name: DROP_TEXT.close })).toBeNull();
    expect(screen.getByRole('button', { name: DROP_TEXT.choose })).toBeDisabled();
  },
  finished: (s: Snapshot) => {
    expectJobs(s);
    expect(screen.getByRole('button', { name: DROP_TEXT.close })).toBeEnabled();
  },
};

describe('starting artworks from dropped files follows the chart', () => {
  it.for(paths.map((p) => [pathName(p), p] as const))('%s', async ([, path]) => {
    const user = userEvent.setup();
    const calls = callsByFile();
    seen.opened = [];
    seen.cancelled = false;
    seen.closed = false;
    const { opened } = seen;
    let changes = 0;
    const logic = artworkDropMachine.provide({
      actors: { createFromFile: calls.createFromFile, addFile: calls.addFile },
      actions: { openArtwork: (_, id) => void opened.push(id) },
    });
    render(<Host logic={logic} changed={() => (changes += 1)} />);
    // The state a driver is given is the one after its event (a drop made into one work has cleared its files by then).
    const fileOf = (event: unknown) => FILE_OF[(event as { actorId: string }).actorId.replace(/\.\d+$/, '')];

    await path.test({
      events: {
        'drop.files': async ({ event }) => {
          chooseFiles(screen.getByTestId('drop-file-input'), (event as unknown as { files: File[] }).files);
          await waitFor(() => expect(screen.queryByRole('dialog') ?? screen.getByRole('alert')).toBeInTheDocument());
        },
        'drop.grouping': ({ event }) =>
          user.click(
            within(dialog()).getByRole('radio', {
              name: (event as unknown as { grouping: string }).grouping === 'one' ? DROP_TEXT.one : DROP_TEXT.each,
            }),
          ),
        'drop.imageType': async () => {
          await user.click(within(dialog()).getByRole('combobox', { name: DROP_TEXT.kind }));
          await user.click(await screen.findByRole('option', { name: mediaTypeLabel('DIGITAL_2D') }));
        },
        'drop.start': () => user.click(within(dialog()).getByRole('button', { name: /^Create artwork/ })),
        'drop.cancel': async () => {
          seen.cancelled = true;
          await user.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
        },
        'drop.close': async () => {
          seen.closed = true;
          await user.click(screen.getByRole('button', { name: DROP_TEXT.close }));
        },
        // The refusal sits behind the open choice dialog, out of reach there: as a keyboard would, it is pressed directly.
        'drop.dismiss': () => act(() => screen.getByRole('button', { name: DROP_TEXT.dismiss, hidden: true }).click()),
        'drop.retry': ({ event, state }) =>
          user.click(screen.getByRole('button', { name: `Try ${jobOf(state, (event as unknown as { id: string }).id).file.name} again` })),
        'drop.progress': ({ event, state }) =>
          act(() => calls.pending.get(jobOf(state, (event as unknown as { id: string }).id).file.name)!.progress(0.5)),
        ...Object.fromEntries(
          ['drop-1', 'drop-2'].flatMap((id) =>
            [1, 2].flatMap((attempt) => [
              [
                `xstate.done.actor.${id}.${attempt}`,
                async ({ event, state }: { event: unknown; state: Snapshot }) => {
                  const file = fileOf(event);
                  const output = (event as { output: DropOutput }).output;
                  const before = changes;
                  // A new work goes with the kind chosen; a file joining the drop's one work goes to that work.
                  if ('artwork' in output) expect(calls.made.at(-1)).toMatchObject({ file, mediaType: state.context.imageType });
                  else expect(calls.added.at(-1)).toMatchObject({ file, artworkId: WORKS.get(HARBOUR.name)!.artworkId });
                  await act(async () => calls.pending.get(file.name)!.resolve(output));
                  expect(changes).toBe(before + ('artwork' in output ? 1 : 0));
                },
              ],
              [
                `xstate.error.actor.${id}.${attempt}`,
                async ({ event }: { event: unknown }) => {
                  await act(async () => calls.pending.get(fileOf(event).name)!.reject(new Error(FAILURE)));
                },
              ],
            ]),
          ),
        ),
      },
      states,
    });
  });

  it('covers every state and transition', () => {
    assertFullCoverage(artworkDropMachine, paths, { stateTests: states, record: true });
  });
});
