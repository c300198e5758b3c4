import type { Http } from './http';
import { inquiryPageSchema, inquirySchema, INQUIRY_PAGE_SIZE, type Inquiry, type InquiryPage } from '../schemas/inquiry.schema';
import { call } from './api-error';

/** Buyers' inquiries: pages of them, newest first (always read fresh: a new one may arrive any time), and marking one read. */
export const createInquiriesService = (http: Http) => ({
  list: (cursor: string | null = null, limit = INQUIRY_PAGE_SIZE): Promise<InquiryPage> =>
    call(async () => inquiryPageSchema.parse((await http.get('/inquiries', { params: { limit, cursor: cursor ?? undefined } })).data)),
  markRead: (inquiryId: string): Promise<Inquiry> =>
    call(async () => inquirySchema.parse((await http.post(`/inquiries/${inquiryId}/read`)).data)),
});

export type InquiriesService = ReturnType<typeof createInquiriesService>;
