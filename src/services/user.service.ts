import type { Http } from './http';
import type { AvatarCrop, DeleteAccount, ProfileUpdate, SecurityUpdate } from '../schemas/user.schema';
import { securityResultSchema, userSchema, type User } from '../schemas/user-answer.schema';
import { call } from './api-error';
import type { DataArchive, DownloadProgress } from './download-file';
import type { Progress } from './upload.service';

export type { DataArchive, DownloadProgress };

/**
 * The signed-in user's profile, credentials and avatar. The session reads the user with it before the sign-in screen
 * is usable, so the upload and the download it rarely needs are loaded when first used, not with that first script.
 */
export function createUserService(http: Http) {
  return {
    getUser: (): Promise<User> => call(async () => userSchema.parse((await http.get('/user')).data)),
    saveProfile: (input: ProfileUpdate): Promise<User> => call(async () => userSchema.parse((await http.post('/user', input)).data)),
    changeSecurity: (input: SecurityUpdate) =>
      call(async () => securityResultSchema.parse((await http.post('/user/security', input)).data)),
    /** A new avatar, and the square of it to show (none: the server chooses). */
    uploadAvatar: (file: File, onProgress?: Progress, crop?: AvatarCrop | null): Promise<User> =>
      call(async () => {
        const { uploadFile } = await import('./upload.service');
        return userSchema.parse(await uploadFile(http, '/user/avatar', file, onProgress, undefined, crop ? { crop } : {}));
      }),
    /** The avatar as an object URL for an <img>; the caller revokes it. */
    getAvatarUrl: (): Promise<string> =>
      call(async () => URL.createObjectURL((await http.get('/user/avatar', { responseType: 'blob' })).data)),
    /** Everything of the artist as one ZIP, with progress as it arrives; aborting the signal stops the download. */
    downloadArchive: async (onProgress: (p: DownloadProgress) => void, signal?: AbortSignal): Promise<DataArchive> => {
      const { downloadFile } = await import('./download-file');
      return downloadFile(http, '/user/export', 'artist-studio.zip', onProgress, signal);
    },
    deleteAccount: (input: DeleteAccount): Promise<void> =>
      call(async () => {
        await http.delete('/user', { data: input });
      }),
  };
}

export type UserService = ReturnType<typeof createUserService>;
