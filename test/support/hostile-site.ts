import type { SiteArtwork, SiteImage, SiteSnapshot } from '../../server/publish/snapshot';

/**
 * Text an artist or a visitor could type, carrying everything HTML gives a meaning to (a script, both quotes, an
 * ampersand) and some unicode; `field` says which field it stands in, so a page that shows it can be told.
 */
export const hostile = (field: string) => `${field} <script>alert("${field}")</script> & 'q' — Zoë 雪 🎨`;

/** Every field the fixture fills with hostile text: each must show up, escaped, on some page. */
export const HOSTILE_FIELDS = [
  'artist',
  'copyright',
  'title',
  'medium',
  'description',
  'tag',
  'dimensions',
  'alt',
  'platform',
  'handle',
  'saleStatus',
  'collection',
  'collectionDescription',
  'collectionTag',
  'galleryAlt',
  'bio',
  'instagram',
  'bluesky',
] as const;

/** Slugs of the publishing alphabet ([a-z2-7]{10}). */
export const RICH_SLUG = 'richsite22';
export const BARE_SLUG = 'baresite22';

const image = (name: string, alt: string, portrait = false): SiteImage => ({
  alt,
  files: [400, 640, 960, 1600].map((w) => ({
    file: `${name}-${w}.webp`,
    width: w,
    height: Math.round((w * (portrait ? 4 : 3)) / (portrait ? 3 : 4)),
  })),
});

/** Every field filled: markup and unicode in each text, a post with a query string and one with a script address. */
export const fullArtwork: SiteArtwork = {
  id: '0b4f6a52-3c1e-4c7e-9a51-2f0d6d1e8a01',
  title: hostile('title'),
  year: 2021,
  medium: hostile('medium'),
  description: `${hostile('description')}\nSecond line.`,
  tags: [hostile('tag'), 'sea'],
  dimensions: `50 × 70 cm ${hostile('dimensions')}`,
  saleStatus: 'Available',
  image: image('full', hostile('alt')),
  gallery: [image('full-2', hostile('galleryAlt'), true), image('full-3', '')],
  posts: [
    {
      platform: hostile('platform'),
      handle: hostile('handle'),
      url: 'https://bsky.app/profile/ada.bsky.social/post/3k?a=1&b=2',
      postedAt: '2026-03-01T10:00:00Z',
    },
    { platform: 'Bluesky', handle: '@ada.bsky.social', url: 'javascript:alert(1)', postedAt: 'not a date' },
  ],
};

/** An id that needs encoding in an address and escaping in an attribute. */
export const oddArtwork: SiteArtwork = {
  id: "odd'id&<2>",
  title: 'Stone Bird',
  year: 2019,
  medium: 'Bronze',
  description: '',
  tags: [],
  dimensions: '12 × 8 × 4.5 in',
  saleStatus: 'Sold',
  image: image('odd', 'Stone Bird', true),
  posts: [],
};

/** Nothing but a sale status: untitled, no year, no medium, no picture. */
export const bareArtwork: SiteArtwork = {
  id: '5d2c0f7e-8b3a-4f61-b2d4-7a9e0c3b1f02',
  title: '',
  year: null,
  medium: '',
  description: '',
  tags: [],
  dimensions: '',
  saleStatus: hostile('saleStatus'),
  image: null,
  posts: [],
};

export const COLLECTION_IDS = {
  public: '7e1d2c3b-4a5f-4e6d-8c7b-9a0f1e2d3c01',
  unlisted: '7e1d2c3b-4a5f-4e6d-8c7b-9a0f1e2d3c02',
  empty: '7e1d2c3b-4a5f-4e6d-8c7b-9a0f1e2d3c03',
};

export const richSnapshot: SiteSnapshot = {
  format: 2,
  version: 4,
  artist: hostile('artist'),
  copyright: `© 2026 ${hostile('copyright')}`,
  artworks: [fullArtwork, oddArtwork, bareArtwork],
  profile: {
    bio: `${hostile('bio')}\nSecond paragraph.`,
    // Never a link: the API takes http(s) addresses only, and the page draws no other.
    website: 'javascript:alert(1)',
    email: "ada+q&'x'@example.com",
    instagram: hostile('instagram'),
    bluesky: hostile('bluesky'),
    avatar: { alt: '', files: [{ file: 'avatar-sq.webp', width: 256, height: 256 }] },
  },
  collections: [
    {
      id: COLLECTION_IDS.public,
      title: hostile('collection'),
      description: hostile('collectionDescription'),
      visibility: 'public',
      tags: [hostile('collectionTag')],
      coverArtworkId: oddArtwork.id,
      artworkIds: [oddArtwork.id, fullArtwork.id, bareArtwork.id],
    },
    {
      id: COLLECTION_IDS.unlisted,
      title: 'For the gallery',
      description: '',
      visibility: 'unlisted',
      tags: [],
      coverArtworkId: null,
      artworkIds: [fullArtwork.id],
    },
    { id: COLLECTION_IDS.empty, title: '', description: '', visibility: 'public', tags: [], coverArtworkId: null, artworkIds: [] },
  ],
};

/** An artist without a name or a copyright notice, and one untitled work. */
export const bareSnapshot: SiteSnapshot = {
  format: 2,
  version: 1,
  artist: '',
  copyright: '',
  artworks: [{ ...bareArtwork, saleStatus: 'Not For Sale' }],
  collections: [],
};
