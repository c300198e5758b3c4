import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { SocialAccount } from '../../src/schemas/social.schema';
import SocialAccountsRoute from '../../src/views/social-accounts/social-accounts-route';
import SocialConnectRoute from '../../src/views/connect-account/connect-account-route';
import SocialHomeRoute from '../../src/views/social-accounts/social-home-route';
import { renderWithFakeApi, type FakeAnswer } from '../support/fake-api';

const ALICE: SocialAccount = {
  platform: 'bluesky',
  handle: 'alice.bsky.social',
  service: 'https://bsky.social',
  connectedAt: '2026-11-02T12:00:00.000Z',
};
// The routes log failures for the console; keep the test output clean.
vi.spyOn(console, 'error').mockImplementation(() => {});

describe('Social Media Accounts route', () => {
  it('reads the accounts, disconnects one after confirming, then points to connecting Bluesky', async () => {
    const user = userEvent.setup();
    let accounts = [ALICE];
    const { requests, toasts } = renderWithFakeApi(<SocialAccountsRoute />, {
      path: '/social-media/accounts',
      handler: ({ method }) => {
        if (method === 'GET') return { status: 200, body: accounts };
        accounts = [];
        return { status: 204 };
      },
    });
    const card = (await screen.findByRole('link', { name: '@alice.bsky.social' })).closest('li')!;
    expect(card).toHaveTextContent('Bluesky');
    expect(card).toHaveTextContent('https://bsky.social');

    await user.click(within(card).getByRole('button', { name: 'Disconnect Bluesky @alice.bsky.social' }));
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Disconnect account' })).getByRole('button', { name: 'Disconnect' }),
    );

    expect(await screen.findByRole('link', { name: 'Connect your Bluesky account' })).toHaveAttribute(
      'href',
      '/social-media/accounts/connect/bluesky',
    );
    expect(requests.at(-1)).toEqual({
      method: 'DELETE',
      url: '/social-media/accounts',
      params: {},
      body: { platform: 'bluesky', handle: 'alice.bsky.social' },
    });
    expect(toasts).toEqual([{ title: 'Bluesky @alice.bsky.social disconnected', toastType: 'success' }]);
  });

  it('an account whose login Bluesky no longer accepts says so and links to reconnecting it', async () => {
    renderWithFakeApi(<SocialAccountsRoute />, {
      path: '/social-media/accounts',
      handler: () => ({ status: 200, body: [{ ...ALICE, needsReconnectAt: '2026-11-20T08:00:00.000Z' }] }),
    });
    const card = (await screen.findByRole('link', { name: '@alice.bsky.social' })).closest('li')!;
    expect(card).toHaveTextContent('Needs reconnecting');
    expect(card).toHaveTextContent('Posts for it wait, and go out once you reconnect it.');
    expect(within(card).getByRole('link', { name: 'Reconnect Bluesky @alice.bsky.social' })).toHaveAttribute(
      'href',
      '/social-media/accounts/connect/bluesky?handle=alice.bsky.social',
    );
  });

  it.each([
    ['instagram', 'studio.aurora', '@studio.aurora', 'Reconnect Instagram @studio.aurora'],
    ['facebook', 'Studio Aurora', 'Studio Aurora', 'Reconnect Facebook Studio Aurora'],
  ])('a %s account that needs reconnecting says why, and Reconnect starts its sign-in again', async (platform, handle, shown, action) => {
    const reason = 'Instagram no longer accepts the studio’s access (the password was changed, or access was removed).';
    renderWithFakeApi(<SocialAccountsRoute />, {
      path: '/social-media/accounts',
      handler: () => ({
        status: 200,
        body: [
          {
            platform,
            handle,
            service: null,
            connectedAt: '2026-11-02T12:00:00.000Z',
            needsReconnectAt: '2026-11-20T08:00:00.000Z',
            needsReconnectReason: reason,
            tokenExpiresAt: '2027-01-01T00:00:00.000Z',
            externalId: '17841405793187218',
          },
        ],
      }),
    });
    const card = (await screen.findByRole('link', { name: shown })).closest('li')!;
    expect(card).toHaveTextContent('Needs reconnecting');
    expect(card).toHaveTextContent(`${reason} Posts for it wait, and go out once you reconnect it.`);
    // No Bluesky server for Meta's networks; how long the studio's access lasts instead.
    expect(card).not.toHaveTextContent('Server');
    expect(card).toHaveTextContent('Access until01/01/2027');
    expect(within(card).getByRole('link', { name: action })).toHaveAttribute('href', `/social-media/accounts/connect/${platform}`);
  });

  it('an account that is fine offers no Reconnect', async () => {
    renderWithFakeApi(<SocialAccountsRoute />, { path: '/social-media/accounts', handler: () => ({ status: 200, body: [ALICE] }) });
    const card = (await screen.findByRole('link', { name: '@alice.bsky.social' })).closest('li')!;
    expect(card).not.toHaveTextContent('Needs reconnecting');
    expect(within(card).queryByRole('link', { name: /^Reconnect/ })).toBeNull();
  });

  it("shows the danger alert 'Error loading social media accounts. Please try again later.' and tries again", async () => {
    const user = userEvent.setup();
    let fail = true;
    renderWithFakeApi(<SocialAccountsRoute />, {
      path: '/social-media/accounts',
      handler: (): FakeAnswer => (fail ? { status: 500, body: { message: 'Internal error' } } : { status: 200, body: [ALICE] }),
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/^Error loading social media accounts\. Please try again later\. Try again$/);
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: '@alice.bsky.social' })).toHaveAttribute(
      'href',
      '/social-media/account/alice.bsky.social',
    );
  });
});

