import type { LinkCard } from '../../../src/schemas/link-card.schema';
import type { StoredLinkCard } from '../../db/schema';
import type { BlobStore } from '../../storage/blob-store';
import type { ExternalCard } from '../bluesky';
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
