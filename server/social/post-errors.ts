import { MAX_POST_FILES, SOCIAL_MESSAGES } from '../../src/schemas/social.schema';
import { HttpError, notFound } from '../http/errors';

export const postNotFound = () => notFound('Post not found.');
export const postPublished = () => new HttpError(409, 'A published post cannot be edited.', { code: 'POST_PUBLISHED' });
export const tooManyFiles = () =>
  new HttpError(400, SOCIAL_MESSAGES.maxFiles(MAX_POST_FILES), { code: 'TOO_MANY_FILES', fieldErrors: { mediaIds: [SOCIAL_MESSAGES.maxFiles(MAX_POST_FILES)] } });
