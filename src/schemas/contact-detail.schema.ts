import * as z from 'zod/mini';
import { consignmentSchema } from './consignment.schema';
import { contactSchema } from './contact.schema';
import { inquirySchema } from './inquiry.schema';
import { saleSchema } from './sale.schema';

/** GET /api/contact/{id}: the contact with what they bought, hold, were consigned, and wrote from the public site. */
export const contactDetailSchema = z.object({
  contact: contactSchema,
  /** Newest first, returned ones included (with returnedOn). */
  purchases: z.array(saleSchema),
  consignments: z.array(consignmentSchema),
  /** Holds running now. */
  holds: z.array(z.object({ artworkId: z.string(), title: z.string(), copy: z.nullable(z.string()), until: z.string() })),
  /** Inquiries sent from the contact's address, newest first. */
  inquiries: z.array(inquirySchema),
});
export type ContactDetail = z.infer<typeof contactDetailSchema>;
