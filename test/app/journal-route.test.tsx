import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { JournalEntry } from '../../src/schemas/journal.schema';
import JournalRoute from '../../src/views/journal/journal-route';
import { renderWithFakeApi, type FakeRequest } from '../support/fake-api';

const entry = (n: number): JournalEntry => ({
  journalId: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  message: `Artwork 'Study ${n}' was created`,
  journalEntryType: 'artwork.new',
  createdDate: new Date(Date.UTC(2026, 10, 22, 10, 60 - n)).toISOString(),
  dismissed: false,
  metadata: { artworkId: `a${n}` },
});

/** Fifteen entries, ten a page, as the server answers them; a dismissed entry leaves the list. */
function journalApi() {
  const dismissed = new Set<string>();
  return (r: FakeRequest) => {
    if (r.method === 'POST') {
      dismissed.add(r.url.split('/')[2]);
      return { status: 200, body: {} };
    }
    const all = Array.from({ length: 15 }, (_, i) => entry(i + 1));
    // The cursor names the last entry of the page before (its place in the list, dismissed or not).
    const from = r.params.cursor ? all.findIndex((e) => e.journalId === r.params.cursor) + 1 : 0;
    const rest = all.slice(from).filter((e) => !dismissed.has(e.journalId));
    const page = rest.slice(0, 10);
    return { status: 200, body: { items: page, nextCursor: rest.length > 10 ? page[9].journalId : null } };
  };
}

describe('Activity Journal route', () => {
  it('dismissing an entry of a full page keeps Load more entries, which brings the older entries', async () => {
    const user = userEvent.setup();
    const { requests } = renderWithFakeApi(<JournalRoute />, { path: '/journal', handler: journalApi() });
    const list = await screen.findByRole('list', { name: 'Journal entries' });
    const cards = () => within(list).getAllByText(/^Artwork 'Study \d+' was created$/);
    expect(cards()).toHaveLength(10);

    await user.click(within(screen.getByText("Artwork 'Study 1' was created").closest('li')!).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(cards()).toHaveLength(9));
    await user.click(screen.getByRole('button', { name: 'Load more entries' }));
    await waitFor(() => expect(cards()).toHaveLength(14));
    expect(screen.getByText("Artwork 'Study 15' was created")).toBeInTheDocument();
    expect(requests.map((r) => `${r.method} ${r.url} ${r.params.cursor ?? ''}`.trim())).toEqual([
      'GET /journal',
      `POST /journal/${entry(1).journalId}/dismiss`,
      `GET /journal ${entry(10).journalId}`,
    ]);
    // The last page is in: nothing older waits.
    expect(screen.queryByRole('button', { name: 'Load more entries' })).toBeNull();
  });
});
