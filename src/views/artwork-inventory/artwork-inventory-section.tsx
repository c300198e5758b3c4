import { useMemo } from 'react';
import { provideArtworkInventory } from '../../machines/artwork-inventory/artwork-inventory.provide';
import { createConsignmentsService } from '../../services/consignments.service';
import { createContactsService } from '../../services/contacts.service';
import { createInventoryService } from '../../services/inventory.service';
import { createPaperworkService } from '../../services/paperwork.service';
import { useApp } from '../app-context';
import { ArtworkInventoryPanel } from './ArtworkInventoryPanel';

/** The artwork editor's Inventory tab, wired to the app's services. */
export default function ArtworkInventorySection({ artworkId }: { artworkId: string }) {
  const { http, cache, toasts } = useApp();
  const paperwork = useMemo(() => createPaperworkService(http), [http]);
  const logic = useMemo(
    () =>
      provideArtworkInventory({
        inventory: createInventoryService(http, cache),
        contacts: createContactsService(http),
        consignments: createConsignmentsService(http, cache),
        notify: ({ title, toastType }) => toasts.send({ type: 'toast.add', title, toastType }),
      }),
    [http, cache, toasts],
  );
  return <ArtworkInventoryPanel logic={logic} artworkId={artworkId} paperwork={paperwork} />;
}
