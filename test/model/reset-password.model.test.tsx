import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SnapshotFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import { visibleError } from '../../src/machines/shared/form';
import { resetPasswordMachine } from '../../src/machines/reset-password/reset-password.machine';
import { AUTH_MESSAGES, type ResetPassword } from '../../src/schemas/auth.schema';
import { ResetPasswordPage } from '../../src/views/reset-password/ResetPasswordPage';
import { assertFullCoverage, controlledPromise, coveringPaths, createModel, pathName, type ModelEvent } from './harness';

type Snapshot = SnapshotFrom<typeof resetPasswordMachine>;
const GOOD = 'Brushes2026';
const LABELS = { password: 'New Password', confirmPassword: 'Confirm Password' } as const;

const events: Array<ModelEvent<typeof resetPasswordMachine>> = [
  { type: 'field.change', name: 'password', value: GOOD },
  { type: 'field.change', name: 'password', value: 'short' },
  { type: 'field.change', name: 'confirmPassword', value: GOOD },
  { type: 'reset.submit' },
  { type: 'xstate.done.actor.resetPassword', output: AUTH_MESSAGES.passwordReset },
  { type: 'xstate.error.actor.resetPassword', error: new Error(AUTH_MESSAGES.invalidLink) },
];
const serializeState = (s: Snapshot) =>
  JSON.stringify([s.value, s.context.form.values, s.context.form.submitted, Boolean(s.context.error)]);

const states = {
  invalidLink: () => {
    expect(screen.getByRole('heading', { name: 'Reset Password' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(AUTH_MESSAGES.invalidLink);
    expect(screen.queryByRole('form', { name: 'Reset password' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to Sign In' })).toHaveAttribute('href', '/');
  },
  editing: (s: Snapshot) => {
    expect(screen.getByRole('form', { name: 'Reset password' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Set New Password' })).toBeEnabled();
    const { form, error } = s.context;
    for (const field of ['password', 'confirmPassword'] as const) {
      const input = screen.getByLabelText(LABELS[field]);
      expect(input).toHaveValue(form.values[field]);
      // A field's message shows once it was changed or a submit was tried.
      const message = visibleError(form, field);
      if (message) {
        expect(input).toHaveAttribute('aria-invalid', 'true');
        expect(input).toHaveAccessibleErrorMessage(message);
      } else expect(input).not.toHaveAttribute('aria-invalid', 'true');
    }
    if (error) expect(screen.getByRole('alert')).toHaveTextContent(error);
    else expect(screen.queryByRole('alert')).toBeNull();
  },
  submitting: () => {
    expect(screen.getByRole('button', { name: 'Saving...' })).toBeDisabled();
    expect(screen.queryByRole('alert')).toBeNull();
  },
  done: () => {
    expect(screen.getByRole('status')).toHaveTextContent(AUTH_MESSAGES.passwordReset);
    expect(screen.queryByRole('form', { name: 'Reset password' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to Sign In' })).toHaveAttribute('href', '/');
  },
};

// The page is opened from the mailed link (with its token) or from a broken one: one model per input.
const INPUTS = [{ token: 'reset-token' }, { token: '' }];
const pathsByInput = INPUTS.map((input) => coveringPaths(createModel(resetPasswordMachine, { events, serializeState, input })));

INPUTS.forEach(({ token }, i) => {
  describe(`reset-password opened ${token ? 'with' : 'without'} a token`, () => {
    it.for(pathsByInput[i].map((p) => [pathName(p), p] as const))('%s', async ([, path]) => {
      const user = userEvent.setup();
      const reset = controlledPromise<string, ResetPassword>('resetPassword');
      render(<ResetPasswordPage logic={resetPasswordMachine.provide({ actors: { resetPassword: reset.logic } })} token={token} />);
      await path.test({
        events: {
          'field.change': async ({ event }) => {
            const { name, value } = event as unknown as { name: keyof typeof LABELS; value: string };
            const input = screen.getByLabelText(LABELS[name]);
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
  });
});

describe('reset-password model coverage', () => {
  it('the two starts together cover every state and transition, each state asserted', () => {
    assertFullCoverage(resetPasswordMachine, pathsByInput.flat(), { stateTests: states, inputs: INPUTS, record: true });
  });
});
