import { useLocation } from 'wouter';
import { css } from 'styled-system/css';
import { SIDE_NAV_MEDIA_TYPES, mediaTypeLabel } from '../../schemas/media-type.schema';
import { PLATFORM_LABELS, SIDE_NAV_PLATFORMS } from '../../schemas/social-platform.schema';
import { ChevronDownIcon } from '../ui/icons';
import { Menu } from '../ui/menu';
import { NavLink, navLinkClass } from './nav-link';

type Placement = 'aside' | 'drawer';

const navClass = {
  aside: css({ w: '60', flexShrink: 0, p: '3', bg: 'bg.surface', borderRightWidth: '1px', borderColor: 'border' }),
  drawer: css({ p: '3', pt: '0' }),
};

const heading = css({
  fontFamily: 'body',
  fontSize: 'xs',
  fontWeight: 'bold',
  color: 'fg.muted',
  textTransform: 'uppercase',
  letterSpacing: 'wide',
  px: '3',
  mt: '4',
  mb: '1',
});

/** A dropdown of links, e.g. Create Artwork by media type. */
function NavMenu({
  label,
  items,
  placement,
}: {
  label: string;
  items: Array<{ value: string; label: string; href: string }>;
  placement: Placement;
}) {
  const [, navigate] = useLocation();
  return (
    // In the drawer the menu opens downwards: to its right there is only the edge of the phone.
    <Menu.Root
      onSelect={(d) => navigate(items.find((i) => i.value === d.value)!.href)}
      positioning={{ placement: placement === 'drawer' ? 'bottom-start' : 'right-start' }}
    >
      <Menu.Trigger
        className={`${navLinkClass} ${css({ display: 'flex!', w: 'full', alignItems: 'center', justifyContent: 'space-between', cursor: 'pointer' })}`}
      >
        {label}
        <ChevronDownIcon />
      </Menu.Trigger>
      <Menu.Positioner>
        <Menu.Content>
          {items.map((item) => (
            <Menu.Item key={item.value} value={item.value}>
              {item.label}
            </Menu.Item>
          ))}
        </Menu.Content>
      </Menu.Positioner>
    </Menu.Root>
  );
}

/** The Portfolio and Social Media sections: beside the page on a wide screen, in the drawer on a phone. */
export function SideNav({ placement }: { placement: Placement }) {
  return (
    <nav aria-label="Sections" className={navClass[placement]}>
      <h2 className={heading}>Portfolio</h2>
      <ul className={css({ listStyle: 'none' })}>
        <li>
          <NavLink href="/portfolio/artwork">All Artwork</NavLink>
        </li>
        <li>
          <NavMenu
            placement={placement}
            label="Create Artwork"
            items={SIDE_NAV_MEDIA_TYPES.map((t) => ({ value: t, label: mediaTypeLabel(t), href: `/portfolio/artwork/new/${t}` }))}
          />
        </li>
        <li>
          <NavLink href="/portfolio/collections">All Collections</NavLink>
        </li>
        <li>
          <NavLink href="/portfolio/collections/new">New Collection</NavLink>
        </li>
        <li>
          <NavLink href="/portfolio/inquiries">Inquiries</NavLink>
          <NavLink href="/portfolio/domain">Custom domain</NavLink>
        </li>
      </ul>
      <h2 className={heading}>Social Media</h2>
      <ul className={css({ listStyle: 'none' })}>
        <li>
          <NavLink href="/social-media">Social Media Calendar</NavLink>
        </li>
        <li>
          <NavLink href="/social-media/post/new">New Social Media Post</NavLink>
        </li>
        <li>
          <NavLink href="/social-media/accounts">Social Media Accounts</NavLink>
        </li>
        <li>
          <NavMenu
            placement={placement}
            label="New Social Media Account"
            items={SIDE_NAV_PLATFORMS.map((p) => ({ value: p, label: PLATFORM_LABELS[p], href: `/social-media/accounts/connect/${p}` }))}
          />
        </li>
      </ul>
    </nav>
  );
}
