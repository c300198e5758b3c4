import * as z from 'zod/mini';
import { inquiryPageSchema, inquiryQuerySchema, inquirySchema } from '../../src/schemas/inquiry.schema';
import { requireUser } from '../auth/require-user';
import type { AppDeps } from '../context';
import { Invalid, NotFound, VALIDATION_MESSAGE } from '../errors';
import { ApiRouter } from '../http/api-router';
import { errorDoc } from '../http/router';
import { toInquiryDto } from './inquiry.dto';
import { listInquiries, markInquiryRead } from './inquiry.repo';

const tag = 'Inquiries';
const errors = { 400: errorDoc('Invalid input'), 401: errorDoc('Not signed in') };
const inquiryIdParams = z.object({ id: z.uuid({ error: 'Inquiry ID must be a valid UUID' }) });

/** The artist's inquiries in the app: newest first, and marking one read. */
export function inquiryRoutes(deps: AppDeps) {
  const api = new ApiRouter(requireUser(deps));
  api.openapi(
    {
      method: 'get',
      path: '/inquiries',
      summary: "Buyers' inquiries from the public portfolio, newest first; nextCursor fetches the following page",
      tag,
      auth: true,
      query: inquiryQuerySchema,
      responses: { 200: { description: 'One page of inquiries', schema: inquiryPageSchema }, ...errors },
    },
    async (c, { query }) => {
      const page = await listInquiries(deps.db, c.var.auth.user.userId, query);
      if (!page) throw new Invalid(VALIDATION_MESSAGE, { fieldErrors: { cursor: ['The cursor is not valid'] } });
      return c.json({ items: page.rows.map(toInquiryDto), nextCursor: page.nextCursor, unreadCount: page.unreadCount }, 200);
    },
  );
  api.openapi(
    {
      method: 'post',
      path: '/inquiries/:id/read',
      summary: 'Mark an inquiry read (marking it again changes nothing)',
      tag,
      auth: true,
      params: inquiryIdParams,
      responses: { 200: { description: 'The inquiry', schema: inquirySchema }, 404: errorDoc('No such inquiry'), ...errors },
    },
    async (c, { params }) => {
      const row = await markInquiryRead(deps.db, c.var.auth.user.userId, params.id);
      if (!row) throw new NotFound('Inquiry not found.');
      return c.json(toInquiryDto(row), 200);
    },
  );
  return api;
}
