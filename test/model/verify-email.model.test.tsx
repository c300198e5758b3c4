import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SnapshotFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import { verifyEmailMachine } from '../../src/machines/verify-email.machine';
import { AUTH_MESSAGES } from '../../src/schemas/auth.schema';
import { VerifyEmailPage } from '../../src/views/auth/VerifyEmailPage';
import { assertFullCoverage, controlledPromise, coveringPaths, createModel, pathName, type ModelEvent } from './harness';

type Snapshot = SnapshotFrom<typeof verifyEmailMachine>;

const events: Array<ModelEvent<typeof verifyEmailMachine>> = [
  { type: 'verify.retry' },
  { type: 'xstate.done.actor.verifyEmail', output: AUTH_MESSAGES.emailVerified },
  { type: 'xstate.error.actor.verifyEmail', error: new Error(AUTH_MESSAGES.invalidLink) },
];
const serializeState = (s: Snapshot) => JSON.stringify([s.value, s.context.token !== '']);

// The page is opened with a token (the mailed link) or without one (a broken link).
for (const token of ['mailed-token', '']) {
  const model = createModel(verifyEmailMachine, { events, serializeState, input: { token } });
  const paths = coveringPaths(model);
  const states = {
    verifying: () => {
      expect(screen.getByRole('status')).toHaveTextContent('Verifying your email address...');
    },
    verified: () => {
      expect(screen.getByRole('status')).toHaveTextContent(AUTH_MESSAGES.emailVerified);
      expect(screen.getByRole('link', { name: 'Continue to Artist Studio' })).toBeInTheDocument();
    },
    failed: () => {
      expect(screen.getByRole('alert')).toHaveTextContent(AUTH_MESSAGES.invalidLink);
      expect(screen.queryByRole('button', { name: 'Try again' }) !== null).toBe(token !== '');
    },
  };

  describe(`verify-email ${token ? 'with' : 'without'} a token`, () => {
    it.for(paths.map((p) => [pathName(p), p] as const))('%s', async ([, path]) => {
      const user = userEvent.setup();
      const verify = controlledPromise<string, { token: string }>('verifyEmail');
      render(<VerifyEmailPage logic={verifyEmailMachine.provide({ actors: { verifyEmail: verify.logic } })} token={token} />);
      await path.test({
        events: {
          'verify.retry': () => user.click(screen.getByRole('button', { name: 'Try again' })),
          'xstate.done.actor.verifyEmail': () => act(() => verify.resolve(AUTH_MESSAGES.emailVerified)),
          'xstate.error.actor.verifyEmail': () => act(() => verify.reject(new Error(AUTH_MESSAGES.invalidLink))),
        },
        states,
      });
      for (const call of verify.calls) expect(call.token).toBe(token);
    });

    it('covers its states and transitions', () => {
      // Each start covers its own branch of `checking` and ignores only the other's; together they cover the chart
      // (the coverage table merges both records).
      const ignore = token ? ['verifyEmail.checking --always[#1]--> verifyEmail.failed'] : ['verifyEmail.verifying', 'verifyEmail.verified', 'verifyEmail.checking --always[hasToken]*', 'verifyEmail.verifying *', 'verifyEmail.failed --verify.retry*'];
      assertFullCoverage(verifyEmailMachine, paths, { stateTests: states, input: { token }, ignore, record: true });
    });
  });
}
