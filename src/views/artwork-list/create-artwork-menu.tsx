import { MEDIA_TYPES, mediaTypeLabel } from '../../schemas/media-type.schema';
import { LinkMenu } from '../ui/link-menu';

const NEW_ARTWORK_LINKS = MEDIA_TYPES.map((type) => ({ label: mediaTypeLabel(type), href: `/portfolio/artwork/new/${type}` }));

/** 'Create Artwork' (or the empty list's 'New Artwork'): the six media types, each a link to /portfolio/artwork/new/{type}. */
export function CreateArtworkMenu({ label = 'Create Artwork' }: { label?: string }) {
  return <LinkMenu label={label} links={NEW_ARTWORK_LINKS} />;
}
