import * as z from 'zod/mini';
import { text } from './text.schema';

export const CONTACT_KINDS = ['collector', 'gallery', 'institution', 'other'] as const;
export type ContactKind = (typeof CONTACT_KINDS)[number];
export const CONTACT_KIND_LABELS: Record<ContactKind, string> = {
  collector: 'Collector',
  gallery: 'Gallery',
  institution: 'Institution',
  other: 'Other',
};

/** An address or nothing: '' is kept as unknown; otherwise trimmed, lower case and checked. */
const optionalEmail = z._default(
  z.pipe(
    text('Email', [z.trim(), z.maxLength(254, { error: 'Email must be at most 254 characters' }), z.toLowerCase()]),
    z.string().check(z.refine((v) => v === '' || z.email().safeParse(v).success, { error: 'Enter a valid email address' })),
  ),
  '',
);

/** What the API takes to create or replace a contact. */
export const contactInputSchema = z.object({
  name: text('Name', [
    z.trim(),
    z.minLength(1, { error: 'Name is required' }),
    z.maxLength(200, { error: 'Name must be at most 200 characters' }),
  ]),
  email: optionalEmail,
  phone: z._default(text('Phone', [z.trim(), z.maxLength(50, { error: 'Phone must be at most 50 characters' })]), ''),
  address: z._default(text('Address', [z.trim(), z.maxLength(1000, { error: 'Address must be at most 1000 characters' })]), ''),
  kind: z.enum(CONTACT_KINDS, { error: 'Kind must be collector, gallery, institution or other' }),
  notes: z._default(text('Notes', [z.maxLength(5000, { error: 'Notes must be at most 5000 characters' })]), ''),
});
export type ContactInput = z.input<typeof contactInputSchema>;
export type ContactValues = z.output<typeof contactInputSchema>;

export const contactSchema = z.object({
  contactId: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  kind: z.enum(CONTACT_KINDS),
  notes: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Contact = z.infer<typeof contactSchema>;

export const contactIdParams = z.object({ id: z.uuid({ error: 'Contact ID must be a valid UUID' }) });

/** GET /api/contact: every contact of the artist, by name, optionally narrowed by a search and a kind. */
export const contactListQuerySchema = z.object({
  q: z.optional(text('Search', [z.trim(), z.maxLength(200, { error: 'Search must be at most 200 characters' })])),
  kind: z.optional(z.enum(CONTACT_KINDS, { error: 'Kind must be collector, gallery, institution or other' })),
});
export type ContactListQuery = z.output<typeof contactListQuerySchema>;

export const CONTACT_LIST_LIMIT = 1000;
export const contactListSchema = z.object({ items: z.array(contactSchema), truncated: z.boolean() });
export type ContactList = z.infer<typeof contactListSchema>;

export const CONTACT_MESSAGES = {
  title: 'Contacts',
  empty: 'No contacts yet',
  emptyInvitation: 'Collectors, galleries and institutions you deal with: buyers, consignees and people who hold a work.',
  loading: 'Loading contacts...',
  fetchFailed: 'Failed to fetch contacts',
  saveFailed: 'Failed to save the contact',
  deleteFailed: 'Failed to delete the contact',
  created: 'Contact saved',
  deleted: 'Contact deleted',
  notFound: 'Contact not found',
  confirmDelete: 'Delete this contact? Their purchases and consignments keep them, so a contact with any cannot be deleted.',
} as const;
