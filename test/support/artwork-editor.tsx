import { act, render } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { fromPromise } from 'xstate';
import { Link, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { ArtworkEditorInput } from '../../src/machines/artwork-editor/artwork-editor.machine';
import type { Notice } from '../../src/machines/toasts/notice';
import type { Artwork } from '../../src/schemas/artwork.schema';
import type { MediaItem } from '../../src/schemas/media.schema';
import { ArtworkEditor } from '../../src/views/artwork-editor/ArtworkEditor';
import { provideArtworkEditor, type ArtworkEditorParts } from '../../src/machines/artwork-editor/artwork-editor.provide';
import { LeaveGuardRouter } from '../../src/views/shell/leave-guard';

export const ARTWORK_ID = '0b9d5a4e-6f1c-4c1e-9d59-3c1f7f7a1a01';

export function artworkFixture(extra: Partial<Artwork> = {}): Artwork {
  return {
    artworkId: ARTWORK_ID,
    userId: 'u1',
    title: 'Sunflowers',
    year: 1888,
    medium: 'Oil on canvas',
    description: 'Yellow on yellow.',
    tags: ['still life'],
    saleStatus: 'NOT_FOR_SALE',
    mediaType: 'PHYSICAL_3D',
    dimensions: { mediaType: 'PHYSICAL_3D', measurementSystem: 'metric', height: 92.1, width: 73, depth: 4 },
    primaryImageMediaId: null,
    primaryImageUrl: null,
    primaryImageUncroppedUrl: null,
    showOnSite: false,
    showOnSiteWhy: 'noPicture',
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...extra,
  };
}

export function mediaFixture(n: number, extra: Partial<MediaItem> = {}): MediaItem {
  const kind = extra.kind ?? 'image';
  const contentType = extra.contentType ?? (kind === 'video' ? 'video/mp4' : kind === 'audio' ? 'audio/mpeg' : 'image/jpeg');
  const url = (size: string) => `https://media.test/m${n}?size=${size}&sig=x`;
  return {
    mediaId: `m${n}`,
    artworkId: ARTWORK_ID,
    fileName: `file-${n}.${kind === 'video' ? 'mp4' : kind === 'audio' ? 'mp3' : 'jpg'}`,
    dateCreated: new Date(Date.UTC(2026, 10, 20 + n, 12)).toISOString(),
    fileSizeInBytes: 1024 * 1024 * n + 512 * 1024,
    contentType,
    kind,
    width: kind === 'audio' ? null : 800,
    height: kind === 'audio' ? null : 600,
    isPrimary: false,
    urls:
      kind === 'image'
        ? {
            smCrop: url('smCrop'),
            sm: url('sm'),
            preview: url('preview'),
            medium: url('medium'),
            large: url('large'),
            original: url('original'),
          }
        : { smCrop: null, sm: null, preview: null, medium: null, large: null, original: url('original') },
    ...extra,
  };
}

/** A promise that never settles: an actor the test does not care about (typed to fit any promise actor slot). */
export const pendingForever = fromPromise(() => new Promise<never>(() => {})) as never;

/** Every part waits forever unless the test gives it; notices and navigations are recorded. */
export function editorParts(given: Partial<ArtworkEditorParts> = {}) {
  const notices: Notice[] = [];
  const navigations: string[] = [];
  const leaves: string[] = [];
  const parts: ArtworkEditorParts = {
    loadArtwork: pendingForever,
    createArtwork: pendingForever,
    updateArtwork: pendingForever,
    deleteArtwork: pendingForever,
    loadMedia: fromPromise(async () => []),
    setPrimary: pendingForever,
    deleteMedia: pendingForever,
    uploadMedia: pendingForever,
    notify: (n) => void notices.push(n),
    navigate: (to) => void navigations.push(to),
    leave: (to) => void leaves.push(to),
    ...given,
  } as ArtworkEditorParts;
  return { parts, notices, navigations, leaves };
}

/** The editor inside the app's leave guard, beside a link elsewhere ('Elsewhere', to /journal) to leave by. */
export function renderEditor(parts: ArtworkEditorParts, input: ArtworkEditorInput) {
  const location = memoryLocation({ path: '/portfolio/artwork', record: true });
  const view = render(
    <Router hook={location.hook}>
      <LeaveGuardRouter>
        <Link href="/journal">Elsewhere</Link>
        <ArtworkEditor logic={provideArtworkEditor(parts)} input={input} />
      </LeaveGuardRouter>
    </Router>,
  );
  return Object.assign(view, { location });
}

/** Ark's tags input clears its text on the next animation frame: wait for it between tags. */
export const nextFrame = () => new Promise((resolve) => setTimeout(resolve, 40));

/**
 * Types one tag and its ending key ('{Enter}' or ','). Ark clears the input behind user-event's back (a native
 * setter), so the text user-event remembers is cleared first.
 */
export async function typeTag(user: UserEvent, input: HTMLElement, keys: string) {
  await user.clear(input);
  await user.type(input, keys);
  await act(nextFrame);
}