describe('Connect route', () => {
  it("keeps the form through Bluesky's refusals, then connects and returns to the accounts", async () => {
    const user = userEvent.setup();
    const answers: FakeAnswer[] = [
      {
        status: 400,
        body: {
          message: 'Invalid identifier or password',
          code: 'BLUESKY_AUTH',
          fieldErrors: { 'credentials.appPassword': ['Invalid identifier or password'] },
        },
      },
      {
        status: 502,
        body: {
          message: 'Could not reach the server. Check the server address, or try again later.',
          code: 'BLUESKY_UNREACHABLE',
          fieldErrors: { 'credentials.service': ['Could not reach the server.'] },
        },
      },
      {
        status: 429,
        body: {
          message: 'Bluesky is limiting sign-ins for this account right now. Try again in a few minutes.',
          code: 'BLUESKY_RATE_LIMITED',
        },
      },
      { status: 200, body: ALICE },
    ];
    const { requests, toasts, location } = renderWithFakeApi(<SocialConnectRoute params={{ platform: 'bluesky' }} />, {
      path: '/social-media/accounts/connect/bluesky',
      handler: () => answers.shift()!,
    });
    // OAuth comes first; the app password is the second way.
    await user.click(screen.getByRole('button', { name: 'Use an app password instead' }));
    await user.type(screen.getByLabelText('Handle'), 'Alice.bsky.social');
    await user.type(screen.getByLabelText('App password'), 'abcd-efgh-ijkl-mnop');
    const connect = screen.getByRole('button', { name: 'Connect' });

    await user.click(connect);
    expect(await screen.findByLabelText('App password')).toHaveAccessibleErrorMessage('Invalid identifier or password');
    expect(screen.queryByRole('alert')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Connect' }));
    await waitFor(() => expect(screen.getByLabelText('Server (PDS) address')).toHaveAccessibleErrorMessage('Could not reach the server.'));
    // The last attempt's message is gone from the field it no longer concerns.
    expect(screen.getByLabelText('App password')).not.toHaveAttribute('aria-invalid');

    await user.click(screen.getByRole('button', { name: 'Connect' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Bluesky is limiting sign-ins for this account right now. Try again in a few minutes.',
    );
    expect(screen.getByLabelText('Handle')).toHaveValue('Alice.bsky.social');
    expect(screen.getByLabelText('App password')).toHaveValue('abcd-efgh-ijkl-mnop');

    await user.clear(screen.getByLabelText('Server (PDS) address'));
    await user.click(screen.getByRole('button', { name: 'Connect' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/social-media/accounts'));
    expect(toasts).toEqual([{ title: 'Bluesky account @alice.bsky.social connected', toastType: 'success' }]);
    expect(requests.map((r) => r.body)).toEqual([
      ...Array(3).fill({
        platform: 'bluesky',
        handle: 'alice.bsky.social',
        credentials: { identifier: 'alice.bsky.social', appPassword: 'abcd-efgh-ijkl-mnop', service: 'https://bsky.social' },
      }),
      // A blank address is left to the server, which uses Bluesky's own.
      {
        platform: 'bluesky',
        handle: 'alice.bsky.social',
        credentials: { identifier: 'alice.bsky.social', appPassword: 'abcd-efgh-ijkl-mnop' },
      },
    ]);
  });

  it('Continue with Bluesky asks the server where to sign in, then leaves for that page', async () => {
    const user = userEvent.setup();
    const answers: FakeAnswer[] = [
      {
        status: 400,
        body: {
          message: 'No Bluesky account @nobody.bsky.social was found. Check the handle.',
          code: 'BLUESKY_UNKNOWN_HANDLE',
          fieldErrors: { identifier: ['No Bluesky account @nobody.bsky.social was found. Check the handle.'] },
        },
      },
      { status: 200, body: { authorizeUrl: 'https://bsky.social/oauth/authorize?request_uri=urn%3Ax' } },
    ];
    const { requests } = renderWithFakeApi(<SocialConnectRoute params={{ platform: 'bluesky' }} />, {
      path: '/social-media/accounts/connect/bluesky',
      handler: () => answers.shift()!,
    });
    expect(screen.queryByLabelText('App password')).toBeNull();
    await user.type(screen.getByLabelText('Handle or server address'), 'nobody.bsky.social');
    await user.click(screen.getByRole('button', { name: 'Continue with Bluesky' }));
    expect(await screen.findByLabelText('Handle or server address')).toHaveAccessibleErrorMessage(
      'No Bluesky account @nobody.bsky.social was found. Check the handle.',
    );
    await user.clear(screen.getByLabelText('Handle or server address'));
    await user.type(screen.getByLabelText('Handle or server address'), '@Alice.bsky.social');
    await user.click(screen.getByRole('button', { name: 'Continue with Bluesky' }));
    expect(await screen.findByRole('button', { name: 'Redirecting to Bluesky...' })).toBeDisabled();
    expect(requests.map((r) => [r.url, r.body])).toEqual([
      ['/social/oauth/start', { identifier: 'nobody.bsky.social' }],
      ['/social/oauth/start', { identifier: '@Alice.bsky.social' }],
    ]);
  });

  it.each([
    ['denied', 'Bluesky was not given access, so nothing was connected. Continue with Bluesky again when you are ready.'],
    ['expired', 'That sign-in took too long or was already used. Continue with Bluesky to start again.'],
    ['nonsense', 'Bluesky could not be connected. Try again, or use an app password instead.'],
  ])('back from the PDS without a connection (%s): says why, and offers both ways again', (reason, message) => {
    window.history.replaceState(null, '', `/social-media/accounts/connect/bluesky?bluesky=failed&reason=${reason}`);
    try {
      renderWithFakeApi(<SocialConnectRoute params={{ platform: 'bluesky' }} />, {
        path: '/social-media/accounts/connect/bluesky',
        handler: () => ({ status: 500 }),
      });
      expect(screen.getByRole('alert')).toHaveTextContent(message);
      expect(screen.getByRole('button', { name: 'Continue with Bluesky' })).toBeEnabled();
      expect(screen.getByRole('button', { name: 'Use an app password instead' })).toBeEnabled();
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });

  it('back from the PDS connected: says so and shows the accounts', async () => {
    window.history.replaceState(null, '', '/social-media/accounts/connect/bluesky?bluesky=connected&handle=alice.bsky.social');
    try {
      const { toasts, location } = renderWithFakeApi(<SocialConnectRoute params={{ platform: 'bluesky' }} />, {
        path: '/social-media/accounts/connect/bluesky',
        handler: () => ({ status: 500 }),
      });
      await waitFor(() => expect(location.history.at(-1)).toBe('/social-media/accounts'));
      expect(toasts).toEqual([{ title: 'Bluesky account @alice.bsky.social connected', toastType: 'success' }]);
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });

  it.each(['Bluesky', 'BLUESKY', 'blueSky'])('/social-media/accounts/connect/%s is the Bluesky form', async (platform) => {
    const user = userEvent.setup();
    renderWithFakeApi(<SocialConnectRoute params={{ platform }} />, {
      path: `/social-media/accounts/connect/${platform}`,
      handler: () => ({ status: 500 }),
    });
    expect(screen.getByRole('form', { name: 'Continue with Bluesky' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Use an app password instead' }));
    expect(screen.getByLabelText('Handle')).toBeInTheDocument();
    expect(screen.getByLabelText('App password')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Connect' })).toBeEnabled();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('any other platform is not one, with a link back', () => {
    renderWithFakeApi(<SocialConnectRoute params={{ platform: 'myspace' }} />, {
      path: '/social-media/accounts/connect/myspace',
      handler: () => ({ status: 500 }),
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid social media platform type. Please select a valid platform.');
    expect(screen.getByRole('link', { name: 'Back to Social Media Accounts' })).toHaveAttribute('href', '/social-media/accounts');
  });
});

describe('Social Home route', () => {
  it("is a placeholder reading 'Social Home'", () => {
    renderWithFakeApi(<SocialHomeRoute params={{ account: 'alice.bsky.social' }} />, {
      path: '/social-media/account/alice.bsky.social',
      handler: () => ({ status: 500 }),
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Social Home' })).toBeInTheDocument();
    expect(screen.getByText('@alice.bsky.social')).toBeInTheDocument();
  });
});
