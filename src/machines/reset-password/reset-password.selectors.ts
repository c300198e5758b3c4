import type { SnapshotFrom } from 'xstate';
import type { resetPasswordMachine } from './reset-password.machine';

type ResetPasswordSnapshot = SnapshotFrom<typeof resetPasswordMachine>;

export const selectForm = (s: ResetPasswordSnapshot) => s.context.form;
export const selectError = (s: ResetPasswordSnapshot) => s.context.error;
export const selectNotice = (s: ResetPasswordSnapshot) => s.context.notice;
export const selectIsBusy = (s: ResetPasswordSnapshot) => s.hasTag('busy');
/** The page was opened without a token. */
export const selectIsInvalidLink = (s: ResetPasswordSnapshot) => s.matches('invalidLink');
export const selectIsDone = (s: ResetPasswordSnapshot) => s.matches('done');
/** The form is shown while it is edited and while it is sent. */
export const selectShowsForm = (s: ResetPasswordSnapshot) => s.matches('editing') || s.matches('submitting');
