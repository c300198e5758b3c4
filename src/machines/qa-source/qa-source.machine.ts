import { assign, fromPromise, setup } from 'xstate';
import { errorOf, failureMessage } from '../shared/failure';

interface QaSourceContext {
  /** The test file, from the project's root (`test/model/session.model.test.tsx`). */
  file: string;
  text: string | null;
  error: string | null;
}

/** The QA studio's source view (/qa/source?file=…&line=…): a test file a recorded test path links to. */
export const qaSourceMachine = setup({
  types: { context: {} as QaSourceContext, input: {} as { file: string }, events: {} as { type: 'source.retry' } },
  actors: {
    loadSource: fromPromise<string, { file: string }>(async () => {
      throw new Error('loadSource is provided by provideQaSource');
    }),
  },
}).createMachine({
  id: 'qaSource',
  context: ({ input }) => ({ file: input.file, text: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      description: 'Reads the test file from the server.',
      invoke: {
        id: 'loadSource',
        src: 'loadSource',
        input: ({ context }) => ({ file: context.file }),
        onDone: { target: 'ready', actions: assign({ text: ({ event }) => event.output, error: null }) },
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => failureMessage(errorOf(event), 'The test file could not be read') }),
        },
      },
    },
    ready: { description: 'The file, numbered, with the line the link named marked and scrolled to.' },
    failed: {
      description: 'Not a test file of the project, or the server could not read it; Retry reads it again.',
      on: { 'source.retry': 'loading' },
    },
  },
});
