import { bigPng, measureUploadMemory, signedInUser, startServer, uploadMemoryResult, type Suite } from './support';

/** Resident memory of the server while a 20 MB avatar goes through the signed upload URL. */
export const avatarUploadSuite: Suite = {
  title: '20 MB avatar upload',
  async run() {
    const server = await startServer({ LOG_LEVEL: 'warn' });
    try {
      const { idToken } = await signedInUser(server);
      const file = await bigPng();
      const memory = await measureUploadMemory(server, idToken, '/api/user/avatar', file, 'image/png');
      return [uploadMemoryResult('Server RSS growth while a 20 MB avatar is PUT to its signed URL', file, memory)];
    } finally {
      await server.stop();
    }
  },
};
