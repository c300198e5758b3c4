import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SnapshotFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import { authScreenMachine } from '../../src/machines/auth-screen/auth-screen.machine';
import {
  AUTH_MESSAGES,
  EMAIL_NOT_VERIFIED,
  type CreateAccount,
  type ForgotPassword,
  type SignIn,
  type TokenSet,
} from '../../src/schemas/auth.schema';
import { MESSAGES } from '../../src/schemas/messages';
import { AuthScreen } from '../../src/views/auth-screen/AuthScreen';
import { ServiceError } from '../../src/services/api-error';
import { assertFullCoverage, controlledPromise, coveringPaths, createModel, pathName, type ModelEvent } from './harness';

type Snapshot = SnapshotFrom<typeof authScreenMachine>;
const EMAIL = 'ada@example.com';
const PASSWORD = 'Palette2024';
const TOKENS: TokenSet = { accessToken: 'a', refreshToken: 'r', idToken: 'i' };

// Errors are ServiceErrors (what the service throws) with a code, and an id so the model tells them apart.
const failure = (message: string, code?: string) => Object.assign(new ServiceError(message, 400, code), { id: code ?? message });

const events: Array<ModelEvent<typeof authScreenMachine>> = [
  { type: 'auth.showSignIn' },
  { type: 'auth.showCreateAccount' },
  { type: 'auth.showForgotPassword' },
  { type: 'field.change', name: 'email', value: EMAIL },
  { type: 'field.change', name: 'password', value: PASSWORD },
  { type: 'field.change', name: 'confirmPassword', value: PASSWORD },
  { type: 'auth.submit' },
  { type: 'auth.resend' },
  { type: 'xstate.done.actor.signIn', output: TOKENS },
  { type: 'xstate.error.actor.signIn', error: failure(AUTH_MESSAGES.invalidCredentials) },
  { type: 'xstate.error.actor.signIn', error: failure(AUTH_MESSAGES.emailNotVerified, EMAIL_NOT_VERIFIED) },
  { type: 'xstate.done.actor.createAccount', output: AUTH_MESSAGES.accountCreated },
  { type: 'xstate.error.actor.createAccount', error: failure('') },
  { type: 'xstate.done.actor.forgotPassword', output: AUTH_MESSAGES.resetLinkSent },
  { type: 'xstate.error.actor.forgotPassword', error: failure(MESSAGES.forgotPasswordFailed) },
  { type: 'xstate.done.actor.resendVerification', output: AUTH_MESSAGES.verificationSent },
  { type: 'xstate.error.actor.resendVerification', error: failure('Could not send the verification link') },
];

const serializeState = (s: Snapshot) =>
  JSON.stringify([s.value, Object.values(s.context.form.values).map(Boolean), s.context.form.submitted, s.context.error, s.context.notice]);
const model = createModel(authScreenMachine, { events, serializeState });
const paths = coveringPaths(model, { minimal: true });

const LABELS = { email: 'Email', password: 'Password', confirmPassword: 'Confirm Password' } as const;

function expectForm(s: Snapshot, fields: Array<keyof typeof LABELS>) {
  const { form, error } = s.context;
  for (const field of fields) {
    const input = screen.getByLabelText(LABELS[field], { exact: true });
    expect(input).toHaveValue(form.values[field]);
    const message = form.submitted || form.touched[field] ? form.errors[field] : undefined;
    if (message) expect(input).toHaveAttribute('aria-invalid', 'true');
    else expect(input).not.toHaveAttribute('aria-invalid', 'true');
  }
  // The thrown message, or 'An error occurred.' when it has none.
  if (error) expect(screen.getByRole('alert')).toHaveTextContent(error);
  else expect(screen.queryByRole('alert')).toBeNull();
}

/** The panel of the other tab leaves (Ark's presence unmounts it once its exit is over): one form remains. */
async function onlyPanel(form: string) {
  await waitFor(() => expect(screen.getAllByRole('tabpanel')).toHaveLength(1));
  expect(within(screen.getByRole('tabpanel')).getByRole('form', { name: form })).toBeInTheDocument();
}

