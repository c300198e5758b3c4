import type { PostFile } from '../../../machines/post-editor/post-editor.files';
import type { LinkCard } from '../../../schemas/link-card.schema';
import type { FittedReading } from '../../../machines/post-editor/post-editor.types';
import type { MatChoice, Mats } from '../../../schemas/image-fit.schema';

/** The saved images as a network that fits them receives them (Instagram), and the mat chosen for each. */
export interface ImageFits {
  /** One per image and mat asked for so far. */
  readings: FittedReading[];
  mats: Mats;
  /** Chooses an image's mat; absent while the post cannot change (saving, publishing). */
  choose?: (mediaId: string, mat: MatChoice) => void;
}

/** What a network's preview shows: the post as it will go out there. */
export interface NetworkPreviewProps {
  /** The account it goes out as (the first chosen of that network, else the first connected); null: none yet. */
  handle: string | null;
  /** The posts' texts as they go out: one, or a thread's parts in order (the last with the hashtags and mentions). */
  texts: string[];
  files: PostFile[];
  /** The card of the first link, when the post has no image or video. */
  linkCard: LinkCard | null;
  /** When it goes out (a schedule), or null: now. */
  when: number | null;
  fits: ImageFits;
}
