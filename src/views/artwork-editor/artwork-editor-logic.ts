import type { ActorLogicFrom, PromiseActorLogic } from 'xstate';
import { artworkEditorMachine } from '../../machines/artwork-editor/artwork-editor.machine';
import type { Notice } from '../../machines/toasts/notice';
import { artworkMediaMachine } from '../../machines/artwork-media/artwork-media.machine';
import { mediaSelectionMachine } from '../../machines/artwork-media/media-selection.machine';
import { mediaUploadMachine, type MediaUploadInput } from '../../machines/artwork-media/media-upload.machine';
import type { Artwork, ArtworkInput } from '../../schemas/artwork.schema';
import type { MediaItem } from '../../schemas/media.schema';
import { mediaUploadsMachine } from '../../machines/artwork-media/media-uploads.machine';

/** The I/O the artwork editor needs, as actor logic: the route makes it from the artworks service, tests control it. */
export interface ArtworkEditorParts {
  loadArtwork: PromiseActorLogic<Artwork, { artworkId: string }>;
  createArtwork: PromiseActorLogic<Artwork, ArtworkInput>;
  updateArtwork: PromiseActorLogic<Artwork, { artworkId: string; input: ArtworkInput }>;
  deleteArtwork: PromiseActorLogic<void, { artworkId: string }>;
  loadMedia: PromiseActorLogic<MediaItem[], { artworkId: string }>;
  setPrimary: PromiseActorLogic<void, { artworkId: string; mediaId: string }>;
  deleteMedia: PromiseActorLogic<void, { artworkId: string; mediaIds: string[] }>;
  uploadMedia: PromiseActorLogic<MediaItem, MediaUploadInput & { onProgress: (fraction: number) => void }>;
  notify: (notice: Notice) => void;
  /** Replaces the current address (after creation, after deletion). */
  navigate: (to: string) => void;
  /** Goes where the artist chose to go, past the leave guard (they chose to leave unsaved changes). */
  leave: (to: string) => void;
}

/** The media tab's actors (list, uploads, selection) with their I/O. */
export function provideArtworkMedia(parts: Pick<ArtworkEditorParts, 'loadMedia' | 'setPrimary' | 'deleteMedia' | 'uploadMedia' | 'notify'>) {
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

/** The whole editor: the artwork machine with the media machines it runs once the artwork is saved. */
export function provideArtworkEditor(parts: ArtworkEditorParts): typeof artworkEditorMachine {
  return artworkEditorMachine.provide({
    actors: {
      loadArtwork: parts.loadArtwork,
      createArtwork: parts.createArtwork,
      updateArtwork: parts.updateArtwork,
      deleteArtwork: parts.deleteArtwork,
      media: provideArtworkMedia(parts) as ActorLogicFrom<typeof artworkMediaMachine>,
    },
    actions: {
      notify: (_, notice) => parts.notify(notice),
      navigate: (_, to) => parts.navigate(to),
      leave: (_, to) => parts.leave(to),
    },
  });
}
