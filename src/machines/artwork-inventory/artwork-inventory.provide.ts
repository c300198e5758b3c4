import { fromPromise } from 'xstate';
import type { ContactsService } from '../../services/contacts.service';
import type { ConsignmentsService } from '../../services/consignments.service';
import type { InventoryService } from '../../services/inventory.service';
import type { Notice } from '../toasts/notice';
import { artworkInventoryMachine } from './artwork-inventory.machine';
import type { ActionRequest } from './life-actions';
import type { ConsignmentInput, ConsignmentReturnInput } from '../../schemas/consignment.schema';

export interface ArtworkInventoryDeps {
  inventory: InventoryService;
  contacts: Pick<ContactsService, 'list'>;
  consignments: Pick<ConsignmentsService, 'create' | 'returnWorks'>;
  notify: (notice: Notice) => void;
}

/** Sends one dialog's request through the service it belongs to. */
async function send({ inventory, consignments }: ArtworkInventoryDeps, artworkId: string, r: ActionRequest): Promise<void> {
  switch (r.kind) {
    case 'change':
      await inventory.change(artworkId, r.change, r.body);
      return;
    case 'sell':
      await inventory.sell(artworkId, r.body);
      return;
    case 'returnSale':
      await inventory.returnSale(r.saleId, r.body);
      return;
    case 'consign':
      await consignments.create(r.body as ConsignmentInput);
      return;
    case 'returnConsigned':
      await consignments.returnWorks(r.consignmentId, r.body as ConsignmentReturnInput);
  }
}

/** The artwork page's Inventory with the inventory, contacts and consignments services. */
export const provideArtworkInventory = (deps: ArtworkInventoryDeps) =>
  artworkInventoryMachine.provide({
    actors: {
      load: fromPromise(async ({ input }) => {
        const [inventory, history, contacts] = await Promise.all([
          deps.inventory.inventory(input.artworkId),
          deps.inventory.history(input.artworkId),
          deps.contacts.list(),
        ]);
        return { inventory, history, contacts };
      }),
      moreHistory: fromPromise(({ input }) => deps.inventory.history(input.artworkId, input.cursor)),
      act: fromPromise(async ({ input }) => {
        await send(deps, input.artworkId, input.request);
        const [inventory, history] = await Promise.all([
          deps.inventory.inventory(input.artworkId),
          deps.inventory.history(input.artworkId),
        ]);
        return { inventory, history };
      }),
    },
    actions: { notify: (_, notice) => deps.notify(notice) },
  });
