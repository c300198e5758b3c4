import { assertEvent, assign, emit, fromPromise, setup, type ActorRefFrom } from 'xstate';
import type { CreatedFromFile } from '../../schemas/artwork-file.schema';
import { mediaKindOf, type MediaItem } from '../../schemas/media.schema';
import type { MediaType } from '../../schemas/media-type.schema';
import { mediaFileProblem } from '../artwork-media/media-uploads.machine';
import { failureMessage } from '../shared/failure';
import type { AddFileInput, ArtworkDropContext, ArtworkDropEvent, CreateFromFileInput, DropJob, DropOutput } from './artwork-drop.types';

export type * from './artwork-drop.types';

/** How many files go up at the same time; the others wait their turn. */
export const MAX_PARALLEL_DROPS = 3;

const typeFor = (c: ArtworkDropContext, job: DropJob): MediaType =>
  job.kind === 'image' ? c.imageType : job.kind === 'video' ? 'VIDEO' : 'AUDIO';
/** With one artwork for all, the others wait until the first file has made it. */
const canStart = (c: ArtworkDropContext, job: DropJob) => c.grouping === 'each' || c.jobs[0] === job || c.artworkId !== null;
const uploading = (c: ArtworkDropContext) => c.jobs.filter((j) => j.status === 'uploading').length;
/** Nothing going up and nothing that could start: every file is done or failed (or waits on one that failed). */
const settled = (c: ArtworkDropContext) => uploading(c) === 0 && !c.jobs.some((j) => j.status === 'waiting' && canStart(c, j));
/** The job an event is about: named by it, or by its upload's actor (`<job>.<attempt>`). */
const idOf = (event: ArtworkDropEvent) => {
  const actorId = (event as { actorId?: string }).actorId;
  return actorId ? actorId.slice(0, actorId.lastIndexOf('.')) : (event as { id: string }).id;
};
export const actorIdOf = (job: Pick<DropJob, 'id' | 'attempt'>) => `${job.id}.${job.attempt}`;
const withJob = (c: ArtworkDropContext, id: string, change: Partial<DropJob>) => c.jobs.map((j) => (j.id === id ? { ...j, ...change } : j));
const isCreated = (output: DropOutput): output is CreatedFromFile => 'artwork' in output;
const EMPTY: Pick<ArtworkDropContext, 'jobs' | 'rejected' | 'artworkId'> = { jobs: [], rejected: [], artworkId: null };

/**
 * Starting artworks from dropped files: the artist chooses one artwork per file or one with all of them (and what
 * kind of work pictures are), then every file goes up, MAX_PARALLEL_DROPS at a time, each with its progress. A file
 * that fails says why and can be tried again; nothing else is lost. Each new artwork tells the page (`artworks.changed`),
 * which reads its list again. When the drop made one artwork, it opens on its Media.
 */
