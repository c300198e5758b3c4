import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MetaAvailability } from '../../src/schemas/meta-connect.schema';
import SocialConnectRoute from '../../src/views/connect-account/connect-account-route';
import { renderWithFakeApi, type FakeHandler } from '../support/fake-api';

// The route logs failures for the console; keep the test output clean.
vi.spyOn(console, 'error').mockImplementation(() => {});

const OFFERED: MetaAvailability = { instagram: { offered: true }, facebook: { offered: true } };
const at = (query: string, network: string) => window.history.replaceState(null, '', `/social-media/accounts/connect/${network}${query}`);
afterEach(() => window.history.replaceState(null, '', '/'));

const route = (network: string, handler: FakeHandler) =>
  renderWithFakeApi(<SocialConnectRoute params={{ platform: network }} />, { path: `/social-media/accounts/connect/${network}`, handler });

describe('Instagram and Facebook connect route', () => {
  it('Continue with Instagram asks the server for the sign-in, then leaves for Instagram', async () => {
    const user = userEvent.setup();
    const { requests } = route('instagram', ({ url }) =>
      url === '/social-media/availability'
        ? { status: 200, body: OFFERED }
        : { status: 200, body: { authorizeUrl: 'https://www.instagram.com/oauth/authorize?state=s' } },
    );
    await user.click(await screen.findByRole('button', { name: 'Continue with Instagram' }));
    expect(await screen.findByRole('button', { name: 'Redirecting to Instagram...' })).toBeDisabled();
    expect(requests.map((r) => [r.method, r.url])).toEqual([
      ['GET', '/social-media/availability'],
      ['POST', '/social/meta/instagram/start'],
    ]);
  });

  it.each([
    ['instagram', 'not-set-up', 'The studio’s operator has not set up Instagram.'],
    ['facebook', 'not-public', 'Facebook needs the studio on an https address.'],
  ])('%s not offered (%s): says why, offers no button, and asks nothing more', async (network, reason, message) => {
    const { requests } = route(network, () => ({
      status: 200,
      body: { ...OFFERED, [network]: { offered: false, reason, message } },
    }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Continue with/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to Social Media Accounts' })).toHaveAttribute('href', '/social-media/accounts');
    expect(requests).toHaveLength(1);
  });

  it('back from Instagram with a personal account: says what to do, and offers Continue again', async () => {
    at('?instagram=failed&reason=not-professional', 'instagram');
    route('instagram', () => ({ status: 200, body: OFFERED }));
    expect(await screen.findByRole('button', { name: 'Continue with Instagram' })).toBeEnabled();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Instagram only lets the studio post for professional accounts (Business or Creator). Switch the account in Instagram, then start again.',
    );
  });

  it('back from Instagram with an unknown reason: the plain failure', async () => {
    at('?instagram=failed&reason=whatever', 'instagram');
    route('instagram', () => ({ status: 200, body: OFFERED }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Instagram could not be connected right now. Try again in a few minutes.');
  });

  it('back from Instagram connected: says so and shows the accounts', async () => {
    at('?instagram=connected&handle=studio.aurora', 'instagram');
    const { toasts, location, requests } = route('instagram', () => ({ status: 500 }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/social-media/accounts'));
    expect(toasts).toEqual([{ title: 'Instagram account @studio.aurora connected', toastType: 'success' }]);
    expect(requests).toEqual([]);
  });

  it('back from Facebook with several Pages: lists them, and connects the one picked', async () => {
    const user = userEvent.setup();
    at('?facebook=choose-page&flow=flow-7', 'facebook');
    const pages = [
      { pageId: '1001', name: 'Studio Aurora' },
      { pageId: '1002', name: 'Aurora Prints' },
    ];
    const answers = [
      { status: 200, body: { pages } },
      {
        status: 400,
        body: { message: 'Choose one of your Pages', code: 'VALIDATION', fieldErrors: { pageId: ['Choose one of your Pages'] } },
      },
      {
        status: 200,
        body: { platform: 'facebook', handle: 'Aurora Prints', service: null, connectedAt: '2026-11-28T12:00:00.000Z', externalId: '1002' },
      },
    ];
    const { requests, toasts, location } = route('facebook', () => answers.shift()!);
    const list = await screen.findByRole('list', { name: 'Choose the Page to post to' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    await user.click(within(list).getByRole('button', { name: 'Connect Aurora Prints' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose one of your Pages');
    await user.click(within(list).getByRole('button', { name: 'Connect Aurora Prints' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/social-media/accounts'));
    expect(toasts).toEqual([{ title: 'Facebook Page Aurora Prints connected', toastType: 'success' }]);
    expect(requests.map((r) => [r.method, r.url, r.params, r.body])).toEqual([
      ['GET', '/social/meta/facebook/pages', { flow: 'flow-7' }, undefined],
      ['POST', '/social/meta/facebook/pages', {}, { flow: 'flow-7', pageId: '1002' }],
      ['POST', '/social/meta/facebook/pages', {}, { flow: 'flow-7', pageId: '1002' }],
    ]);
  });

  it('a Page choice that expired: says so, and Continue with Facebook starts again', async () => {
    at('?facebook=choose-page&flow=old', 'facebook');
    route('facebook', ({ url }) =>
      url === '/social-media/availability'
        ? { status: 200, body: OFFERED }
        : { status: 404, body: { message: 'That Facebook sign-in has expired. Start again.', code: 'NOT_FOUND' } },
    );
    expect(await screen.findByRole('button', { name: 'Continue with Facebook' })).toBeEnabled();
    expect(screen.getByRole('alert')).toHaveTextContent('That Facebook sign-in has expired. Start again.');
  });
});
