import type { AppRuntime } from '../../app';
import { collectionEditorActors, provideCollectionEditor } from '../../machines/collection-editor/collection-editor.provide';
import { createCollectionsService } from '../../services/collections.service';
import { useEditorIdentity, type EditorMoves } from '../shell/editor-identity';
import { CollectionEditor } from './CollectionEditor';

const makeLogic = ({ http, cache }: AppRuntime, moves: EditorMoves) =>
  provideCollectionEditor({ ...collectionEditorActors(createCollectionsService(http, cache)), ...moves });

/** /portfolio/collections/:id — 'new' creates a collection; any other id edits that collection. */
export default function CollectionEditorRoute({ params }: { params: { id: string } }) {
  const isNew = params.id === 'new';
  const { key, logic } = useEditorIdentity(isNew ? 'new' : params.id, makeLogic);
  return <CollectionEditor key={key} logic={logic} input={{ collectionId: isNew ? null : params.id }} />;
}
