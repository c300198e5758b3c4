import { fromPromise, type PromiseActorLogic } from 'xstate';
import type { MediaItem } from '../../schemas/media.schema';
import type { ArtworksService } from '../../services/artworks.service';
import { artworkMediaMachine } from './artwork-media.machine';
import { selectionMachine } from '../shared/selection.machine';
import { mediaUploadMachine, type MediaUploadInput } from './media-upload.machine';
import { mediaUploadsMachine } from './media-uploads.machine';
import type { Notice } from '../toasts/notice';

/** The I/O of an artwork's media tab, as actor logic: artworkMediaActors makes it from the artworks service, tests control it. */
export interface ArtworkMediaParts {
  loadMedia: PromiseActorLogic<MediaItem[], { artworkId: string }>;
  setPrimary: PromiseActorLogic<void, { artworkId: string; mediaId: string }>;
  deleteMedia: PromiseActorLogic<void, { artworkId: string; mediaIds: string[] }>;
  uploadMedia: PromiseActorLogic<MediaItem, MediaUploadInput & { onProgress: (fraction: number) => void }>;
  notify: (notice: Notice) => void;
}

/** Many files at once, each going up through one upload actor with the upload call. */
export const provideMediaUploads = ({ uploadMedia, notify }: Pick<ArtworkMediaParts, 'uploadMedia' | 'notify'>) =>
  mediaUploadsMachine.provide({
    actors: { upload: mediaUploadMachine.provide({ actors: { uploadMedia } }) },
    actions: { notify: (_, notice) => notify(notice) },
  });

/** The media tab's actors (list, uploads, selection) with their I/O. */
export function provideArtworkMedia(parts: ArtworkMediaParts) {
  return artworkMediaMachine.provide({
    actors: {
      loadMedia: parts.loadMedia,
      setPrimary: parts.setPrimary,
      deleteMedia: parts.deleteMedia,
      uploads: provideMediaUploads(parts),
      selection: selectionMachine,
    },
    actions: { notify: (_, notice) => parts.notify(notice) },
  });
}

/** The media tab's actors from the app's artworks service (tests give their own). */
export const artworkMediaActors = (
  artworks: Pick<ArtworksService, 'listMedia' | 'setPrimary' | 'deleteMedia' | 'uploadMedia'>,
): Omit<ArtworkMediaParts, 'notify'> => ({
  loadMedia: fromPromise(({ input }) => artworks.listMedia(input.artworkId)),
  setPrimary: fromPromise(({ input }) => artworks.setPrimary(input.artworkId, input.mediaId)),
  // One after another, so a failure tells which were deleted (the list is read again then).
  deleteMedia: fromPromise(async ({ input }) => {
    for (const mediaId of input.mediaIds) await artworks.deleteMedia(input.artworkId, mediaId);
  }),
  uploadMedia: fromPromise(({ input, signal }) => artworks.uploadMedia(input.artworkId, input.file, input.onProgress, signal)),
});
