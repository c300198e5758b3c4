import { fromPromise } from 'xstate';
import type { UserService } from '../../services/user.service';
import { shellMachine } from './shell.machine';

export interface ShellDeps {
  user: Pick<UserService, 'getAvatarUrl'>;
}

/** The signed-in layout with the user service's avatar; each picture's object URL is revoked once replaced. */
export const provideShell = ({ user }: ShellDeps) =>
  shellMachine.provide({
    actors: { loadAvatar: fromPromise(() => user.getAvatarUrl()) },
    actions: {
      releaseAvatarUrl: (_, url) => {
        if (url) URL.revokeObjectURL(url);
      },
    },
  });
