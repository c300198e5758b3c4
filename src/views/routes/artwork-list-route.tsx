import { useMemo } from 'react';
import { createArtworksService } from '../../services/artworks.service';
import { readListSettings, writeListSettings } from '../../services/list-settings';
import { useApp } from '../app-context';
import { ArtworkListPage } from '../portfolio/list/ArtworkListPage';
import { artworkListLogic } from '../portfolio/list/artwork-list-logic';

const SETTINGS = 'artworks';

export default function ArtworkListRoute() {
  const { http, cache } = useApp();
  const logic = useMemo(() => {
    const artworks = createArtworksService(http, cache);
    return artworkListLogic({ list: artworks.list, saveSettings: (settings) => writeListSettings(SETTINGS, settings) });
  }, [http, cache]);
  const settings = useMemo(() => readListSettings(SETTINGS), []);
  return <ArtworkListPage logic={logic} settings={settings} />;
}
