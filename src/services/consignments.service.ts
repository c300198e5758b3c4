import type { Http } from './http';
import { call } from './api-error';
import { piecesChanged } from './inventory.service';
import type { QueryCache } from './query-cache';
import {
  consignmentListSchema,
  consignmentSchema,
  type Consignment,
  type ConsignmentInput,
  type ConsignmentReturnInput,
} from '../schemas/consignment.schema';

/** Works at galleries: every consignment, a new one, and works coming back. */
export const createConsignmentsService = (http: Http, cache?: QueryCache) => ({
  list: (): Promise<Consignment[]> => call(async () => consignmentListSchema.parse((await http.get('/consignment')).data).items),
  create: (input: ConsignmentInput): Promise<Consignment> =>
    call(async () => {
      const made = consignmentSchema.parse((await http.post('/consignment', input)).data);
      piecesChanged(cache);
      return made;
    }),
  returnWorks: (consignmentId: string, input: ConsignmentReturnInput): Promise<Consignment> =>
    call(async () => {
      const after = consignmentSchema.parse((await http.post(`/consignment/${consignmentId}/return`, input)).data);
      piecesChanged(cache);
      return after;
    }),
});

export type ConsignmentsService = ReturnType<typeof createConsignmentsService>;
