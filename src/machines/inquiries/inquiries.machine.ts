import { INQUIRY_MESSAGES, type Inquiry, type InquiryPage } from '../../schemas/inquiry.schema';
import { pagedListMachine } from '../shared/paged-list.machine';

/**
 * The artist's inquiries: the newest page, older ones behind 'Load more inquiries', and marking one read. Every
 * inquiry is here whether or not its mail went out. The summary is the unread count over all pages, as the server
 * counted them, less those marked read since.
 */
export const inquiriesMachine = pagedListMachine<Inquiry, InquiryPage, Record<never, never>, number, Inquiry>({
  id: 'inquiries',
  description: 'The inquiries buyers sent: the newest first, older ones behind Load more, one marked read at a time.',
  query: {},
  filterable: false,
  summary: 0,
  summaryOf: (page) => page.unreadCount,
  actionRemoves: false,
  acted: ({ items, summary }, marked) => ({
    items: items.map((i) => (i.inquiryId === marked.inquiryId ? marked : i)),
    summary: Math.max(0, summary - 1),
  }),
  messages: { fetchFailed: INQUIRY_MESSAGES.fetchFailed, actFailed: INQUIRY_MESSAGES.markReadFailed },
  describe: {
    loading: 'Reading the newest page.',
    failed: 'The first page could not be read.',
    empty: 'No buyer has written yet.',
    acting: 'Marking one inquiry read; every other Mark as read waits.',
  },
});
