import { firstLinkOf, type LinkCard } from '../../../src/schemas/link-card.schema';
import type { AppDeps } from '../../context';
import type { socialPosts, StoredLinkCard } from '../../db/schema';

type PostRow = typeof socialPosts.$inferSelect;
import type { BlobStore } from '../../storage/blob-store';
import type { ExternalCard } from '../providers/bluesky/bluesky';
import { fixLinkCard, linkCardOf } from './link-card.repo';
import { thumbHashOf, thumbKeyOf, thumbPathOf } from './link-thumb';

/**
 * The card as a draft keeps it: the fields the editor showed, and the hash naming its image (only an address the
 * preview answered names one). A card for a link no longer in the text is dropped: the text changed after the preview.
 */
export function storedLinkCard(card: LinkCard | null, content: string): StoredLinkCard | null {
  if (!card || !content.includes(card.uri)) return null;
  return { uri: card.uri, title: card.title, description: card.description, thumb: thumbHashOf(card.thumbUrl) };
}

export const linkCardDto = (card: StoredLinkCard): LinkCard => ({
  uri: card.uri,
  title: card.title,
  description: card.description,
  thumbUrl: card.thumb ? thumbPathOf(card.thumb) : null,
});

/**
 * What the record embeds: the stored card with its image's bytes (read at delivery, as blobs not referenced within
 * minutes are deleted by the PDS). The card was fixed before publishing, so every retry writes the same one. An
 * image gone from storage leaves the card without one rather than failing the post.
 */
export async function externalCardOf(storage: BlobStore, card: StoredLinkCard): Promise<ExternalCard> {
  const object = card.thumb ? await storage.read(thumbKeyOf(card.thumb)) : null;
  const thumb = object ? { bytes: Buffer.concat(await object.body.toArray()), mimeType: 'image/jpeg' } : null;
  return { uri: card.uri, title: card.title, description: card.description, thumb };
}

/**
 * The card a post without files goes out with: the one the editor sent, else its first link's, read by the server
 * at publish time (a post saved through the API sends none), unless the artist removed that link's card. A card made
 * here is fixed on the post before it is used, so every retry and every account writes the same one; a page that
 * cannot be read leaves the post without a card (it goes out as text, and the next attempt may read the page).
 */
export async function cardAtPublish(deps: Pick<AppDeps, 'db' | 'linkPreviews' | 'log'>, post: PostRow): Promise<StoredLinkCard | null> {
  if (post.linkCard) return post.linkCard;
  const link = firstLinkOf(post.content);
  if (!link || link === post.linkCardRemoved) return null;
  const card = await deps.linkPreviews.preview(link).catch((err: unknown) => {
    deps.log.info({ postId: post.id, err }, 'the link card could not be made; the post goes without one');
    return null;
  });
  const stored = storedLinkCard(card, post.content);
  if (!stored) return null;
  // Another account's delivery may have fixed one first: that one wins.
  const fixed = await fixLinkCard(deps.db, post.id, stored);
  if (fixed) return fixed.linkCard;
  const row = await linkCardOf(deps.db, post.id);
  return row?.linkCard ?? null;
}
