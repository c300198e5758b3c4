import { useMemo } from 'react';
import { artworkEditorActors, provideArtworkEditor } from '../../machines/artwork-editor/artwork-editor.provide';
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

  const logic = useMemo(
    () =>
      provideArtworkEditor({
        ...artworkEditorActors(createArtworksService(http, cache)),
        notify: ({ title, toastType }) => toasts.send({ type: 'toast.add', title, toastType }),
        navigate,
        leave,
      }),
    [http, cache, toasts, navigate, leave],
  );

  if (isNew && !mediaType) return <ChooseMediaType />;
  return <ArtworkEditor key={key} logic={logic} input={{ artworkId: isNew ? null : params.id, mediaType }} />;
}
