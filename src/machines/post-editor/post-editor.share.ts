import type { Publication } from '../../schemas/publish.schema';
import { POST_MAX_LENGTH, type SocialAccount } from '../../schemas/social.schema';

/** What the post editor reads to share an artwork ("Share" in the artwork editor): the artwork and where the portfolio lives. */
export interface ArtworkToShare {
  artworkId: string;
  /** As saved; an untitled artwork is shared as 'Untitled'. */
  title: string;
  /** The artwork has a primary image: its large size becomes the post's image. */
  hasImage: boolean;
  /** When the artwork was made (ISO), to tell whether the last publish has it. */
  createdAt: string;
  /** The portfolio as last published (GET /api/publish), or null before the first publish. */
  publication: Publication;
  /** The artwork's default content labels: the post starts with them. */
  labels?: string[];
}

export const UNTITLED = 'Untitled';
const ELLIPSIS = '…';

/** The artwork's page on the public site: `<portfolio url>/artworks/<artworkId>`. */
export const artworkLink = (portfolioUrl: string, artworkId: string) => `${portfolioUrl.replace(/\/+$/, '')}/artworks/${artworkId}`;

export const shareTitleOf = (share: Pick<ArtworkToShare, 'title'>) => share.title.trim() || UNTITLED;

/**
 * The post's text: the title, then the link on a line of its own (none before the first publish). A title too long
 * for the 280 characters with the link is cut, with an ellipsis; the link is never cut.
 */
export function shareText(share: ArtworkToShare): string {
  const title = shareTitleOf(share);
  const link = share.publication ? artworkLink(share.publication.url, share.artworkId) : null;
  const room = POST_MAX_LENGTH - (link ? link.length + 2 : 0);
  const shown = title.length <= room ? title : `${title.slice(0, Math.max(0, room - ELLIPSIS.length)).trimEnd()}${ELLIPSIS}`;
  return link ? `${shown}\n\n${link}` : shown;
}

export const SHARE_HINTS = {
  neverPublished: 'Your portfolio is not published yet, so the post has no link to the artwork. Publish it from Home, then share again.',
  notInLastPublish: 'This artwork is newer than your last publish: the link works once you publish your portfolio again from Home.',
} as const;

/** Why the link may not work yet, or null: never published, or published before this artwork was made. */
export function shareHintOf(share: ArtworkToShare): string | null {
  if (!share.publication) return SHARE_HINTS.neverPublished;
  return Date.parse(share.publication.publishedAt) < Date.parse(share.createdAt) ? SHARE_HINTS.notInLastPublish : null;
}

/** Every connected account is ticked: the artist shares the artwork everywhere, and unticks what they do not want. */
export const allAccounts = (accounts: SocialAccount[]) => accounts.map((a) => ({ platform: a.platform, handle: a.handle }));

/** The file name the shared image gets (as if picked): the title's words, then .webp (the large size is WebP). */
export const sharedImageName = (title: string) =>
  `${
    title
      .normalize('NFKD')
      .replace(/[^\w\s-]/g, '')
      .trim()
      .replace(/\s+/g, '-')
      .toLowerCase()
      .slice(0, 60) || 'artwork'
  }.webp`;
