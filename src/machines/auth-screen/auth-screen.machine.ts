import { assign, fromPromise, setup } from 'xstate';
import type { z } from 'zod/mini';
type ZodType = z.ZodMiniType;
import {
  AUTH_MESSAGES,
  EMAIL_NOT_VERIFIED,
  createAccountFormSchema,
  createAccountSchema,
  forgotPasswordSchema,
  signInSchema,
  type CreateAccount,
  type ForgotPassword,
  type SignIn,
  type TokenSet,
} from '../../schemas/auth.schema';
import { changeField, emptyForm, isFormValid, submitForm, withServerErrors, type FormContext } from '../shared/form';
import { errorOf, failureCode, failureFieldErrors, failureMessage } from '../shared/failure';
import { MESSAGES } from '../../schemas/messages';

type AuthValues = { email: string; password: string; confirmPassword: string };

export interface AuthScreenContext {
  form: FormContext<AuthValues>;
  /** The thrown message of the last failed call, or 'An error occurred.'. */
  error: string | null;
  notice: string | null;
}

export type AuthScreenEvent =
  | { type: 'auth.showSignIn' }
  | { type: 'auth.showCreateAccount' }
  | { type: 'auth.showForgotPassword' }
  | { type: 'field.change'; name: keyof AuthValues; value: string }
  | { type: 'auth.submit' }
  | { type: 'auth.resend' };

const schemas = { signIn: signInSchema, createAccount: createAccountFormSchema, forgotPassword: forgotPasswordSchema } satisfies Record<
  string,
  ZodType
>;
type FormName = keyof typeof schemas;

/** The signed-out screen: Sign In and Create Account tabs, and the Forgot Password view with its back link. */
export const authScreenMachine = setup({
  types: {
    context: {} as AuthScreenContext,
    events: {} as AuthScreenEvent,
    tags: {} as 'busy',
  },
  actors: {
    signIn: fromPromise<TokenSet, SignIn>(async () => {
      throw new Error('signIn not provided');
    }),
    createAccount: fromPromise<string, CreateAccount>(async () => {
      throw new Error('createAccount not provided');
    }),
    forgotPassword: fromPromise<string, ForgotPassword>(async () => {
      throw new Error('forgotPassword not provided');
    }),
    resendVerification: fromPromise<string, { email: string }>(async () => {
      throw new Error('resendVerification not provided');
    }),
  },
  actions: {
    signedIn: (_, _session: TokenSet) => {},
    resetForm: assign(({ context }) => ({
      form: emptyForm({ email: context.form.values.email, password: '', confirmPassword: '' }),
      error: null,
      notice: null,
    })),
    change: assign(({ context, event }, form: FormName) =>
      event.type === 'field.change' ? { form: changeField(context.form, schemas[form], event.name, event.value) } : {},
    ),
    showAllErrors: assign(({ context }, form: FormName) => ({ form: submitForm(context.form, schemas[form]) })),
    clearMessages: assign({ error: null, notice: null }),
    /** The failure's message (`what` failed is said before a generic one) and the server's field messages. */
    setError: assign(({ context, event }, what: string | undefined) => {
      const error = errorOf(event);
      return { error: failureMessage(error, what), form: withServerErrors(context.form, failureFieldErrors(error)) };
    }),
    setNotice: assign({ notice: ({ event }) => String((event as { output?: unknown }).output ?? '') }),
  },
  guards: {
    formValid: ({ context }, form: FormName) => isFormValid(context.form, schemas[form]),
    notVerified: ({ event }) => failureCode(errorOf(event)) === EMAIL_NOT_VERIFIED,
  },
}).createMachine({
  id: 'authScreen',
  context: { form: emptyForm({ email: '', password: '', confirmPassword: '' }), error: null, notice: null },
  initial: 'signIn',
  on: {
    'auth.showSignIn': '.signIn',
    'auth.showCreateAccount': '.createAccount',
    'auth.showForgotPassword': '.forgotPassword',
  },
  states: {
    signIn: {
      entry: 'resetForm',
      initial: 'editing',
      on: { 'field.change': { actions: { type: 'change', params: 'signIn' } } },
      states: {
        editing: {
          on: {
            'auth.submit': [
              { guard: { type: 'formValid', params: 'signIn' }, target: 'submitting', actions: 'clearMessages' },
              { actions: { type: 'showAllErrors', params: 'signIn' } },
            ],
          },
        },
        submitting: {
          tags: ['busy'],
          invoke: {
            id: 'signIn',
            src: 'signIn',
            input: ({ context }) => signInSchema.parse(context.form.values),
            onDone: { target: 'done', actions: { type: 'signedIn', params: ({ event }) => event.output } },
            onError: [
              { guard: 'notVerified', target: 'unverified', actions: { type: 'setError', params: MESSAGES.signInFailed } },
              { target: 'editing', actions: { type: 'setError', params: MESSAGES.signInFailed } },
            ],
          },
        },
        unverified: {
          description: 'The password was right but the address is not verified yet: offer to send the link again.',
          on: {
            'auth.resend': { target: 'resending', actions: 'clearMessages' },
            'auth.submit': { guard: { type: 'formValid', params: 'signIn' }, target: 'submitting', actions: 'clearMessages' },
          },
        },
        resending: {
          tags: ['busy'],
          invoke: {
            id: 'resendVerification',
            src: 'resendVerification',
            input: ({ context }) => ({ email: signInSchema.shape.email.parse(context.form.values.email) }),
            onDone: { target: 'unverified', actions: 'setNotice' },
            onError: { target: 'unverified', actions: 'setError' },
          },
        },
        // Signed in: the screen stays busy until the app replaces it.
        done: { type: 'final', tags: ['busy'] },
      },
    },
    createAccount: {
      entry: 'resetForm',
      initial: 'editing',
      on: { 'field.change': { actions: { type: 'change', params: 'createAccount' } } },
      states: {
        editing: {
          on: {
            'auth.submit': [
              { guard: { type: 'formValid', params: 'createAccount' }, target: 'submitting', actions: 'clearMessages' },
              { actions: { type: 'showAllErrors', params: 'createAccount' } },
            ],
          },
        },
        submitting: {
          tags: ['busy'],
          invoke: {
            id: 'createAccount',
            src: 'createAccount',
            input: ({ context }) => createAccountSchema.parse(context.form.values),
            onDone: { target: 'created', actions: assign({ notice: AUTH_MESSAGES.accountCreated }) },
            onError: { target: 'editing', actions: { type: 'setError', params: MESSAGES.accountCreationFailed } },
          },
        },
        created: { description: 'Account created: the artist checks their mail for the verification link.' },
      },
    },
    forgotPassword: {
      entry: 'resetForm',
      initial: 'editing',
      on: { 'field.change': { actions: { type: 'change', params: 'forgotPassword' } } },
      states: {
        editing: {
          on: {
            'auth.submit': [
              { guard: { type: 'formValid', params: 'forgotPassword' }, target: 'submitting', actions: 'clearMessages' },
              { actions: { type: 'showAllErrors', params: 'forgotPassword' } },
            ],
          },
        },
        submitting: {
          tags: ['busy'],
          invoke: {
            id: 'forgotPassword',
            src: 'forgotPassword',
            input: ({ context }) => forgotPasswordSchema.parse(context.form.values),
            onDone: { target: 'sent', actions: assign({ notice: AUTH_MESSAGES.resetLinkSent }) },
            onError: { target: 'editing', actions: { type: 'setError', params: MESSAGES.forgotPasswordFailed } },
          },
        },
        sent: {},
      },
    },
  },
});
