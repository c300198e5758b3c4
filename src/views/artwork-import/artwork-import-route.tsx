import { useMemo } from 'react';
import { provideArtworkImport } from '../../machines/artwork-import/artwork-import.provide';
import { provideDataExport } from '../../machines/your-data/your-data.provide';
import { saveBlob } from '../../services/save-file';
import { createArtworkImportService } from '../../services/artwork-import.service';
import { useApp } from '../app-context';
import { ArtworkImportPage } from './ArtworkImportPage';

/** /portfolio/import: moving an inventory in from CSV, and out. */
export default function ArtworkImportRoute() {
  const { http, cache } = useApp();
  const { logic, exportLogic } = useMemo(() => {
    const service = createArtworkImportService(http, cache);
    return {
      logic: provideArtworkImport(service),
      // The same download chart as "Download my data", saving artworks.csv.
      exportLogic: provideDataExport({
        user: { downloadArchive: service.downloadCsv },
        saveArchive: (file) => saveBlob(file.blob, file.fileName),
      }),
    };
  }, [http, cache]);
  return <ArtworkImportPage logic={logic} exportLogic={exportLogic} />;
}
