import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SnapshotFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import { verifyEmailMachine } from '../../src/machines/verify-email/verify-email.machine';
import { AUTH_MESSAGES } from '../../src/schemas/auth.schema';
import { VerifyEmailPage } from '../../src/views/verify-email/VerifyEmailPage';
import { assertFullCoverage, controlledPromise, coveringPaths, createModel, pathName, type ModelEvent } from './harness';

type Snapshot = SnapshotFrom<typeof verifyEmailMachine>;
const REFUSED = 'Could not verify the email address';

const events: Array<ModelEvent<typeof verifyEmailMachine>> = [
  { type: 'verify.retry' },
  { type: 'xstate.done.actor.verifyEmail', output: AUTH_MESSAGES.emailVerified },
  { type: 'xstate.error.actor.verifyEmail', error: new Error(REFUSED) },
];
const serializeState = (s: Snapshot) => JSON.stringify([s.value, s.context.token !== '', s.context.message]);

const states = {
  verifying: () => {
    expect(screen.getByRole('heading', { name: 'Verify Email' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Verifying your email address...');
    expect(screen.queryByRole('alert')).toBeNull();
  },
  verified: () => {
    expect(screen.getByRole('status')).toHaveTextContent(AUTH_MESSAGES.emailVerified);
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Continue to Artist Studio' })).toHaveAttribute('href', '/');
  },
  failed: (s: Snapshot) => {
    // A broken link (no token) says so; a refused token shows the thrown message and may be tried again.
    expect(screen.getByRole('alert')).toHaveTextContent(s.context.token ? REFUSED : AUTH_MESSAGES.invalidLink);
    expect(screen.queryByRole('button', { name: 'Try again' }) !== null).toBe(s.context.token !== '');
    expect(screen.queryByRole('status')).toBeNull();
  },
};

// The page is opened with a token (the mailed link) or without one (a broken link): one model per input.
const INPUTS = [{ token: 'mailed-token' }, { token: '' }];
const pathsByInput = INPUTS.map((input) => coveringPaths(createModel(verifyEmailMachine, { events, serializeState, input })));

INPUTS.forEach(({ token }, i) => {
  describe(`verify-email opened ${token ? 'with' : 'without'} a token`, () => {
    it.for(pathsByInput[i].map((p) => [pathName(p), p] as const))('%s', async ([, path]) => {
      const user = userEvent.setup();
      const verify = controlledPromise<string, { token: string }>('verifyEmail');
      render(<VerifyEmailPage logic={verifyEmailMachine.provide({ actors: { verifyEmail: verify.logic } })} token={token} />);
      await path.test({
        events: {
          'verify.retry': () => user.click(screen.getByRole('button', { name: 'Try again' })),
          'xstate.done.actor.verifyEmail': () => act(() => verify.resolve(AUTH_MESSAGES.emailVerified)),
          'xstate.error.actor.verifyEmail': () => act(() => verify.reject(new Error(REFUSED))),
        },
        states,
      });
      // The link's token is sent once per attempt; a broken link never reaches the API.
      expect(verify.calls).toEqual(
        token ? path.steps.filter((s) => /^(xstate\.init|verify\.retry)$/.test(s.event.type)).map(() => ({ token })) : [],
      );
    });
  });
});

describe('verify-email model coverage', () => {
  it('the two starts together cover every state and transition, each state asserted', () => {
    assertFullCoverage(verifyEmailMachine, pathsByInput.flat(), { stateTests: states, inputs: INPUTS, record: true });
  });
});
