import type { Http } from './http';
import { journalPageSchema, type JournalPage, type JournalType } from '../schemas/journal.schema';
import { call } from './api-error';
import type { QueryCache } from './query-cache';

export interface JournalFilter {
  includeDismissed: boolean;
  type?: JournalType;
}

/** The activity journal: pages of entries (cached with the default freshness) and dismissing one. */
export function createJournalService(http: Http, cache: QueryCache) {
  return {
    list: (filter: JournalFilter, cursor?: string | null, limit = 10): Promise<JournalPage> =>
      call(() =>
        cache.fetch(['journal', filter, cursor ?? null, limit], async () => {
          const params = {
            includeDismissed: filter.includeDismissed ? 'true' : undefined,
            type: filter.type,
            limit,
            cursor: cursor ?? undefined,
          };
          return journalPageSchema.parse((await http.get('/journal', { params })).data);
        }),
      ),
    dismiss: (journalId: string): Promise<void> =>
      call(async () => {
        await http.post(`/journal/${journalId}/dismiss`);
        cache.invalidate(['journal']);
      }),
  };
}

export type JournalService = ReturnType<typeof createJournalService>;
