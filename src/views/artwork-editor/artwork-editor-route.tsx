import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import { provideArtworkEditor } from '../../machines/artwork-editor/artwork-editor.provide';
import { MEDIA_TYPES, type MediaType } from '../../schemas/media-type.schema';
import { createArtworksService } from '../../services/artworks.service';
import { useApp } from '../app-context';
import { ChooseMediaType } from '../artwork-media/ChooseMediaType';
import { useEditorIdentity } from '../shell/editor-identity';
import { ArtworkEditor } from './ArtworkEditor';

const asMediaType = (value: string | undefined): MediaType | undefined =>
  value && (MEDIA_TYPES as readonly string[]).includes(value.toUpperCase()) ? (value.toUpperCase() as MediaType) : undefined;

/** /portfolio/artwork/:id/:mediaType? — 'new' creates an artwork of mediaType; any other id edits that artwork. */
export default function ArtworkEditorRoute({ params }: { params: { id: string; mediaType?: string } }) {
  const { http, cache, toasts } = useApp();
  const isNew = params.id === 'new';
  const mediaType = asMediaType(params.mediaType);
  const { key, navigate, leave } = useEditorIdentity(isNew ? `new/${mediaType}` : params.id);

  const logic = useMemo(() => {
    const artworks = createArtworksService(http, cache);
    return provideArtworkEditor({
      loadArtwork: fromPromise(({ input }) => artworks.get(input.artworkId)),
      createArtwork: fromPromise(({ input }) => artworks.create(input)),
      updateArtwork: fromPromise(({ input }) => artworks.update(input.artworkId, input.input)),
      deleteArtwork: fromPromise(({ input }) => artworks.remove(input.artworkId)),
      loadMedia: fromPromise(({ input }) => artworks.listMedia(input.artworkId)),
      setPrimary: fromPromise(({ input }) => artworks.setPrimary(input.artworkId, input.mediaId)),
      // One after another, so a failure tells which were deleted (the list is read again then).
      deleteMedia: fromPromise(async ({ input }) => {
        for (const mediaId of input.mediaIds) await artworks.deleteMedia(input.artworkId, mediaId);
      }),
      uploadMedia: fromPromise(({ input, signal }) => artworks.uploadMedia(input.artworkId, input.file, input.onProgress, signal)),
      notify: ({ title, toastType }) => toasts.send({ type: 'toast.add', title, toastType }),
      navigate,
      leave,
    });
  }, [http, cache, toasts, navigate, leave]);

  if (isNew && !mediaType) return <ChooseMediaType />;
  return <ArtworkEditor key={key} logic={logic} input={{ artworkId: isNew ? null : params.id, mediaType }} />;
}
