import * as z from 'zod/mini';
import { journalEntrySchema, journalPageSchema, journalQuerySchema } from '../../src/schemas/journal.schema';
import { requireUser } from '../auth/require-user';
import type { AppDeps } from '../context';
import { Invalid, NotFound, VALIDATION_MESSAGE } from '../errors';
import { ApiRouter } from '../http/api-router';
import { errorDoc } from '../http/router';
import { toJournalDto } from './journal.dto';
import { dismissJournalEntry, listJournal } from './journal.repo';

const tag = 'Journal';
const errors = { 400: errorDoc('Invalid input'), 401: errorDoc('Not signed in') };
const journalIdParams = z.object({ id: z.uuid({ error: 'Journal ID must be a valid UUID' }) });

/** The activity journal: entries written with each artwork change, newest first, and dismissing one. */
export function journalRoutes(deps: AppDeps) {
  const api = new ApiRouter(requireUser(deps));
  api.openapi(
    {
      method: 'get',
      path: '/journal',
      summary: 'Journal entries, newest first; nextCursor fetches the following page',
      tag,
      auth: true,
      query: journalQuerySchema,
      responses: { 200: { description: 'One page of entries', schema: journalPageSchema }, ...errors },
    },
    async (c, { query }) => {
      const page = await listJournal(deps.db, c.var.auth.user.userId, query);
      if (!page) throw new Invalid(VALIDATION_MESSAGE, { fieldErrors: { cursor: ['The cursor is not valid'] } });
      return c.json({ items: page.rows.map((row) => toJournalDto(row, deps.mediaUrls)), nextCursor: page.nextCursor }, 200);
    },
  );

  api.openapi(
    {
      method: 'post',
      path: '/journal/:id/dismiss',
      summary: 'Dismiss an entry (dismissing it again changes nothing)',
      tag,
      auth: true,
      params: journalIdParams,
      responses: { 200: { description: 'The dismissed entry', schema: journalEntrySchema }, 404: errorDoc('No such entry'), ...errors },
    },
    async (c, { params }) => {
      const row = await dismissJournalEntry(deps.db, c.var.auth.user.userId, params.id);
      if (!row) throw new NotFound('Journal entry not found.');
      return c.json(toJournalDto(row, deps.mediaUrls), 200);
    },
  );
  return api;
}
