import type { SnapshotFrom } from 'xstate';
import type { inquiriesMachine } from './inquiries.machine';

type InquiriesSnapshot = SnapshotFrom<typeof inquiriesMachine>;

/** The page: reading the first page, could not, none yet, or inquiries shown. */
export const selectView = (s: InquiriesSnapshot) =>
  s.matches('loading') ? 'loading' : s.matches('failed') ? 'failed' : s.matches('empty') ? 'empty' : 'loaded';
export const selectInquiries = (s: InquiriesSnapshot) => s.context.inquiries;
export const selectUnreadCount = (s: InquiriesSnapshot) => s.context.unreadCount;
export const selectError = (s: InquiriesSnapshot) => s.context.error;
/** Older inquiries wait behind the cursor: 'Load more inquiries' is shown. */
export const selectHasMore = (s: InquiriesSnapshot) => s.context.nextCursor !== null;
/** The chart takes 'Load more' now (not while another request is out). */
export const selectCanLoadMore = (s: InquiriesSnapshot) => s.can({ type: 'inquiries.loadMore' });
export const selectIsLoadingMore = (s: InquiriesSnapshot) => s.matches({ loaded: 'loadingMore' });
/** The inquiry being marked read, if one is: its button says so and every other waits. */
export const selectMarkingId = (s: InquiriesSnapshot) => s.context.markingId;
