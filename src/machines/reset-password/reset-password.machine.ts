import { assign, fromPromise, setup } from 'xstate';
import { resetPasswordFormSchema, type ResetPassword } from '../../schemas/auth.schema';
import { changeField, emptyForm, isFormValid, submitForm, type FormContext } from '../shared/form';
import { failureMessage } from '../shared/failure';

type ResetValues = { password: string; confirmPassword: string };

export interface ResetPasswordContext {
  token: string;
  form: FormContext<ResetValues>;
  error: string | null;
  notice: string | null;
}

export type ResetPasswordEvent = { type: 'field.change'; name: keyof ResetValues; value: string } | { type: 'reset.submit' };

/** The page a mailed reset link opens: choose a new password (with confirmation) and send it with the link's token. */
export const resetPasswordMachine = setup({
  types: {
    context: {} as ResetPasswordContext,
    input: {} as { token: string },
    events: {} as ResetPasswordEvent,
    tags: {} as 'busy',
  },
  actors: {
    resetPassword: fromPromise<string, ResetPassword>(async () => {
      throw new Error('resetPassword not provided');
    }),
  },
  guards: {
    hasToken: ({ context }) => context.token.length > 0,
    formValid: ({ context }) => isFormValid(context.form, resetPasswordFormSchema),
  },
}).createMachine({
  id: 'resetPassword',
  context: ({ input }) => ({ token: input.token, form: emptyForm({ password: '', confirmPassword: '' }), error: null, notice: null }),
  initial: 'checking',
  states: {
    checking: {
      always: [{ guard: 'hasToken', target: 'editing' }, { target: 'invalidLink' }],
    },
    invalidLink: { description: 'The page was opened without a token.' },
    editing: {
      on: {
        'field.change': {
          actions: assign(({ context, event }) => ({ form: changeField(context.form, resetPasswordFormSchema, event.name, event.value) })),
        },
        'reset.submit': [
          { guard: 'formValid', target: 'submitting', actions: assign({ error: null }) },
          { actions: assign(({ context }) => ({ form: submitForm(context.form, resetPasswordFormSchema) })) },
        ],
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'resetPassword',
        src: 'resetPassword',
        input: ({ context }) => ({ token: context.token, password: context.form.values.password }),
        onDone: { target: 'done', actions: assign({ notice: ({ event }) => event.output }) },
        onError: { target: 'editing', actions: assign({ error: ({ event }) => failureMessage(event.error) }) },
      },
    },
    done: { type: 'final' },
  },
});
