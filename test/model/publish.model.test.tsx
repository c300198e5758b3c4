import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SnapshotFrom } from 'xstate';
import { format } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { publishMachine } from '../../src/machines/publish/publish.machine';
import type { Publication, PublishPreview, PublishResult } from '../../src/schemas/publish.schema';
import { PublishPanel } from '../../src/views/publish/PublishPanel';
import { assertFullCoverage, controlledPromise, coveringPaths, createModel, pathName, type ModelEvent } from './harness';

type Snapshot = SnapshotFrom<typeof publishMachine>;
const RESULT: PublishResult = {
  url: 'http://localhost:8080/p/abc123',
  publishedAt: '2026-11-22T10:00:00.000Z',
  artworkCount: 3,
  slug: 'abc123',
};

const PREVIEW: PublishPreview = {
  firstPublish: false,
  works: { added: 3, updated: 0, removed: 1 },
  collections: { added: 0, updated: 1, removed: 0 },
};

const LAST: Publication = { url: 'http://localhost:8080/p/abc123', publishedAt: '2026-11-20T09:00:00.000Z', slug: 'abc123' };

const events: Array<ModelEvent<typeof publishMachine>> = [
  { type: 'publish.start' },
  { type: 'xstate.done.actor.previewPublish', output: PREVIEW },
  { type: 'xstate.error.actor.previewPublish', error: new Error('The server cannot be reached.') },
  { type: 'publish.confirm' },
  { type: 'publish.cancel' },
  { type: 'xstate.done.actor.lastPublication', output: LAST },
  { type: 'xstate.done.actor.lastPublication', output: null },
  { type: 'xstate.error.actor.lastPublication', error: new Error('Failed to read the public address') },
  { type: 'xstate.done.actor.publish', output: RESULT },
  { type: 'xstate.error.actor.publish', error: new Error('The server cannot be reached.') },
];
const model = createModel(publishMachine, {
  events,
  serializeState: (s: Snapshot) => JSON.stringify([s.value, s.context.result?.publishedAt ?? null]),
});
const paths = coveringPaths(model);

/** The public address stays on Home once known: read from the server after a reload, or just published. */
const expectAddress = (s: Snapshot) => {
  const { result } = s.context;
  // The Address field holds the portfolio's address, until the artist types another.
  expect(screen.getByRole('textbox', { name: 'Address' })).toHaveValue(result?.slug ?? '');
  if (!result) return expect(screen.queryByRole('link')).toBeNull();
  expect(screen.getByRole('link', { name: result.url })).toHaveAttribute('href', result.url);
  expect(screen.getByText(format(new Date(result.publishedAt), 'MMM d, yyyy h:mm a'))).toBeInTheDocument();
};

