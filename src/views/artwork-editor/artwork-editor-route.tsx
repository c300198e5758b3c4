import { useSearch } from 'wouter';
import type { AppRuntime } from '../../app';
import { artworkEditorActors, provideArtworkEditor } from '../../machines/artwork-editor/artwork-editor.provide';
import { MEDIA_TYPES, type MediaType } from '../../schemas/media-type.schema';
import { createArtworksService } from '../../services/artworks.service';
import { ChooseMediaType } from '../artwork-media/ChooseMediaType';
import { useEditorIdentity, type EditorMoves } from '../shell/editor-identity';
import { ArtworkEditor } from './ArtworkEditor';
import ArtworkInventorySection from '../artwork-inventory/artwork-inventory-section';

const asMediaType = (value: string | undefined): MediaType | undefined =>
  value && (MEDIA_TYPES as readonly string[]).includes(value.toUpperCase()) ? (value.toUpperCase() as MediaType) : undefined;

const makeLogic = ({ http, cache }: AppRuntime, moves: EditorMoves) =>
  provideArtworkEditor({ ...artworkEditorActors(createArtworksService(http, cache)), ...moves });

/** /portfolio/artwork/:id/:mediaType?(?tab=media|inventory) — 'new' creates an artwork of mediaType; any other id edits that artwork. */
export default function ArtworkEditorRoute({ params }: { params: { id: string; mediaType?: string } }) {
  const isNew = params.id === 'new';
  const mediaType = asMediaType(params.mediaType);
  const { key, logic } = useEditorIdentity(isNew ? `new/${mediaType}` : params.id, makeLogic);
  // A work just started from a dropped file opens on its Media (?tab=media); one named by a hold or a consignment, on
  // its Inventory (?tab=inventory).
  const asked = new URLSearchParams(useSearch()).get('tab');
  const tab = asked === 'media' || asked === 'inventory' ? asked : undefined;

  if (isNew && !mediaType) return <ChooseMediaType />;
  return (
    <ArtworkEditor
      key={key}
      logic={logic}
      input={{ artworkId: isNew ? null : params.id, mediaType, tab }}
      inventory={(artworkId) => <ArtworkInventorySection artworkId={artworkId} />}
    />
  );
}
