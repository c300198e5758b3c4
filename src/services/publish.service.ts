import type { Http } from './http';
import { publishResultSchema, type PublishResult } from '../schemas/publish.schema';
import { call } from './api-error';

/** The Home page's Publish button: publishes the public portfolio and answers its address. */
export const createPublishService = (http: Http) => ({
  publish: (): Promise<PublishResult> => call('Failed to publish the portfolio', async () => publishResultSchema.parse((await http.post('/publish')).data)),
});
