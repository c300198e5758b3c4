import { fromPromise } from 'xstate';
import type { AuthService } from '../../services/auth.service';
import { verifyEmailMachine } from './verify-email.machine';

/** The mailed link confirming an address, with the auth service's verify call. */
export const provideVerifyEmail = ({ auth }: { auth: Pick<AuthService, 'verifyEmail'> }) =>
  verifyEmailMachine.provide({ actors: { verifyEmail: fromPromise(({ input }) => auth.verifyEmail(input.token)) } });