const states = {
  loading: () => {
    expect(screen.getByRole('button', { name: 'Publish' })).toBeEnabled();
    expect(screen.queryByRole('status')).toBeNull();
  },
  idle: () => {
    expect(screen.getByRole('button', { name: 'Publish' })).toBeEnabled();
    expect(screen.queryByRole('status')).toBeNull();
  },
  'reviewing.loading': () => {
    expect(screen.getByRole('region', { name: 'Review before publishing' })).toHaveTextContent('Checking what will change...');
    expect(screen.queryByRole('button', { name: 'Publish now' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeEnabled();
  },
  'reviewing.ready': () => {
    // What will change, then Publish now: nothing is published before the artist confirms.
    expect(screen.getByTestId('publish-summary')).toHaveTextContent('3 new works, 1 removed, 1 collection');
    expect(screen.getByRole('button', { name: 'Publish now' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Publish' })).toBeNull();
  },
  publishing: () => {
    expect(screen.getByRole('button', { name: 'Publishing...' })).toBeDisabled();
  },
  published: (s: Snapshot) => {
    expect(screen.getByRole('status')).toHaveTextContent(
      s.context.result?.artworkCount ? 'Your portfolio is published (3 artworks)' : 'Your portfolio is published on',
    );
    expectAddress(s);
  },
  failed: (s: Snapshot) => {
    expect(screen.getByRole('alert')).toHaveTextContent('The server cannot be reached.');
    expect(screen.getByRole('button', { name: 'Publish' })).toBeEnabled();
    expectAddress(s);
  },
};

describe('publish: the Publish button follows the chart', () => {
  it.for(paths.map((p) => [pathName(p), p] as const))('%s', async ([, path]) => {
    const user = userEvent.setup();
    const publish = controlledPromise<PublishResult, { slug?: string }>('publish');
    const last = controlledPromise<Publication>('lastPublication');
    const preview = controlledPromise<PublishPreview>('previewPublish');
    const logged: string[] = [];
    render(
      <PublishPanel
        logic={publishMachine.provide({
          actors: { publish: publish.logic, lastPublication: last.logic, previewPublish: preview.logic },
          actions: { log: (_, line) => void logged.push(line) },
        })}
      />,
    );
    await path.test({
      events: {
        'publish.start': () => user.click(screen.getByRole('button', { name: 'Publish' })),
        'publish.confirm': () => user.click(screen.getByRole('button', { name: 'Publish now' })),
        'publish.cancel': () => user.click(screen.getByRole('button', { name: 'Cancel' })),
        'xstate.done.actor.previewPublish': () => act(() => preview.resolve(PREVIEW)),
        'xstate.error.actor.previewPublish': () => act(() => preview.reject(new Error('The server cannot be reached.'))),
        'xstate.done.actor.lastPublication': ({ event }) => act(() => last.resolve((event as unknown as { output: Publication }).output)),
        'xstate.error.actor.lastPublication': () => act(() => last.reject(new Error('Failed to read the public address'))),
        'xstate.done.actor.publish': () => act(() => publish.resolve(RESULT)),
        'xstate.error.actor.publish': () => act(() => publish.reject(new Error('The server cannot be reached.'))),
      },
      states,
    });
    // Publishing happens only after the review's Publish now.
    const confirmed = path.steps.filter((s) => s.event.type === 'publish.confirm').length;
    expect(publish.calls).toHaveLength(confirmed);
    // Every outcome is also logged, as the requirements ask.
    const outcomes = path.steps.filter((s) => /^xstate\.(done|error)\.actor\.publish$/.test(s.event.type)).length;
    expect(logged).toHaveLength(outcomes);
  });

  it('publishes at the address typed in Address, and without one when it is left as it is', async () => {
    const user = userEvent.setup();
    const publish = controlledPromise<PublishResult, { slug?: string }>('publish');
    const last = controlledPromise<Publication>('lastPublication');
    const preview = controlledPromise<PublishPreview>('previewPublish');
    render(
      <PublishPanel
        logic={publishMachine.provide({ actors: { publish: publish.logic, lastPublication: last.logic, previewPublish: preview.logic } })}
      />,
    );
    // Each Publish shows the review first; its Publish now publishes.
    const review = async () => {
      await act(() => preview.resolve(PREVIEW));
      await user.click(screen.getByRole('button', { name: 'Publish now' }));
    };
    await act(() => last.resolve(LAST));
    const address = screen.getByRole('textbox', { name: 'Address' });
    expect(address).toHaveValue('abc123');
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    await review();
    expect(publish.calls.at(-1)).toEqual({ slug: undefined });
    await act(() => publish.resolve(RESULT));
    await user.clear(address);
    await user.type(address, ' Ada-Lovelace ');
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    await review();
    expect(publish.calls.at(-1)).toEqual({ slug: 'Ada-Lovelace' });
    expect(screen.getByRole('textbox', { name: 'Address' })).toBeDisabled();
  });

  it('covers every state and transition', () => {
    assertFullCoverage(publishMachine, paths, { stateTests: states, record: true });
  });
});
