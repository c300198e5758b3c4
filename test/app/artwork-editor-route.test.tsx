import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axios, { type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { Link, Route, Router, Switch } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { AppRuntime } from '../../src/app';
import { toastsMachine } from '../../src/machines/toasts/toasts.machine';
import type { ArtworkInput } from '../../src/schemas/artwork.schema';
import { createQueryCache } from '../../src/services/query-cache';
import { AppProvider } from '../../src/views/app-context';
import ArtworkEditorRoute from '../../src/views/artwork-editor/artwork-editor-route';
import { LeaveGuardRouter } from '../../src/views/shell/leave-guard';
import { ARTWORK_ID, artworkFixture } from '../support/artwork-editor';

/** The API as the route's real artworks service meets it: create an artwork, read its (empty) media. */
function fakeApi() {
  const calls: string[] = [];
  const answer = (config: InternalAxiosRequestConfig, status: number, data: unknown) => ({ data, status, statusText: String(status), headers: {}, config });
  const adapter: AxiosAdapter = async (config) => {
    const call = `${config.method!.toUpperCase()} ${config.url}`;
    calls.push(call);
    if (call === 'POST /artwork') return answer(config, 200, artworkFixture(JSON.parse(config.data as string) as ArtworkInput));
    if (call === `GET /artwork/${ARTWORK_ID}/media`) return answer(config, 200, { items: [] });
    throw Object.assign(new Error(`unexpected ${call}`), { config, isAxiosError: true });
  };
  const toasts = createActor(toastsMachine).start();
  const app = { http: axios.create({ adapter }), cache: createQueryCache(), toasts } as unknown as AppRuntime;
  return { app, calls };
}

describe('the artwork editor route', () => {
  it('moves a new artwork to its own address once created, keeping the same editor; New again starts afresh', async () => {
    const user = userEvent.setup();
    const { app, calls } = fakeApi();
    const location = memoryLocation({ path: '/portfolio/artwork/new/AUDIO', record: true });
    render(
      <AppProvider value={app}>
        <Router hook={location.hook}>
          <LeaveGuardRouter>
            <Link href="/portfolio/artwork/new/AUDIO">New audio artwork</Link>
            <Switch>
              <Route path="/portfolio/artwork/:id/:mediaType?" component={ArtworkEditorRoute} />
            </Switch>
          </LeaveGuardRouter>
        </Router>
      </AppProvider>,
    );
    expect(await screen.findByRole('heading', { name: 'Create New Artwork' })).toBeInTheDocument();
    const seconds = screen.getByLabelText('Seconds');
    await user.type(seconds, '30');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByRole('heading', { name: 'Edit Artwork' })).toBeInTheDocument();
    // The address was replaced, not pushed; the editor was not started again (same element, no read of the artwork).
    expect(location.history).toEqual([`/portfolio/artwork/${ARTWORK_ID}`]);
    expect(screen.getByLabelText('Seconds')).toBe(seconds);
    expect(calls).not.toContain(`GET /artwork/${ARTWORK_ID}`);

    // New again, to the very address the editor started from: a fresh editor, not the one just created.
    await user.click(screen.getByRole('link', { name: 'New audio artwork' }));
    expect(location.history.at(-1)).toBe('/portfolio/artwork/new/AUDIO');
    expect(await screen.findByRole('heading', { name: 'Create New Artwork' })).toBeInTheDocument();
    expect(screen.getByLabelText('Seconds')).not.toBe(seconds);
    expect(screen.getByLabelText('Seconds')).toHaveValue(null);
  });
});
