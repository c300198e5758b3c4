import type { Http } from './http';
import {
  publicationSchema,
  publishPreviewSchema,
  publishResultSchema,
  type Publication,
  type PublishPreview,
  type PublishResult,
} from '../schemas/publish.schema';
import { call } from './api-error';

/** The Home page's Publish button: publishes the public portfolio and answers its address; reads the last one. */
export const createPublishService = (http: Http) => ({
  last: (): Promise<Publication> => call(async () => publicationSchema.parse((await http.get('/publish')).data)),
  /** What publishing now would change (a dry run: nothing is written). */
  preview: (): Promise<PublishPreview> => call(async () => publishPreviewSchema.parse((await http.get('/publish/preview')).data)),
  /** With `slug`, at that address (the previous one then leads to it); without, where it is (or a new random one). */
  publish: (slug?: string): Promise<PublishResult> =>
    call(async () => publishResultSchema.parse((await http.post('/publish', slug ? { slug } : undefined)).data)),
});

export type PublishService = ReturnType<typeof createPublishService>;
