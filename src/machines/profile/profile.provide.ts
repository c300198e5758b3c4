import { fromPromise } from 'xstate';
import type { User } from '../../schemas/user.schema';
import type { UserService } from '../../services/user.service';
import { profileMachine } from './profile.machine';

export interface ProfileDeps {
  user: Pick<UserService, 'getUser' | 'saveProfile' | 'changeSecurity' | 'getAvatarUrl' | 'uploadAvatar'>;
  /** Tells the rest of the app (the session, the top bar) that the user changed. */
  userChanged: (user: User) => void;
}

/** The profile page with the user service's calls. */
export const provideProfile = ({ user, userChanged }: ProfileDeps) =>
  profileMachine.provide({
    actors: {
      loadUser: fromPromise(() => user.getUser()),
      saveProfile: fromPromise(({ input }) => user.saveProfile(input)),
      changeCredentials: fromPromise(({ input }) => user.changeSecurity(input)),
      loadAvatar: fromPromise(() => user.getAvatarUrl()),
      uploadAvatar: fromPromise(({ input }) => user.uploadAvatar(input.file, input.onProgress, input.crop)),
    },
    actions: {
      userChanged: (_, changed) => userChanged(changed),
      releaseAvatarUrl: (_, url) => {
        if (url) URL.revokeObjectURL(url);
      },
    },
  });
