import { fromPromise } from 'xstate';
import type { TokenSet } from '../../schemas/auth.schema';
import type { AuthService } from '../../services/auth.service';
import type { UserService } from '../../services/user.service';
import { sessionMachine } from './session.machine';

export interface SessionDeps {
  auth: Pick<AuthService, 'refresh' | 'signOut'>;
  user: Pick<UserService, 'getUser'>;
  /** Where the tokens are kept between visits (localStorage in the app). */
  store: { write: (tokens: TokenSet) => void; clear: () => void };
  /** Sends the browser home (after signing out). */
  goHome: () => void;
}

/** The app-wide session chart with the auth and user services and the stored session. */
export const provideSession = ({ auth, user, store, goHome }: SessionDeps) =>
  sessionMachine.provide({
    actors: {
      refresh: fromPromise(({ input }) => auth.refresh(input.refreshToken)),
      loadUser: fromPromise(() => user.getUser()),
      signOut: fromPromise(({ input }) => auth.signOut(input.refreshToken)),
    },
    actions: {
      storeSession: (_, tokens) => store.write(tokens),
      clearStoredSession: () => store.clear(),
      goHome: () => goHome(),
    },
  });
