import { fromPromise } from 'xstate';
import type { AuthService } from '../../services/auth.service';
import { resetPasswordMachine } from './reset-password.machine';

/** The mailed link's new-password form, with the auth service's reset call. */
export const provideResetPassword = ({ auth }: { auth: Pick<AuthService, 'resetPassword'> }) =>
  resetPasswordMachine.provide({ actors: { resetPassword: fromPromise(({ input }) => auth.resetPassword(input)) } });
