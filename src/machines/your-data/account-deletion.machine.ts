import { assign, fromPromise, setup } from 'xstate';
import { deleteAccountFormSchema, type DeleteAccount } from '../../schemas/user.schema';
import { failureFieldErrors, failureMessage } from '../shared/failure';
import { changeField, emptyForm, isFormValid, submitForm, withServerErrors, type FormContext } from '../shared/form';

type DeletionValues = { currentPassword: string; confirmation: string };

export interface AccountDeletionContext {
  form: FormContext<DeletionValues>;
  error: string | null;
}

export type AccountDeletionEvent =
  | { type: 'deletion.open' }
  | { type: 'deletion.cancel' }
  | { type: 'deletion.confirm' }
  | { type: 'field.change'; name: string; value: string };

/** Delete my account: asks for the current password and the typed word, deletes, then the app signs out. */
export const accountDeletionMachine = setup({
  types: {
    context: {} as AccountDeletionContext,
    events: {} as AccountDeletionEvent,
    tags: {} as 'busy',
  },
  actors: {
    deleteAccount: fromPromise<void, DeleteAccount>(async () => {
      throw new Error('deleteAccount not provided');
    }),
  },
  actions: {
    /** Signs the app out: the account and its sessions no longer exist. */
    accountDeleted: () => {},
  },
  guards: {
    formValid: ({ context }) => isFormValid(context.form, deleteAccountFormSchema),
  },
}).createMachine({
  id: 'accountDeletion',
  context: { form: emptyForm({ currentPassword: '', confirmation: '' }), error: null },
  initial: 'closed',
  states: {
    closed: {
      description: 'Only the button shows; nothing can be deleted by one click.',
      on: {
        'deletion.open': {
          target: 'confirming',
          actions: assign({ form: emptyForm({ currentPassword: '', confirmation: '' }), error: null }),
        },
      },
    },
    confirming: {
      description: 'What will go is spelled out; the password and the typed word are asked for.',
      on: {
        'field.change': {
          actions: assign(({ context, event }) => ({ form: changeField(context.form, deleteAccountFormSchema, event.name, event.value) })),
        },
        'deletion.cancel': 'closed',
        'deletion.confirm': [
          { guard: 'formValid', target: 'deleting', actions: assign({ error: null }) },
          { actions: assign(({ context }) => ({ form: submitForm(context.form, deleteAccountFormSchema) })) },
        ],
      },
    },
    deleting: {
      tags: ['busy'],
      invoke: {
        id: 'deleteAccount',
        src: 'deleteAccount',
        input: ({ context }) => ({ currentPassword: context.form.values.currentPassword }),
        onDone: { target: 'deleted', actions: 'accountDeleted' },
        onError: {
          target: 'confirming',
          // A message the server gave for a field (a wrong password) shows under that field only, not again above.
          actions: assign(({ context, event }) => {
            const fieldErrors = failureFieldErrors(event.error);
            return {
              error: Object.keys(fieldErrors).length ? null : failureMessage(event.error),
              form: withServerErrors(context.form, fieldErrors),
            };
          }),
        },
      },
    },
    deleted: { type: 'final', description: 'Gone; the app signs out.' },
  },
});
