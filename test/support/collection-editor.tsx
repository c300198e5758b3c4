import { render } from '@testing-library/react';
import { Link, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { CollectionEditorInput } from '../../src/machines/collection-editor/collection-editor.machine';
import { provideCollectionEditor, type CollectionEditorParts } from '../../src/machines/collection-editor/collection-editor.provide';
import type { Notice } from '../../src/machines/toasts/notice';
import type { Collection } from '../../src/schemas/collection.schema';
import { CollectionEditor } from '../../src/views/collection-editor/CollectionEditor';
import { LeaveGuardRouter } from '../../src/views/shell/leave-guard';
import { artworkFixture, pendingForever } from './artwork-editor';

export const COLLECTION_ID = '7d1c2f7e-2b0a-4c55-9a43-5f0e8a0c0b01';

/** Three artworks of the artist, by title: Birch (with a picture), Alder, Cedar. */
export const BIRCH = artworkFixture({
  artworkId: '11111111-1111-4111-8111-111111111111',
  title: 'Birch',
  year: 2019,
  primaryImageUrl: '/img/birch',
});
export const ALDER = artworkFixture({ artworkId: '22222222-2222-4222-8222-222222222222', title: 'Alder', year: 2021 });
export const CEDAR = artworkFixture({ artworkId: '33333333-3333-4333-8333-333333333333', title: 'Cedar', year: null });
export const ARTWORKS = [ALDER, BIRCH, CEDAR];

export function collectionFixture(extra: Partial<Collection> = {}): Collection {
  const artworks = extra.artworks ?? [BIRCH, ALDER];
  return {
    collectionId: COLLECTION_ID,
    userId: '0b9d5a4e-6f1c-4c1e-9d59-3c1f7f7a1a99',
    title: 'Trees',
    description: 'Bark and leaves.',
    visibility: 'public',
    coverArtworkId: null,
    artworkIds: artworks.map((a) => a.artworkId),
    tags: ['wood'],
    sortField: null,
    sortDirection: null,
    artworks,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...extra,
  };
}

/** Every part waits forever unless the test gives it; notices and moves are recorded. */
export function collectionEditorParts(given: Partial<CollectionEditorParts> = {}) {
  const notices: Notice[] = [];
  const navigations: string[] = [];
  const leaves: string[] = [];
  const parts: CollectionEditorParts = {
    loadCollection: pendingForever,
    createCollection: pendingForever,
    updateCollection: pendingForever,
    deleteCollection: pendingForever,
    notify: (n) => void notices.push(n),
    navigate: (to) => void navigations.push(to),
    leave: (to) => void leaves.push(to),
    ...given,
  };
  return { parts, notices, navigations, leaves };
}

/** The editor inside the app's leave guard, beside a link elsewhere ('Elsewhere', to /journal) to leave by. */
export function renderCollectionEditor(parts: CollectionEditorParts, input: CollectionEditorInput) {
  const location = memoryLocation({ path: '/portfolio/collections', record: true });
  return render(
    <Router hook={location.hook}>
      <LeaveGuardRouter>
        <Link href="/journal">Elsewhere</Link>
        <CollectionEditor logic={provideCollectionEditor(parts)} input={input} />
      </LeaveGuardRouter>
    </Router>,
  );
}
