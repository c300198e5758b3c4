import { fromPromise } from 'xstate';
import type { TokenSet } from '../../schemas/auth.schema';
import type { AuthService } from '../../services/auth.service';
import { authScreenMachine } from './auth-screen.machine';

export interface AuthScreenDeps {
  auth: Pick<AuthService, 'signIn' | 'createAccount' | 'forgotPassword' | 'resendVerification'>;
  /** Hands the new session to the app (the session chart). */
  signedIn: (tokens: TokenSet) => void;
}

/** The sign-in screen (Sign In, Create Account, Forgot Password) with the auth service's calls. */
export const provideAuthScreen = ({ auth, signedIn }: AuthScreenDeps) =>
  authScreenMachine.provide({
    actors: {
      signIn: fromPromise(({ input }) => auth.signIn(input)),
      createAccount: fromPromise(({ input }) => auth.createAccount(input)),
      forgotPassword: fromPromise(({ input }) => auth.forgotPassword(input)),
      resendVerification: fromPromise(({ input }) => auth.resendVerification(input.email)),
    },
    actions: { signedIn: (_, tokens) => signedIn(tokens) },
  });
