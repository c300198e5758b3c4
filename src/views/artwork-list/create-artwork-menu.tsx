import { Link } from 'wouter';
import { button } from 'styled-system/recipes/button';
import { MEDIA_TYPES, mediaTypeLabel } from '../../schemas/media-type.schema';
import { ChevronDownIcon } from '../ui/icons';
import { Menu } from '../ui/menu';

/** 'Create Artwork' (or the empty list's 'New Artwork'): the six media types, each a link to /portfolio/artwork/new/{type}. */
export function CreateArtworkMenu({ label = 'Create Artwork' }: { label?: string }) {
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }} lazyMount>
      <Menu.Trigger className={button({ variant: 'solid', size: 'md' })}>
        {label}
        <ChevronDownIcon />
      </Menu.Trigger>
      <Menu.Positioner>
        <Menu.Content>
          {MEDIA_TYPES.map((type) => (
            <Menu.Item key={type} value={type} asChild>
              <Link href={`/portfolio/artwork/new/${type}`}>{mediaTypeLabel(type)}</Link>
            </Menu.Item>
          ))}
        </Menu.Content>
      </Menu.Positioner>
    </Menu.Root>
  );
}
