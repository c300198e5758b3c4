import type { Artwork } from '../../schemas/artwork.schema';
import {
  collectionInputSchema,
  type Collection,
  type CollectionInput,
  type CollectionSortDirection,
  type CollectionSortField,
  type CollectionVisibility,
} from '../../schemas/collection.schema';
import { visibleError, type FormContext } from '../shared/form';

/** The collection form's values: every input field, the artworks in their manual order. */
export interface CollectionForm {
  title: string;
  description: string;
  visibility: CollectionVisibility;
  tags: string[];
  /** null keeps the manual order. */
  sortField: CollectionSortField | null;
  sortDirection: CollectionSortDirection;
  coverArtworkId: string | null;
  artworkIds: string[];
}
export type CollectionFormState = FormContext<CollectionForm>;

/** The form is checked by the very schema the server validates with. */
export const collectionFormSchema = collectionInputSchema;

export type CollectionField =
  'title' | 'description' | 'visibility' | 'tags' | 'sortField' | 'sortDirection' | 'coverArtworkId' | 'artworkIds';

/** One change of a form field; artworks and the cover change through their own events. */
export type CollectionFieldChange =
  | { field: 'title' | 'description'; value: string }
  | { field: 'visibility'; value: CollectionVisibility }
  | { field: 'tags'; value: string[] }
  | { field: 'sortField'; value: CollectionSortField | null }
  | { field: 'sortDirection'; value: CollectionSortDirection };

export const emptyCollectionForm = (): CollectionForm => ({
  title: '',
  description: '',
  visibility: 'private',
  tags: [],
  sortField: null,
  sortDirection: 'asc',
  coverArtworkId: null,
  artworkIds: [],
});

export const collectionToForm = (c: Collection): CollectionForm => ({
  title: c.title,
  description: c.description,
  visibility: c.visibility,
  tags: c.tags,
  sortField: c.sortField,
  sortDirection: c.sortDirection ?? 'asc',
  coverArtworkId: c.coverArtworkId,
  artworkIds: c.artworkIds,
});

/** What the API is sent: a direction only with a sort field. */
export const toCollectionInput = (form: CollectionForm): CollectionInput => ({
  ...form,
  sortDirection: form.sortField ? form.sortDirection : null,
});

/** Every artwork the editor knows by id: the artist's (for the picker) and the collection's own. */
export const byId = (artworks: readonly Artwork[], known: Record<string, Artwork> = {}): Record<string, Artwork> => ({
  ...known,
  ...Object.fromEntries(artworks.map((a) => [a.artworkId, a])),
});

/** Every message shown now, by field (an entry's message under its list: 'artworkIds', 'tags'). */
export const visibleCollectionErrors = (form: CollectionFormState) =>
  Object.fromEntries(
    ([...new Set(Object.keys(form.errors).map((key) => key.split('.')[0]))] as CollectionField[])
      .map((field) => [field, visibleError(form, field)] as const)
      .filter(([, message]) => message !== undefined),
  ) as Partial<Record<CollectionField, string>>;
