import type { Http } from './http';
import {
  securityResultSchema,
  userSchema,
  type AvatarCrop,
  type DeleteAccount,
  type ProfileUpdate,
  type SecurityUpdate,
  type User,
} from '../schemas/user.schema';
import { call } from './api-error';
import { downloadFile, type DataArchive, type DownloadProgress } from './download-file';
import { uploadFile, type Progress } from './upload.service';

export type { DataArchive, DownloadProgress };

/** The signed-in user's profile, credentials and avatar. */
export function createUserService(http: Http) {
  return {
    getUser: (): Promise<User> => call(async () => userSchema.parse((await http.get('/user')).data)),
    saveProfile: (input: ProfileUpdate): Promise<User> => call(async () => userSchema.parse((await http.post('/user', input)).data)),
    changeSecurity: (input: SecurityUpdate) =>
      call(async () => securityResultSchema.parse((await http.post('/user/security', input)).data)),
    /** A new avatar, and the square of it to show (none: the server chooses). */
    uploadAvatar: (file: File, onProgress?: Progress, crop?: AvatarCrop | null): Promise<User> =>
      call(async () => userSchema.parse(await uploadFile(http, '/user/avatar', file, onProgress, undefined, crop ? { crop } : {}))),
    /** The avatar as an object URL for an <img>; the caller revokes it. */
    getAvatarUrl: (): Promise<string> =>
      call(async () => URL.createObjectURL((await http.get('/user/avatar', { responseType: 'blob' })).data)),
    /** Everything of the artist as one ZIP, with progress as it arrives; aborting the signal stops the download. */
    downloadArchive: (onProgress: (p: DownloadProgress) => void, signal?: AbortSignal): Promise<DataArchive> =>
      downloadFile(http, '/user/export', 'artist-studio.zip', onProgress, signal),
    deleteAccount: (input: DeleteAccount): Promise<void> =>
      call(async () => {
        await http.delete('/user', { data: input });
      }),
  };
}

export type UserService = ReturnType<typeof createUserService>;
