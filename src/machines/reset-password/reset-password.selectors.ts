import type { SnapshotFrom } from 'xstate';
import type { resetPasswordMachine } from './reset-password.machine';

type ResetPasswordSnapshot = SnapshotFrom<typeof resetPasswordMachine>;

export const selectForm = (s: ResetPasswordSnapshot) => s.context.form;
export const selectError = (s: ResetPasswordSnapshot) => s.context.error;
export const selectNotice = (s: ResetPasswordSnapshot) => s.context.notice;
export const selectIsBusy = (s: ResetPasswordSnapshot) => s.hasTag('busy');
/**
 * What the page shows: the refusal of a link without a token, the form (while edited and while sent), the
 * confirmation once done, or nothing yet while the link is checked.
 */
export const selectScreen = (s: ResetPasswordSnapshot) =>
  s.matches('invalidLink')
    ? 'invalidLink'
    : s.matches('done')
      ? 'done'
      : s.matches('editing') || s.matches('submitting')
        ? 'form'
        : 'checking';