const states = {
  'signIn.editing': async (s: Snapshot) => {
    expect(screen.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');
    await onlyPanel('Sign in');
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
    expectForm(s, ['email', 'password']);
  },
  'signIn.submitting': () => {
    expect(screen.getByRole('button', { name: 'Signing in...' })).toBeDisabled();
  },
  'signIn.unverified': (s: Snapshot) => {
    expect(screen.getByRole('button', { name: 'Resend verification email' })).toBeEnabled();
    // First the reason; after a resend, what happened to it.
    if (s.context.error) expect(screen.getByRole('alert')).toHaveTextContent(s.context.error);
    if (s.context.notice) expect(screen.getByRole('status')).toHaveTextContent(s.context.notice);
    expect(Boolean(s.context.error) || Boolean(s.context.notice)).toBe(true);
  },
  'signIn.resending': () => {
    expect(screen.getByRole('button', { name: 'Resend verification email' })).toBeDisabled();
  },
  'signIn.done': () => {
    expect(screen.getByRole('button', { name: 'Signing in...' })).toBeDisabled();
  },
  'createAccount.editing': async (s: Snapshot) => {
    expect(screen.getByRole('tab', { name: 'Create Account' })).toHaveAttribute('aria-selected', 'true');
    await onlyPanel('Create account');
    expectForm(s, ['email', 'password', 'confirmPassword']);
  },
  'createAccount.submitting': () => {
    expect(screen.getByRole('button', { name: 'Creating account...' })).toBeDisabled();
  },
  'createAccount.created': () => {
    expect(screen.getByRole('status')).toHaveTextContent(AUTH_MESSAGES.accountCreated);
  },
  'forgotPassword.editing': (s: Snapshot) => {
    expect(screen.getByRole('heading', { name: 'Forgot Password' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back to Sign In' })).toBeInTheDocument();
    expectForm(s, ['email']);
  },
  'forgotPassword.submitting': () => {
    expect(screen.getByRole('button', { name: 'Sending...' })).toBeDisabled();
  },
  'forgotPassword.sent': () => {
    expect(screen.getByRole('status')).toHaveTextContent(AUTH_MESSAGES.resetLinkSent);
  },
};

describe('auth screen: the sign-in screen follows the chart', () => {
  it.for(paths.map((p) => [pathName(p), p] as const))('%s', async ([, path]) => {
    const user = userEvent.setup();
    const signIn = controlledPromise<TokenSet, SignIn>('signIn');
    const createAccount = controlledPromise<string, CreateAccount>('createAccount');
    const forgotPassword = controlledPromise<string, ForgotPassword>('forgotPassword');
    const resend = controlledPromise<string, { email: string }>('resendVerification');
    const signedIn: TokenSet[] = [];
    const logic = authScreenMachine.provide({
      actors: {
        signIn: signIn.logic,
        createAccount: createAccount.logic,
        forgotPassword: forgotPassword.logic,
        resendVerification: resend.logic,
      },
      actions: { signedIn: (_, tokens) => void signedIn.push(tokens) },
    });
    render(<AuthScreen logic={logic} />);
    const reject =
      (actor: { reject(e: unknown): Promise<void> }) =>
      async ({ event }: { event: unknown }) => {
        await act(() => actor.reject((event as { error: unknown }).error));
      };
    await path.test({
      events: {
        'auth.showSignIn': async () => {
          const back = screen.queryByRole('button', { name: 'Back to Sign In' }) ?? screen.queryByRole('button', { name: 'Go to Sign In' });
          await user.click(back ?? screen.getByRole('tab', { name: 'Sign In' }));
        },
        'auth.showCreateAccount': () => user.click(screen.getByRole('tab', { name: 'Create Account' })),
        'auth.showForgotPassword': () => user.click(screen.getByRole('button', { name: 'Forgot Password?' })),
        'field.change': async ({ event }) => {
          const { name, value } = event as unknown as { name: keyof typeof LABELS; value: string };
          const input = screen.getByLabelText(LABELS[name], { exact: true });
          await user.clear(input);
          await user.type(input, value);
        },
        'auth.submit': () => user.click(screen.getByRole('button', { name: /^(Sign In|Create Account|Send Reset Link)$/ })),
        'auth.resend': () => user.click(screen.getByRole('button', { name: 'Resend verification email' })),
        'xstate.done.actor.signIn': () => act(() => signIn.resolve(TOKENS)),
        'xstate.error.actor.signIn': reject(signIn),
        'xstate.done.actor.createAccount': () => act(() => createAccount.resolve(AUTH_MESSAGES.accountCreated)),
        'xstate.error.actor.createAccount': reject(createAccount),
        'xstate.done.actor.forgotPassword': () => act(() => forgotPassword.resolve(AUTH_MESSAGES.resetLinkSent)),
        'xstate.error.actor.forgotPassword': reject(forgotPassword),
        'xstate.done.actor.resendVerification': () => act(() => resend.resolve(AUTH_MESSAGES.verificationSent)),
        'xstate.error.actor.resendVerification': reject(resend),
      },
      states,
    });
    // Calls carry exactly what the API takes (no confirmPassword), and a sign-in reaches the session once.
    for (const call of createAccount.calls) expect(call).toEqual({ email: EMAIL, password: PASSWORD });
    for (const call of signIn.calls) expect(call).toEqual({ email: EMAIL, password: PASSWORD });
    expect(signedIn).toHaveLength(path.steps.filter((s) => s.event.type === 'xstate.done.actor.signIn').length);
  });

  it('an error without a message reads "An error occurred."', async () => {
    const user = userEvent.setup();
    const createAccount = controlledPromise<string, CreateAccount>('createAccount');
    render(<AuthScreen logic={authScreenMachine.provide({ actors: { createAccount: createAccount.logic } })} />);
    await user.click(screen.getByRole('tab', { name: 'Create Account' }));
    await user.type(screen.getByLabelText('Email'), EMAIL);
    await user.type(screen.getByLabelText('Password', { exact: true }), PASSWORD);
    await user.type(screen.getByLabelText('Confirm Password'), PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await act(() => createAccount.reject(new Error('')));
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.anErrorOccurred);
  });

  it('covers every state and transition', () => {
    assertFullCoverage(authScreenMachine, paths, { stateTests: states, record: true });
  });
});
