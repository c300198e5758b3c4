import { fromPromise } from 'xstate';
import type { createPublishService } from '../../services/publish.service';
import { publishMachine } from './publish.machine';

export interface PublishDeps {
  publisher: Pick<ReturnType<typeof createPublishService>, 'last' | 'preview' | 'publish'>;
  /** Where the publish log's lines go (the console in the app). */
  log: (line: string) => void;
}

/** The Publish button with the publish service's calls. */
export const providePublish = ({ publisher, log }: PublishDeps) =>
  publishMachine.provide({
    actors: {
      lastPublication: fromPromise(() => publisher.last()),
      previewPublish: fromPromise(() => publisher.preview()),
      publish: fromPromise(({ input }: { input: { slug?: string } }) => publisher.publish(input.slug)),
    },
    actions: { log: (_, line) => log(line) },
  });
