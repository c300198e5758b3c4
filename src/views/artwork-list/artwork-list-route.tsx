import { useMemo } from 'react';
import { useLocation } from 'wouter';
import { startPosition } from '../../machines/list/list.machine';
import { provideArtworkBulk } from '../../machines/artwork-bulk/artwork-bulk.provide';
import { provideArtworkDrop } from '../../machines/artwork-drop/artwork-drop.provide';
import { createCollectionsService } from '../../services/collections.service';
import { createConsignmentsService } from '../../services/consignments.service';
import { createContactsService } from '../../services/contacts.service';
import { provideList } from '../../machines/list/list.provide';
import { createPaperworkService } from '../../services/paperwork.service';
import { createArtworksService } from '../../services/artworks.service';
import { readListSettings, writeListSettings } from '../../services/list-settings';
import { useApp } from '../app-context';
import { useListAddress } from '../list/list-address';
import { ArtworkListPage, type ArtworkListLogic } from './ArtworkListPage';
import { ARTWORK_LIST_ADDRESS, artworkListInput, toArtworkQuery } from './artwork-list-config';

const SETTINGS = 'artworks';

export default function ArtworkListRoute() {
  const { http, cache, toasts } = useApp();
  const [, navigate] = useLocation();
  const settings = useMemo(() => readListSettings(SETTINGS), []);
  const start = useMemo(() => startPosition(artworkListInput(settings)), [settings]);
  const { opening, position, positionChanged } = useListAddress(ARTWORK_LIST_ADDRESS, start);
  const logic = useMemo<ArtworkListLogic>(() => {
    const artworks = createArtworksService(http, cache);
    return {
      list: provideList({
        fetchPage: (query) => artworks.list(toArtworkQuery(query)),
        saveSettings: (s) => writeListSettings(SETTINGS, s),
        positionChanged,
      }),
      bulk: provideArtworkBulk({
        artworks,
        collections: createCollectionsService(http, cache),
        contacts: createContactsService(http),
        consignments: createConsignmentsService(http, cache),
        notify: ({ title, toastType }) => toasts.send({ type: 'toast.add', title, toastType }),
      }),
      // The one artwork a drop made opens on its Media.
      drop: provideArtworkDrop({ artworks, openArtwork: (artworkId) => navigate(`/portfolio/artwork/${artworkId}?tab=media`) }),
    };
  }, [http, cache, toasts, navigate, positionChanged]);
  const paperwork = useMemo(() => createPaperworkService(http), [http]);
  return <ArtworkListPage key={opening} logic={logic} settings={settings} position={position} paperwork={paperwork} />;
}
