import { fromCallback, fromPromise, type AnyEventObject, type CallbackActorLogic, type EventObject, type PromiseActorLogic } from 'xstate';

/**
 * A `fromPromise` actor whose every invocation waits until the test settles it.
 * `resolve`/`reject` settle the latest invocation still pending; invocations the machine
 * stopped (it left the invoking state) are dropped from the queue.
 */
export interface ControlledPromise<TOutput, TInput> {
  readonly logic: PromiseActorLogic<TOutput, TInput>;
  /** The input of every invocation so far, oldest first. */
  readonly calls: TInput[];
  /** True while some invocation waits to be settled. */
  readonly pending: boolean;
  readonly pendingCount: number;
  /**
   * Settles the latest pending invocation. The promise it returns fulfils once the actor has
   * seen the result, so `await act(() => save.resolve(user))` leaves the machine in its next state.
   * Throws when nothing is pending.
   */
  resolve(output: TOutput): Promise<void>;
  reject(error: unknown): Promise<void>;
}

const remove = <T>(list: T[], item: T) => {
  const index = list.indexOf(item);
  if (index >= 0) list.splice(index, 1);
};

interface Invocation<TOutput> {
  promise: Promise<TOutput>;
  resolve: (output: TOutput) => void;
  reject: (error: unknown) => void;
}

export function controlledPromise<TOutput, TInput = unknown>(name = 'controlledPromise'): ControlledPromise<TOutput, TInput> {
  const calls: TInput[] = [];
  const queue: Invocation<TOutput>[] = [];

  const logic = fromPromise<TOutput, TInput>(({ input, signal }) => {
    calls.push(input);
    const invocation = {} as Invocation<TOutput>;
    invocation.promise = new Promise<TOutput>((resolve, reject) => Object.assign(invocation, { resolve, reject }));
    queue.push(invocation);
    signal.addEventListener('abort', () => remove(queue, invocation), { once: true });
    return invocation.promise;
  });

  const take = (verb: string) => {
    const invocation = queue.pop();
    if (!invocation) throw new Error(`${name}.${verb}(): no invocation is pending (${calls.length} call(s) so far)`);
    return invocation;
  };
  // XState subscribed to the promise when the actor started, so a handler added now runs after it.
  const seen = (invocation: Invocation<TOutput>) =>
    invocation.promise.then(
      () => undefined,
      () => undefined,
    );

  return {
    logic,
    calls,
    get pending() {
      return queue.length > 0;
    },
    get pendingCount() {
      return queue.length;
    },
    resolve(output) {
      const invocation = take('resolve');
      invocation.resolve(output);
      return seen(invocation);
    },
    reject(error) {
      const invocation = take('reject');
      invocation.reject(error);
      return seen(invocation);
    },
  };
}

/**
 * A `fromCallback` actor the test drives: `send` delivers an event to the parent machine from the
 * latest running invocation; `received` lists what the machine sent to it (`sendTo`).
 */
export interface ControlledCallback<TSent extends EventObject, TInput> {
  readonly logic: CallbackActorLogic<TSent, TInput>;
  readonly calls: TInput[];
  readonly received: TSent[];
  /** True while some invocation runs (the machine has not stopped it). */
  readonly running: boolean;
  send(event: AnyEventObject): void;
}

export function controlledCallback<TSent extends EventObject = AnyEventObject, TInput = unknown>(
  name = 'controlledCallback',
): ControlledCallback<TSent, TInput> {
  const calls: TInput[] = [];
  const received: TSent[] = [];
  const running: Array<(event: AnyEventObject) => void> = [];

  const logic = fromCallback<TSent, TInput>(({ input, sendBack, receive }) => {
    calls.push(input);
    const send = (event: AnyEventObject) => sendBack(event);
    running.push(send);
    receive((event) => received.push(event));
    return () => remove(running, send);
  });

  return {
    logic,
    calls,
    received,
    get running() {
      return running.length > 0;
    },
    send(event) {
      const latest = running.at(-1);
      if (!latest) throw new Error(`${name}.send(${event.type}): no invocation is running`);
      latest(event);
    },
  };
}
