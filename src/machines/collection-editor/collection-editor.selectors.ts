import type { SnapshotFrom } from 'xstate';
import type { Artwork } from '../../schemas/artwork.schema';
import { displayOrder } from '../../schemas/collection-order';
import type { collectionEditorMachine } from './collection-editor.machine';
import { visibleCollectionErrors } from './collection-editor.form';

// What the collection editor's parts ask its chart, by name.

type Snapshot = SnapshotFrom<typeof collectionEditorMachine>;

export type CollectionEditorView = 'loading' | 'notFound' | 'loadFailed' | 'creating' | 'saved' | 'deleted' | 'left';
const VIEWS: CollectionEditorView[] = ['loading', 'notFound', 'loadFailed', 'creating', 'saved', 'deleted', 'left'];

export const selectView = (s: Snapshot): CollectionEditorView => VIEWS.find((v) => s.matches(v)) ?? 'loading';
export const selectError = (s: Snapshot) => s.context.error;
export const selectValues = (s: Snapshot) => s.context.form.values;
export const selectIsBusy = (s: Snapshot) => s.hasTag('busy');
export const selectIsSaving = (s: Snapshot) => s.matches({ creating: 'saving' }) || s.matches({ saved: 'updating' });
export const selectIsConfirmingDelete = (s: Snapshot) => s.matches({ saved: 'confirmingDelete' });
export const selectIsDeleting = (s: Snapshot) => s.matches({ saved: 'deleting' });
export const selectIsConfirmingLeave = (s: Snapshot) => s.hasTag('confirmingLeave');
export const selectAnnouncement = (s: Snapshot) => s.context.announcement;
/** Artworks can be moved by hand only while no sort field orders them. */
export const selectInManualOrder = (s: Snapshot) => s.context.form.values.sortField === null;

const memo = <A extends unknown[], R>(fn: (...args: A) => R) => {
  let last: { args: A; result: R } | null = null;
  return (...args: A): R => {
    if (!last || args.some((a, i) => a !== last!.args[i])) last = { args, result: fn(...args) };
    return last.result;
  };
};

const visibleErrors = memo(visibleCollectionErrors);
/** The message under each field now (computed once per form state, so views re-render only when it changes). */
export const selectErrors = (s: Snapshot) => visibleErrors(s.context.form);

const collectionItems = memo(
  (
    ids: string[],
    artworks: Record<string, Artwork>,
    field: Snapshot['context']['form']['values']['sortField'],
    direction: 'asc' | 'desc',
  ) =>
    displayOrder(
      ids.map((id) => artworks[id]).filter((a): a is Artwork => a !== undefined),
      field,
      direction,
    ),
);
/** The collection's artworks as shown: sorted by its sort field, or in the manual order. */
export const selectItems = (s: Snapshot) => {
  const { artworkIds, sortField, sortDirection } = s.context.form.values;
  return collectionItems(artworkIds, s.context.artworks, sortField, sortDirection);
};

const pickable = memo((ids: string[], artworks: Record<string, Artwork>) =>
  Object.values(artworks)
    .filter((a) => !ids.includes(a.artworkId))
    .sort((a, b) => a.title.localeCompare(b.title)),
);
/** The artist's artworks not in the collection yet, by title: what the picker offers. */
export const selectPickable = (s: Snapshot) => pickable(s.context.form.values.artworkIds, s.context.artworks);

/** The artwork standing for the collection: the chosen cover, else the first shown that has a picture. */
export const selectCoverId = (s: Snapshot): string | null =>
  s.context.form.values.coverArtworkId ?? selectItems(s).find((a) => a.primaryImageUrl)?.artworkId ?? null;
