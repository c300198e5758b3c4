import { useMemo } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { css } from 'styled-system/css';
import { provideDataExport } from '../../machines/your-data/your-data.provide';
import { selectExportError, selectExportState } from '../../machines/your-data/your-data.selectors';
import type { PaperworkService } from '../../services/paperwork.service';
import { saveBlob } from '../../services/save-file';
import { Button } from '../ui/button';
import { useInspection } from '../inspection';

type DownloadProps = Parameters<typeof Download>[0];

/**
 * A button that downloads one piece of paperwork (a PDF or CSV) and saves it: the download chart of "Download my
 * data", saying "Downloading..." while it comes and why when it fails (pressing it again tries again).
 */
function Download({
  paperwork,
  path,
  fileName,
  label,
  disabled = false,
}: {
  paperwork: Pick<PaperworkService, 'download'>;
  path: string;
  fileName: string;
  label: string;
  disabled?: boolean;
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
      <Button
        size="sm"
        variant="outline"
        disabled={disabled || state === 'downloading'}
        onClick={() => actor.send({ type: 'export.start' })}
      >
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

/** One chart per address: a new path (other works chosen for labels) is a new download, not the last one's state. */
export function PaperworkDownload(props: DownloadProps) {
  return <Download key={props.path} {...props} />;
}
