import type { AppDeps } from '../context';
import { MAIL_BATCH } from '../mail/outbox';
import type { Job } from './job';

/**
 * The mail the outbox recorded, sent at every round of the worker and woken by each new mail: batches go out while
 * they come back full or more mail was recorded meanwhile, so a burst is sent in one run.
 */
export function mailOutboxJob(deps: Pick<AppDeps, 'outbox'>, me: string): Job & { wake(): void } {
  let again = false;
  return {
    name: 'mail round',
    every: 'round',
    wake: () => void (again = true),
    async run() {
      do {
        again = false;
        if ((await deps.outbox.sendDue(me)) === MAIL_BATCH) again = true;
      } while (again);
    },
  };
}
