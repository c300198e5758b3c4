/** A collection's input fields, in the order the editor shows them; the journal names the ones an update changed. */
export const COLLECTION_FIELDS = [
  'title',
  'description',
  'visibility',
  'artworkIds',
  'coverArtworkId',
  'sortField',
  'sortDirection',
  'tags',
] as const;
export type CollectionInputField = (typeof COLLECTION_FIELDS)[number];

/** What the artist reads for each field: the editor's own labels, never the API's keys. */
export const COLLECTION_FIELD_LABELS: Record<CollectionInputField, string> = {
  title: 'Title',
  description: 'Description',
  visibility: 'Visibility',
  artworkIds: 'Artworks',
  coverArtworkId: 'Cover',
  sortField: 'Order',
  sortDirection: 'Direction',
  tags: 'Tags',
};

/** A field's label in a journal entry about a collection (an unknown key reads as itself). */
export const collectionFieldLabel = (key: string): string => COLLECTION_FIELD_LABELS[key as CollectionInputField] ?? key;
