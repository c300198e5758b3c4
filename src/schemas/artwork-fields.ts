/** An artwork's input fields, in the order the form shows them; the journal names the ones an update changed. */
export const ARTWORK_FIELDS = [
  'title',
  'year',
  'medium',
  'description',
  'tags',
  'saleStatus',
  'mediaType',
  'dimensions',
  'showOnSite',
  'inventoryNumber',
] as const;
export type ArtworkInputField = (typeof ARTWORK_FIELDS)[number];

/** What the artist reads for each field: the form's own labels, never the API's keys. */
export const ARTWORK_FIELD_LABELS: Record<ArtworkInputField, string> = {
  title: 'Title',
  year: 'Year',
  medium: 'Medium',
  description: 'Description',
  tags: 'Tags',
  saleStatus: 'Sale status',
  mediaType: 'Media type',
  dimensions: 'Dimensions',
  showOnSite: 'Show on my site',
  inventoryNumber: 'Inventory number',
};

/** A field's label; a key from a newer server still reads as words ('fooBar' -> 'Foo bar'). */
export function artworkFieldLabel(key: string): string {
  const known = ARTWORK_FIELD_LABELS[key as ArtworkInputField];
  if (known) return known;
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words ? words[0].toUpperCase() + words.slice(1) : key;
}
