import { fromPromise } from 'xstate';
import { qaSourceMachine } from './qa-source.machine';

export interface QaSourceDeps {
  loadSource: (file: string) => Promise<string>;
}

export const provideQaSource = (deps: QaSourceDeps) =>
  qaSourceMachine.provide({
    actors: { loadSource: fromPromise(({ input }: { input: { file: string } }) => deps.loadSource(input.file)) },
  });
