import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SnapshotFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import { resetPasswordMachine } from '../../src/machines/reset-password.machine';
import { AUTH_MESSAGES, type ResetPassword } from '../../src/schemas/auth.schema';
import { ResetPasswordPage } from '../../src/views/auth/ResetPasswordPage';
import { assertFullCoverage, controlledPromise, coveringPaths, createModel, pathName, type ModelEvent } from './harness';

type Snapshot = SnapshotFrom<typeof resetPasswordMachine>;
const GOOD = 'Brushes2026';

const events: Array<ModelEvent<typeof resetPasswordMachine>> = [
  { type: 'field.change', name: 'password', value: GOOD },
  { type: 'field.change', name: 'password', value: 'short' },
  { type: 'field.change', name: 'confirmPassword', value: GOOD },
  { type: 'reset.submit' },
  { type: 'xstate.done.actor.resetPassword', output: AUTH_MESSAGES.passwordReset },
  { type: 'xstate.error.actor.resetPassword', error: new Error(AUTH_MESSAGES.invalidLink) },
];
const serializeState = (s: Snapshot) => JSON.stringify([s.value, s.context.form.values, s.context.form.submitted, Boolean(s.context.error)]);

for (const token of ['reset-token', '']) {
  const model = createModel(resetPasswordMachine, { events, serializeState, input: { token } });
  // With a token the full set of paths is large: the minimal set still takes every transition.
  const paths = coveringPaths(model, token ? { minimal: true } : {});
  const states = {
    invalidLink: () => {
      expect(screen.getByRole('alert')).toHaveTextContent(AUTH_MESSAGES.invalidLink);
      expect(screen.queryByRole('form', { name: 'Reset password' })).toBeNull();
    },
    editing: (s: Snapshot) => {
      expect(screen.getByRole('button', { name: 'Set New Password' })).toBeEnabled();
      const { form } = s.context;
      const shown = (field: 'password' | 'confirmPassword') => (form.submitted || form.touched[field] ? form.errors[field] : undefined);
      for (const [field, label] of [['password', 'New Password'], ['confirmPassword', 'Confirm Password']] as const) {
        const input = screen.getByLabelText(label);
        expect(input).toHaveValue(form.values[field]);
        if (shown(field)) expect(screen.getByText(shown(field)!)).toBeInTheDocument();
        else expect(input).not.toHaveAttribute('aria-invalid', 'true');
      }
      if (s.context.error) expect(screen.getByRole('alert')).toHaveTextContent(s.context.error);
    },
    submitting: () => {
      expect(screen.getByRole('button', { name: 'Saving...' })).toBeDisabled();
    },
    done: () => {
      expect(screen.getByRole('status')).toHaveTextContent(AUTH_MESSAGES.passwordReset);
      expect(screen.getByRole('link', { name: 'Go to Sign In' })).toBeInTheDocument();
    },
  };

  describe(`reset-password ${token ? 'with' : 'without'} a token`, () => {
    it.for(paths.map((p) => [pathName(p), p] as const))('%s', async ([, path]) => {
      const user = userEvent.setup();
      const reset = controlledPromise<string, ResetPassword>('resetPassword');
      render(<ResetPasswordPage logic={resetPasswordMachine.provide({ actors: { resetPassword: reset.logic } })} token={token} />);
      await path.test({
        events: {
          'field.change': async ({ event }) => {
            const { name, value } = event as unknown as { name: 'password' | 'confirmPassword'; value: string };
            const input = screen.getByLabelText(name === 'password' ? 'New Password' : 'Confirm Password');
            await user.clear(input);
            await user.type(input, value);
          },
          'reset.submit': () => user.click(screen.getByRole('button', { name: 'Set New Password' })),
          'xstate.done.actor.resetPassword': () => act(() => reset.resolve(AUTH_MESSAGES.passwordReset)),
          'xstate.error.actor.resetPassword': () => act(() => reset.reject(new Error(AUTH_MESSAGES.invalidLink))),
        },
        states,
      });
      // What is sent is the link's token and the new password, never the confirmation.
      for (const call of reset.calls) expect(call).toEqual({ token, password: GOOD });
    });

    it('covers its part of the chart', () => {
      const ignore = token
        ? ['resetPassword.invalidLink', 'resetPassword.checking --always[#1]*']
        : ['resetPassword.editing', 'resetPassword.submitting', 'resetPassword.done', 'resetPassword.checking --always[hasToken]*', 'resetPassword.editing *', 'resetPassword.submitting *'];
      assertFullCoverage(resetPasswordMachine, paths, { stateTests: states, input: { token }, ignore, record: true });
    });
  });
}