export const artworkDropMachine = setup({
  types: {
    context: {} as ArtworkDropContext,
    events: {} as ArtworkDropEvent,
    tags: {} as 'busy',
    emitted: {} as { type: 'artworks.changed' },
  },
  actors: {
    createFromFile: fromPromise<CreatedFromFile, CreateFromFileInput>(async () => {
      throw new Error('createFromFile not provided');
    }),
    addFile: fromPromise<MediaItem, AddFileInput>(async () => {
      throw new Error('addFile not provided');
    }),
  },
  actions: {
    /** A new artwork exists: the page reads its list again. */
    created: emit({ type: 'artworks.changed' as const }),
    /** Opens the one artwork the drop made, on its Media tab. */
    openArtwork: (_, _artworkId: string) => {},
    take: assign(({ context, event }) => {
      assertEvent(event, 'drop.files');
      let seq = context.seq;
      const jobs: DropJob[] = [];
      const rejected: ArtworkDropContext['rejected'] = [];
      for (const file of event.files) {
        const id = `drop-${++seq}`;
        const problem = mediaFileProblem(file);
        if (problem) rejected.push({ id, fileName: file.name, message: problem });
        else
          jobs.push({ id, file, kind: mediaKindOf(file.type), status: 'waiting', progress: 0, error: null, artworkId: null, attempt: 0 });
      }
      return { seq, jobs, rejected, artworkId: null, grouping: 'each' as const };
    }),
    /** The files of this drop are done with (those refused stay until dismissed). */
    clear: assign({ jobs: [], artworkId: null }),
    startNext: assign(({ context, spawn, self }) => {
      let free = MAX_PARALLEL_DROPS - uploading(context);
      const jobs = context.jobs.map((job) => {
        if (free <= 0 || job.status !== 'waiting' || !canStart(context, job)) return job;
        free--;
        const started = { ...job, status: 'uploading' as const, progress: 0, error: null, attempt: job.attempt + 1 };
        const onProgress = (fraction: number) => self.send({ type: 'drop.progress', id: job.id, fraction });
        if (context.grouping === 'one' && context.artworkId) {
          spawn('addFile', { id: actorIdOf(started), input: { artworkId: context.artworkId, file: job.file, onProgress } });
        } else {
          spawn('createFromFile', { id: actorIdOf(started), input: { file: job.file, mediaType: typeFor(context, job), onProgress } });
        }
        return started;
      });
      return { jobs };
    }),
    progress: assign(({ context, event }) => {
      assertEvent(event, 'drop.progress');
      return { jobs: withJob(context, event.id, { progress: Math.min(1, Math.max(0, event.fraction)) }) };
    }),
    finish: assign(({ context, event }) => {
      const output = (event as { output: DropOutput }).output;
      const artworkId = isCreated(output) ? output.artwork.artworkId : output.artworkId;
      return {
        jobs: withJob(context, idOf(event), { status: 'done', progress: 1, artworkId }),
        artworkId: context.grouping === 'one' ? (context.artworkId ?? artworkId) : null,
      };
    }),
    fail: assign(({ context, event }) => ({
      jobs: withJob(context, idOf(event), { status: 'failed', error: failureMessage((event as { error: unknown }).error) }),
    })),
    requeue: assign(({ context, event }) => ({ jobs: withJob(context, idOf(event), { status: 'waiting', progress: 0, error: null }) })),
  },
  guards: {
    someAccepted: ({ event }) => event.type === 'drop.files' && event.files.some((f) => mediaFileProblem(f) === null),
    several: ({ context }) => context.jobs.length > 1,
    madeArtwork: ({ event }) => isCreated((event as { output: DropOutput }).output),
    failed: ({ context, event }) => context.jobs.some((j) => j.id === idOf(event) && j.status === 'failed'),
    settled: ({ context }) => settled(context),
    /** Everything went up and made one artwork: it opens. */
    doneAsOne: ({ context }) =>
      settled(context) && context.jobs.every((j) => j.status === 'done') && new Set(context.jobs.map((j) => j.artworkId)).size === 1,
  },
}).createMachine({
  id: 'artworkDrop',
  context: { ...EMPTY, grouping: 'each', imageType: 'PHYSICAL_2D', seq: 0 },
  // The files refused stay listed, whatever happens to the others, until the artist dismisses them.
  on: { 'drop.dismiss': { actions: assign({ rejected: [] }) } },
  initial: 'idle',
  states: {
    idle: {
      description: 'Waiting for files; those refused (type, size) are listed with why.',
      on: { 'drop.files': [{ guard: 'someAccepted', target: 'choosing', actions: 'take' }, { actions: 'take' }] },
    },
    choosing: {
      description: 'One artwork per file or one with all of them, and what kind of work pictures are; nothing is sent yet.',
      on: {
        'drop.grouping': { guard: 'several', actions: assign({ grouping: ({ event }) => event.grouping }) },
        'drop.imageType': { actions: assign({ imageType: ({ event }) => event.mediaType }) },
        'drop.start': 'uploading',
        'drop.cancel': { target: 'idle', actions: 'clear' },
      },
    },
    uploading: {
      description: 'The files go up, a few at a time; each new artwork shows in the list as it is made.',
      tags: ['busy'],
      entry: 'startNext',
      on: {
        'drop.progress': { actions: 'progress' },
        'xstate.done.actor.*': [
          { guard: 'madeArtwork', actions: ['finish', 'created', 'startNext'] },
          { actions: ['finish', 'startNext'] },
        ],
        'xstate.error.actor.*': { actions: ['fail', 'startNext'] },
        'drop.retry': { guard: 'failed', actions: ['requeue', 'startNext'] },
      },
      always: [
        {
          guard: 'doneAsOne',
          target: 'idle',
          actions: [{ type: 'openArtwork', params: ({ context }) => context.jobs[0].artworkId! }, 'clear'],
        },
        { guard: 'settled', target: 'finished' },
      ],
    },
    finished: {
      description: 'Every file is done or failed: the failed ones say why and can be tried again.',
      on: {
        'drop.retry': { guard: 'failed', target: 'uploading', actions: 'requeue' },
        'drop.close': { target: 'idle', actions: 'clear' },
      },
    },
  },
});

export type ArtworkDropRef = ActorRefFrom<typeof artworkDropMachine>;
