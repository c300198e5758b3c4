import { MAX_POST_FILES, SOCIAL_MESSAGES } from '../../src/schemas/social.schema';
import { Conflict, Invalid, NotFound } from '../errors';

export const postNotFound = () => new NotFound('Post not found.');
export const postPublished = () => new Conflict('A published post cannot be edited.', { code: 'POST_PUBLISHED' });
/** More files than the post's networks take (maxPostFiles: four for Bluesky alone, else ten). */
export const tooManyFiles = (max = MAX_POST_FILES) =>
  new Invalid(SOCIAL_MESSAGES.maxFiles(max), {
    code: 'TOO_MANY_FILES',
    fieldErrors: { mediaIds: [SOCIAL_MESSAGES.maxFiles(max)] },
  });
