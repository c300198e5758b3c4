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
import { uploadFile, type Progress } from './upload.service';

/** The archive as downloaded, ready to be saved under the name the server gave it. */
export interface DataArchive {
  blob: Blob;
  fileName: string;
}

/** Bytes received so far, and the archive's length when the server said it. */
export interface DownloadProgress {
  loaded: number;
  total: number | null;
}

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
      call(async () => {
        const res = await http.get('/user/export', {
          responseType: 'blob',
          signal,
          onDownloadProgress: (e) => onProgress({ loaded: e.loaded, total: e.total ?? null }),
        });
        const named = /filename="([^"]+)"/.exec(String(res.headers['content-disposition'] ?? ''));
        return { blob: res.data as Blob, fileName: named?.[1] ?? 'artist-studio.zip' };
      }),
    deleteAccount: (input: DeleteAccount): Promise<void> =>
      call(async () => {
        await http.delete('/user', { data: input });
      }),
  };
}

export type UserService = ReturnType<typeof createUserService>;
