import { useMemo } from 'react';
import { css } from 'styled-system/css';
import { provideProfile } from '../../machines/profile/profile.provide';
import { provideAccountDeletion, provideDataExport } from '../../machines/your-data/your-data.provide';
import { saveBlob } from '../../services/save-file';
import { useApp } from '../app-context';
import { ProfilePage } from './ProfilePage';
import { YourData } from '../your-data/YourData';

export default function ProfileRoute() {
  const { session, services, toasts } = useApp();
  const logic = useMemo(
    () => provideProfile({ user: services.user, userChanged: (user) => session.send({ type: 'user.updated', user }) }),
    [services, session],
  );
  const exportLogic = useMemo(
    () => provideDataExport({ user: services.user, saveArchive: (archive) => saveBlob(archive.blob, archive.fileName) }),
    [services],
  );
  const deletionLogic = useMemo(
    () =>
      provideAccountDeletion({
        user: services.user,
        notify: ({ title, toastType }) => toasts.send({ type: 'toast.add', title, toastType }),
        signOut: () => session.send({ type: 'session.signOut' }),
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
