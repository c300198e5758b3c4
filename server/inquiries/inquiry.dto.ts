import type { Inquiry } from '../../src/schemas/inquiry.schema';
import type { InquiryRow } from './inquiry.repo';

/** An inquiry as the API answers it. */
export const toInquiryDto = (row: InquiryRow): Inquiry => ({
  inquiryId: row.id,
  artworkId: row.artworkId,
  artworkTitle: row.artworkTitle,
  name: row.name,
  email: row.email,
  message: row.message,
  createdDate: row.createdAt.toISOString(),
  mailed: row.mailedAt !== null,
  read: row.readAt !== null,
});
