import { fromPromise } from 'xstate';
import type { ArtworkImportService } from '../../services/artwork-import.service';
import { artworkImportMachine } from './artwork-import.machine';

/** The import chart with the service's dry run and import. */
export const provideArtworkImport = (service: ArtworkImportService) =>
  artworkImportMachine.provide({
    actors: {
      checkImport: fromPromise(({ input, signal }) => service.check(input.file, signal)),
      runImport: fromPromise(({ input, signal }) => service.run(input.file, signal)),
    },
  });
