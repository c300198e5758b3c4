import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import { profileMachine } from '../../machines/profile.machine';
import { useApp } from '../app-context';
import { ProfilePage } from '../profile/ProfilePage';

export default function ProfileRoute() {
  const { session, services } = useApp();
  const logic = useMemo(
    () =>
      profileMachine.provide({
        actors: {
          loadUser: fromPromise(() => services.user.getUser()),
          saveProfile: fromPromise(({ input }) => services.user.saveProfile(input)),
          changeCredentials: fromPromise(({ input }) => services.user.changeSecurity(input)),
          loadAvatar: fromPromise(() => services.user.getAvatarUrl()),
          uploadAvatar: fromPromise(({ input }) => services.user.uploadAvatar(input.file, input.onProgress)),
        },
        actions: {
          userChanged: (_, user) => session.send({ type: 'user.updated', user }),
          releaseAvatarUrl: (_, url) => {
            if (url) URL.revokeObjectURL(url);
          },
        },
      }),
    [services, session],
  );
  return <ProfilePage logic={logic} />;
}
