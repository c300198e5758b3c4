import { fromPromise } from 'xstate';
import type { ConsignmentReturnInput } from '../../schemas/consignment.schema';
import { plural } from '../../schemas/plural';
import type { ConsignmentsService } from '../../services/consignments.service';
import type { Notice } from '../toasts/notice';
import { consignmentsMachine } from './consignments.machine';

export interface ConsignmentsDeps {
  consignments: Pick<ConsignmentsService, 'list' | 'returnWorks'>;
  notify: (notice: Notice) => void;
}

/** The consignments screen, read and returned through the consignments service; the outcome of a return is a toast. */
export const provideConsignments = ({ consignments, notify }: ConsignmentsDeps) =>
  consignmentsMachine.provide({
    actors: {
      loadConsignments: fromPromise(() => consignments.list()),
      returnWorks: fromPromise(({ input }: { input: { consignmentId: string; input: ConsignmentReturnInput } }) =>
        consignments.returnWorks(input.consignmentId, input.input),
      ),
    },
    actions: {
      notifyReturned: (_, count) => notify({ title: `${plural(count, 'work', 'works')} returned to the studio`, toastType: 'success' }),
      notifyReturnFailed: (_, message) => notify({ title: message, toastType: 'error' }),
    },
  });
