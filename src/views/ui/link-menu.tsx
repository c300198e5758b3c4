import { Link } from 'wouter';
import { button } from 'styled-system/recipes/button';
import { ChevronDownIcon } from './icons';
import { Menu } from './menu';

export interface MenuLink {
  label: string;
  href: string;
}

/** A button that opens a menu of links (Create Artwork: the media types; New Social Media Account: the networks). */
export function LinkMenu({ label, links }: { label: string; links: readonly MenuLink[] }) {
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }} lazyMount>
      <Menu.Trigger className={button({ variant: 'solid', size: 'md' })}>
        {label}
        <ChevronDownIcon />
      </Menu.Trigger>
      <Menu.Positioner>
        <Menu.Content>
          {links.map((link) => (
            <Menu.Item key={link.href} value={link.href} asChild>
              <Link href={link.href}>{link.label}</Link>
            </Menu.Item>
          ))}
        </Menu.Content>
      </Menu.Positioner>
    </Menu.Root>
  );
}
