import type { SnapshotFrom } from 'xstate';
import type { verifyEmailMachine } from './verify-email.machine';

type VerifyEmailSnapshot = SnapshotFrom<typeof verifyEmailMachine>;

/** How confirming the address went: still at it (checking the link counts), done, or failed. */
export const selectState = (s: VerifyEmailSnapshot) => (s.matches('verified') ? 'verified' : s.matches('failed') ? 'failed' : 'verifying');
export const selectMessage = (s: VerifyEmailSnapshot) => s.context.message;
