/** Uploads whose confirmation creates an artwork; the ticket's target is the media type chosen for it. */
export const ARTWORK_FROM_FILE_PURPOSE = 'artwork-from-file';
