import type { Http } from './http';
import { MESSAGES } from '../schemas/messages';
import { securityResultSchema, userSchema, type ProfileUpdate, type SecurityUpdate, type User } from '../schemas/user.schema';
import { call } from './api-error';
import { uploadFile, type Progress } from './upload.service';

/** The signed-in user's profile, credentials and avatar. */
export function createUserService(http: Http) {
  return {
    getUser: (): Promise<User> => call(MESSAGES.getUserFailed, async () => userSchema.parse((await http.get('/user')).data)),
    saveProfile: (input: ProfileUpdate): Promise<User> =>
      call('Failed to save profile', async () => userSchema.parse((await http.post('/user', input)).data)),
    changeSecurity: (input: SecurityUpdate) =>
      call('Failed to change email and password', async () => securityResultSchema.parse((await http.post('/user/security', input)).data)),
    uploadAvatar: (file: File, onProgress?: Progress): Promise<User> =>
      call('Failed to upload the avatar', async () => userSchema.parse(await uploadFile(http, '/user/avatar', file, onProgress))),
    /** The avatar as an object URL for an <img>; the caller revokes it. */
    getAvatarUrl: (): Promise<string> =>
      call('Failed to load the avatar', async () => URL.createObjectURL((await http.get('/user/avatar', { responseType: 'blob' })).data)),
  };
}

export type UserService = ReturnType<typeof createUserService>;
