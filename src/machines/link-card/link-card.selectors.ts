import type { SnapshotFrom } from 'xstate';
import type { LinkCard } from '../../schemas/link-card.schema';
import type { linkCardMachine } from './link-card.machine';

type Snapshot = SnapshotFrom<typeof linkCardMachine>;

/** The card to show: one read for the current link, unless the post has files (media wins). */
export const selectCard = (s: Snapshot): LinkCard | null => (s.matches('shown') && !s.context.hasMedia ? s.context.card : null);
/** The page is being asked for (and the post has no files to hide the card behind). */
export const isLoading = (s: Snapshot) => s.hasTag('loading') && !s.context.hasMedia;
/** Why there is no card, quietly (null unless the page could not be read). */
export const selectError = (s: Snapshot) => (s.matches('failed') && !s.context.hasMedia ? s.context.error : null);
export const selectLink = (s: Snapshot) => s.context.link;
/** The artist removed this link's card (said quietly, so that removing it is heard and a reopened draft explains it). */
export const isRemoved = (s: Snapshot) => s.matches('removed') && !s.context.hasMedia;
/** What the post saves: the card shown (none with files), and the link whose card was removed. */
export const selectSaved = (s: Snapshot) => ({ linkCard: selectCard(s), linkCardRemoved: s.context.removed });
