import { useMemo } from 'react';
import { provideArtworkImport } from '../../machines/artwork-import/artwork-import.provide';
import { createArtworkImportService } from '../../services/artwork-import.service';
import { useApp } from '../app-context';
import { ArtworkImportPage } from './ArtworkImportPage';

/** /portfolio/import: moving an inventory in from CSV. */
export default function ArtworkImportRoute() {
  const { http, cache } = useApp();
  const logic = useMemo(() => provideArtworkImport(createArtworkImportService(http, cache)), [http, cache]);
  return <ArtworkImportPage logic={logic} />;
}
