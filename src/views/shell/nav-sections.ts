/** One page of the studio's navigation: its link, and the addresses below it that also belong to it. */
export interface NavPage {
  label: string;
  href: string;
  /**
   * Where the page's own pages live (its editors, its detail pages): the link is marked as the way back there.
   * Patterns as wouter matches them ('/portfolio/artwork/*').
   */
  within?: readonly string[];
}

export interface NavSection {
  id: 'home' | 'portfolio' | 'social' | 'profile';
  label: string;
  /** A section of one page named like itself (Profile) shows its link alone, without a heading above it. */
  pages: readonly NavPage[];
}

/**
 * The studio's one navigation: its sections and their pages, in order, on every screen (beside the page on a
 * laptop, in the drawer on a phone). Creating things is done from the pages themselves (Create Artwork on My Artworks,
 * New Collection on All Collections, New Social Media Post on the calendar, New Social Media Account on the accounts).
 * A new page of a section is one line here; its route goes in SignedInApp.
 */
export const NAV_SECTIONS: readonly NavSection[] = [
  {
    id: 'home',
    label: 'Home',
    pages: [
      { label: 'Home', href: '/' },
      { label: 'Activity Journal', href: '/journal' },
    ],
  },
  {
    id: 'portfolio',
    label: 'Portfolio',
    pages: [
      { label: 'All Artwork', href: '/portfolio/artwork', within: ['/portfolio/artwork/*'] },
      { label: 'All Collections', href: '/portfolio/collections', within: ['/portfolio/collections/*'] },
      { label: 'Consignments', href: '/portfolio/consignments' },
      { label: 'Contacts', href: '/portfolio/contacts', within: ['/portfolio/contacts/*'] },
      { label: 'Inquiries', href: '/portfolio/inquiries' },
      { label: 'Custom domain', href: '/portfolio/domain' },
    ],
  },
  {
    id: 'social',
    label: 'Social Media',
    pages: [
      { label: 'Social Media Calendar', href: '/social-media', within: ['/social-media/post/*'] },
      { label: 'Social Media Accounts', href: '/social-media/accounts', within: ['/social-media/accounts/*', '/social-media/account/*'] },
    ],
  },
  {
    id: 'profile',
    label: 'Profile',
    pages: [{ label: 'Profile', href: '/profile' }],
  },
];
