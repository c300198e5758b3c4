import type { PostFile } from '../../../machines/post-editor/post-editor.files';
import type { LinkCard } from '../../../schemas/link-card.schema';

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
}
