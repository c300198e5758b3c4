import type { PromiseActorLogic } from 'xstate';
import type { MediaItem } from '../../schemas/media.schema';
import { artworkMediaMachine } from './artwork-media.machine';
import { mediaSelectionMachine } from './media-selection.machine';
import { mediaUploadMachine, type MediaUploadInput } from './media-upload.machine';
import { mediaUploadsMachine } from './media-uploads.machine';
import type { Notice } from '../toasts/notice';

/** The I/O of an artwork's media tab, as actor logic: the artwork editor's route makes it, tests control it. */
export interface ArtworkMediaParts {
  loadMedia: PromiseActorLogic<MediaItem[], { artworkId: string }>;
  setPrimary: PromiseActorLogic<void, { artworkId: string; mediaId: string }>;
  deleteMedia: PromiseActorLogic<void, { artworkId: string; mediaIds: string[] }>;
  uploadMedia: PromiseActorLogic<MediaItem, MediaUploadInput & { onProgress: (fraction: number) => void }>;
  notify: (notice: Notice) => void;
}

/** The media tab's actors (list, uploads, selection) with their I/O. */
export function provideArtworkMedia(parts: ArtworkMediaParts) {
  const notify = (_: unknown, notice: Notice) => parts.notify(notice);
  return artworkMediaMachine.provide({
    actors: {
      loadMedia: parts.loadMedia,
      setPrimary: parts.setPrimary,
      deleteMedia: parts.deleteMedia,
      uploads: mediaUploadsMachine.provide({ actors: { upload: mediaUploadMachine.provide({ actors: { uploadMedia: parts.uploadMedia } }) }, actions: { notify } }),
      selection: mediaSelectionMachine,
    },
    actions: { notify },
  });
}
