import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import HomePage from '../../src/views/home/HomePage';
import { emptyStudioReport } from '../../src/schemas/studio-report.schema';
import { renderWithFakeApi } from '../support/fake-api';

const URL = 'https://studio.example/p/abcdefghij';
/** A studio with no work yet: Home shows no report. */
const NO_WORK = emptyStudioReport(2026);
const REPORTED = { ...NO_WORK, pieces: { ...NO_WORK.pieces, total: 2, sale: { ...NO_WORK.pieces.sale, available: 2 } } };

describe('Home after a reload', () => {
  it('asks the server where the portfolio was published and shows the address as a link, with its date', async () => {
    const { requests } = renderWithFakeApi(<HomePage />, {
      path: '/',
      handler: (r) =>
        r.url === '/report' ? { status: 200, body: NO_WORK } : { status: 200, body: { url: URL, publishedAt: '2026-11-20T15:30:00.000Z' } },
    });
    const link = await screen.findByRole('link', { name: URL });
    expect(link).toHaveAttribute('href', URL);
    expect(link.parentElement).toHaveTextContent(/Your portfolio is published on Nov 20, 2026/);
    expect(screen.getByText(/Nov 20, 2026/).closest('time')).toHaveAttribute('dateTime', '2026-11-20T15:30:00.000Z');
    await waitFor(() => expect(requests.map((r) => `${r.method} ${r.url}`).sort()).toEqual(['GET /publish', 'GET /report']));
    expect(screen.queryByRole('region', { name: 'Your studio' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Publish' })).toBeEnabled();
  });

  it('before the first publish shows no address, only the Publish button', async () => {
    const { requests } = renderWithFakeApi(<HomePage />, {
      path: '/',
      handler: (r) => (r.url === '/report' ? { status: 200, body: NO_WORK } : { status: 200, body: null }),
    });
    expect(await screen.findByRole('button', { name: 'Publish' })).toBeEnabled();
    // The answer has come: the panel left its loading state for idle.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Publish' }).parentElement).toHaveAttribute('data-state', 'idle'));
    expect(requests.filter((r) => r.url === '/publish')).toHaveLength(1);
    expect(screen.queryByRole('link')).toBeNull();
  });

  it("reads this year's report of the studio and shows it once the artist has works", async () => {
    const { requests } = renderWithFakeApi(<HomePage />, {
      path: '/',
      handler: (r) => (r.url === '/report' ? { status: 200, body: REPORTED } : { status: 200, body: null }),
    });
    const report = await screen.findByRole('region', { name: 'Your studio' });
    expect(report).toHaveTextContent('2 works and copies');
    expect(requests.find((r) => r.url === '/report')?.params).toEqual({ year: new Date().getFullYear() });
  });
});
