import * as z from 'zod/mini';
import { type ContactDetail, contactDetailSchema } from '../../src/schemas/contact-detail.schema';
import {
  contactIdParams,
  contactInputSchema,
  contactListQuerySchema,
  contactListSchema,
  contactSchema,
} from '../../src/schemas/contact.schema';
import { requireUser } from '../auth/require-user';
import type { AppDeps } from '../context';
import { ApiRouter } from '../http/api-router';
import { errorDoc } from '../http/router';
import { contactFromInquiry } from './contact-from-inquiry';
import { toContactDto } from './contact.dto';
import { createContact, deleteContact, listContacts, updateContact } from './contact.repo';

const tag = 'Contacts';
const errors = { 400: errorDoc('Invalid input'), 401: errorDoc('Not signed in') };
const notFoundDoc = { 404: errorDoc('No such contact') };

/** A contact's page, with what they bought, were consigned and hold: made above this folder, passed in by app.ts. */
export type ContactPage = (deps: AppDeps, userId: string, contactId: string) => Promise<ContactDetail>;

/** The artist's contacts: collectors, galleries, institutions. Private: never on the public site. */
export function contactRoutes(deps: AppDeps, contactDetail: ContactPage) {
  const api = new ApiRouter(requireUser(deps));
  const { db } = deps;

  api.openapi(
    {
      method: 'get',
      path: '/contact',
      summary: 'Every contact by name (at most 1000), narrowed by q (name or e-mail) and kind',
      tag,
      auth: true,
      query: contactListQuerySchema,
      responses: { 200: { description: 'The contacts', schema: contactListSchema }, ...errors },
    },
    async (c, { query }) => {
      const { rows, truncated } = await listContacts(db, c.var.auth.user.userId, query);
      return c.json({ items: rows.map(toContactDto), truncated }, 200);
    },
  );

  api.openapi(
    {
      method: 'post',
      path: '/contact',
      summary: 'Create a contact',
      tag,
      auth: true,
      body: contactInputSchema,
      responses: { 201: { description: 'The contact', schema: contactSchema }, ...errors },
    },
    async (c, { body }) => c.json(toContactDto(await createContact(db, c.var.auth.user.userId, body)), 201),
  );

  api.openapi(
    {
      method: 'get',
      path: '/contact/:id',
      summary: 'A contact with their purchases, consignments, holds and inquiries (those sent from their address)',
      tag,
      auth: true,
      params: contactIdParams,
      responses: { 200: { description: 'The contact and what they are part of', schema: contactDetailSchema }, ...notFoundDoc, ...errors },
    },
    async (c, { params }) => c.json(await contactDetail(deps, c.var.auth.user.userId, params.id), 200),
  );

  api.openapi(
    {
      method: 'put',
      path: '/contact/:id',
      summary: 'Replace every field of a contact',
      tag,
      auth: true,
      params: contactIdParams,
      body: contactInputSchema,
      responses: { 200: { description: 'The contact as saved', schema: contactSchema }, ...notFoundDoc, ...errors },
    },
    async (c, { params, body }) => c.json(toContactDto(await updateContact(db, c.var.auth.user.userId, params.id, body)), 200),
  );

  api.openapi(
    {
      method: 'delete',
      path: '/contact/:id',
      summary: 'Delete a contact who bought, holds and was consigned nothing (409 otherwise)',
      tag,
      auth: true,
      params: contactIdParams,
      responses: {
        204: { description: 'Deleted' },
        409: errorDoc('Their sales, consignments or holds name them'),
        ...notFoundDoc,
        ...errors,
      },
    },
    async (c, { params }) => {
      await deleteContact(db, c.var.auth.user.userId, params.id);
      return c.body(null, 204);
    },
  );

  api.openapi(
    {
      method: 'post',
      path: '/inquiries/:id/contact',
      summary: "The inquiry's contact: the one with its address, or a new one made from its name and address",
      tag,
      auth: true,
      params: z.object({ id: z.uuid({ error: 'Inquiry ID must be a valid UUID' }) }),
      responses: {
        200: { description: 'The contact that has its address already', schema: contactSchema },
        201: { description: 'A new contact', schema: contactSchema },
        404: errorDoc('No such inquiry'),
        ...errors,
      },
    },
    async (c, { params }) => {
      const { row, created } = await contactFromInquiry(db, c.var.auth.user.userId, params.id);
      return c.json(toContactDto(row), created ? 201 : 200);
    },
  );
  return api;
}
