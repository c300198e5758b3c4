import { useMemo } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { css } from 'styled-system/css';
import { provideDataExport } from '../../machines/your-data/your-data.provide';
import { selectExportError, selectExportState } from '../../machines/your-data/your-data.selectors';
import type { PaperworkService } from '../../services/paperwork.service';
import { saveBlob } from '../../services/save-file';
import { Button } from '../ui/button';
import { useInspection } from '../inspection';

/**
 * A button that downloads one piece of paperwork (a PDF or CSV) and saves it: the download chart of "Download my
 * data", saying "Downloading..." while it comes and why when it fails (pressing it again tries again).
 */
export function PaperworkDownload({
  paperwork,
  path,
  fileName,
  label,
}: {
  paperwork: Pick<PaperworkService, 'download'>;
  path: string;
  fileName: string;
  label: string;
}) {
  const logic = useMemo(
    () =>
      provideDataExport({
        user: { downloadArchive: (onProgress, signal) => paperwork.download(path, fileName, onProgress, signal) },
        saveArchive: (file) => saveBlob(file.blob, file.fileName),
      }),
    [paperwork, path, fileName],
  );
  const actor = useActorRef(logic, useInspection());
  const state = useSelector(actor, selectExportState);
  const error = useSelector(actor, selectExportError);
  return (
    <span className={css({ display: 'inline-flex', flexDirection: 'column', gap: '1' })}>
      <Button size="sm" variant="outline" disabled={state === 'downloading'} onClick={() => actor.send({ type: 'export.start' })}>
        {state === 'downloading' ? 'Downloading...' : label}
      </Button>
      {state === 'failed' ? (
        <span role="alert" className={css({ color: 'danger', fontSize: 'sm' })}>
          {error}
        </span>
      ) : null}
    </span>
  );
}
