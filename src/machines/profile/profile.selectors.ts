import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { avatarCropMachine } from './avatar-crop.machine';
import type { profileMachine } from './profile.machine';

type ProfileSnapshot = SnapshotFrom<typeof profileMachine>;

/** Which view of the Profile page is shown: reading it, could not, the profile, or one of its two forms. */
export const selectView = (s: ProfileSnapshot) =>
  s.matches('loading')
    ? 'loading'
    : s.matches('loadFailed')
      ? 'loadFailed'
      : s.matches({ ready: { view: 'edit' } })
        ? 'edit'
        : s.matches({ ready: { view: 'passwordProtected' } })
          ? 'passwordProtected'
          : 'default';
export const selectError = (s: ProfileSnapshot) => s.context.error;
export const selectIsBusy = (s: ProfileSnapshot) => s.hasTag('busy');
export const selectUser = (s: ProfileSnapshot) => s.context.user;
export const selectNotice = (s: ProfileSnapshot) => s.context.notice;
export const selectAvatarUrl = (s: ProfileSnapshot) => s.context.avatarUrl;
export const selectAvatarProgress = (s: ProfileSnapshot) => s.context.avatarProgress;
export const selectAvatarError = (s: ProfileSnapshot) => s.context.avatarError;
export const selectIsUploadingAvatar = (s: ProfileSnapshot) => s.matches({ ready: { avatar: 'uploading' } });
export const selectProfileForm = (s: ProfileSnapshot) => s.context.profileForm;
export const selectCredentialsForm = (s: ProfileSnapshot) => s.context.credentialsForm;
/** The crop chart while the artist frames a new avatar picture. */
export const selectAvatarCrop = (s: ProfileSnapshot) =>
  s.matches({ ready: { avatar: 'cropping' } }) ? (s.children.cropAvatar as ActorRefFrom<typeof avatarCropMachine> | undefined) : undefined;
