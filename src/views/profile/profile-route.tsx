import { useMemo } from 'react';
import { css } from 'styled-system/css';
import { fromPromise } from 'xstate';
import { accountDeletionMachine } from '../../machines/your-data/account-deletion.machine';
import { dataExportMachine } from '../../machines/your-data/data-export.machine';
import { profileMachine } from '../../machines/profile/profile.machine';
import { saveBlob } from '../../services/save-file';
import { useApp } from '../app-context';
import { ProfilePage } from './ProfilePage';
import { YourData } from '../your-data/YourData';

export default function ProfileRoute() {
  const { session, services, toasts } = useApp();
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
  const exportLogic = useMemo(
    () =>
      dataExportMachine.provide({
        actors: { downloadArchive: fromPromise(({ input, signal }) => services.user.downloadArchive(input.onProgress, signal)) },
        actions: { saveArchive: (_, archive) => saveBlob(archive.blob, archive.fileName) },
      }),
    [services],
  );
  const deletionLogic = useMemo(
    () =>
      accountDeletionMachine.provide({
        actors: { deleteAccount: fromPromise(({ input }) => services.user.deleteAccount(input)) },
        actions: {
          accountDeleted: () => {
            toasts.send({ type: 'toast.add', title: 'Your account was deleted.', toastType: 'success' });
            session.send({ type: 'session.signOut' });
          },
        },
      }),
    [services, session, toasts],
  );
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '6' })}>
      <ProfilePage logic={logic} />
      <YourData exportLogic={exportLogic} deletionLogic={deletionLogic} />
    </div>
  );
}
