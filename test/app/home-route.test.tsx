import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import HomePage from '../../src/views/home/HomePage';
import { renderWithFakeApi } from '../support/fake-api';

const URL = 'https://studio.example/p/abcdefghij';

describe('Home after a reload', () => {
  it('asks the server where the portfolio was published and shows the address as a link, with its date', async () => {
    const { requests } = renderWithFakeApi(<HomePage />, {
      path: '/',
      handler: () => ({ status: 200, body: { url: URL, publishedAt: '2026-11-20T15:30:00.000Z' } }),
    });
    const link = await screen.findByRole('link', { name: URL });
    expect(link).toHaveAttribute('href', URL);
    expect(link.parentElement).toHaveTextContent(/Your portfolio is published on Nov 20, 2026/);
    expect(screen.getByText(/Nov 20, 2026/).closest('time')).toHaveAttribute('dateTime', '2026-11-20T15:30:00.000Z');
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual(['GET /publish']);
    expect(screen.getByRole('button', { name: 'Publish' })).toBeEnabled();
  });

  it('before the first publish shows no address, only the Publish button', async () => {
    const { requests } = renderWithFakeApi(<HomePage />, { path: '/', handler: () => ({ status: 200, body: null }) });
    expect(await screen.findByRole('button', { name: 'Publish' })).toBeEnabled();
    // The answer has come: the panel left its loading state for idle.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Publish' }).parentElement).toHaveAttribute('data-state', 'idle'));
    expect(requests).toHaveLength(1);
    expect(screen.queryByRole('link')).toBeNull();
  });
});
