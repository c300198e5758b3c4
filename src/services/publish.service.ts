import type { Http } from './http';
import { publicationSchema, publishResultSchema, type Publication, type PublishResult } from '../schemas/publish.schema';
import { call } from './api-error';

/** The Home page's Publish button: publishes the public portfolio and answers its address; reads the last one. */
export const createPublishService = (http: Http) => ({
  last: (): Promise<Publication> => call(async () => publicationSchema.parse((await http.get('/publish')).data)),
  publish: (): Promise<PublishResult> => call(async () => publishResultSchema.parse((await http.post('/publish')).data)),
});

export type PublishService = ReturnType<typeof createPublishService>;
