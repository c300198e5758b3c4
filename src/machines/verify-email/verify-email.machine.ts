import { assign, fromPromise, setup } from 'xstate';
import { AUTH_MESSAGES } from '../../schemas/auth.schema';
import { failureMessage } from '../shared/failure';

export interface VerifyEmailContext {
  token: string;
  message: string | null;
}

/** The page a mailed verification link opens: it confirms the address once, and says how that went. */
export const verifyEmailMachine = setup({
  types: {
    context: {} as VerifyEmailContext,
    input: {} as { token: string },
    events: {} as { type: 'verify.retry' },
  },
  actors: {
    verifyEmail: fromPromise<string, { token: string }>(async () => {
      throw new Error('verifyEmail not provided');
    }),
  },
  guards: {
    hasToken: ({ context }) => context.token.length > 0,
  },
}).createMachine({
  id: 'verifyEmail',
  context: ({ input }) => ({ token: input.token, message: null }),
  initial: 'checking',
  states: {
    checking: {
      always: [
        { guard: 'hasToken', target: 'verifying' },
        { target: 'failed', actions: assign({ message: AUTH_MESSAGES.invalidLink }) },
      ],
    },
    verifying: {
      invoke: {
        id: 'verifyEmail',
        src: 'verifyEmail',
        input: ({ context }) => ({ token: context.token }),
        onDone: { target: 'verified', actions: assign({ message: ({ event }) => event.output }) },
        onError: {
          target: 'failed',
          actions: assign({ message: ({ event }) => failureMessage(event.error) }),
        },
      },
    },
    verified: { type: 'final' },
    failed: { on: { 'verify.retry': { guard: 'hasToken', target: 'verifying' } } },
  },
});
