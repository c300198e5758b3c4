import type { Http } from './http';
import { call } from './api-error';
import { contactDetailSchema, type ContactDetail } from '../schemas/contact-detail.schema';
import { contactListSchema, contactSchema, type Contact, type ContactInput, type ContactKind } from '../schemas/contact.schema';

/** The artist's contacts: the list, one with what they are part of, and saving or deleting one. */
export const createContactsService = (http: Http) => ({
  list: (kind?: ContactKind): Promise<Contact[]> =>
    call(async () => contactListSchema.parse((await http.get('/contact', { params: { kind } })).data).items),
  get: (contactId: string): Promise<ContactDetail> =>
    call(async () => contactDetailSchema.parse((await http.get(`/contact/${contactId}`)).data)),
  create: (input: ContactInput): Promise<Contact> => call(async () => contactSchema.parse((await http.post('/contact', input)).data)),
  update: (contactId: string, input: ContactInput): Promise<Contact> =>
    call(async () => contactSchema.parse((await http.put(`/contact/${contactId}`, input)).data)),
  remove: (contactId: string): Promise<void> =>
    call(async () => {
      await http.delete(`/contact/${contactId}`);
    }),
  /** The contact an inquiry is from: the one with its address, or a new collector (`created`). */
  fromInquiry: (inquiryId: string): Promise<{ contact: Contact; created: boolean }> =>
    call(async () => {
      const answer = await http.post(`/inquiries/${inquiryId}/contact`);
      return { contact: contactSchema.parse(answer.data), created: answer.status === 201 };
    }),
});

export type ContactsService = ReturnType<typeof createContactsService>;
