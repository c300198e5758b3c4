import { useActorRef, useSelector } from '@xstate/react';
import { css } from 'styled-system/css';
import type { dataExportMachine } from '../../machines/your-data/data-export.machine';
import { selectExportError, selectExportState, selectSavedBytes } from '../../machines/your-data/your-data.selectors';
import { formatFileSize } from '../../schemas/media.schema';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { useInspection } from '../inspection';

export const CSV_EXPORT_TEXT = {
  title: 'Export as CSV',
  text: 'Every artwork in the same columns, to open in a spreadsheet or to import elsewhere.',
  download: 'Download CSV',
  downloading: 'Downloading...',
  saved: (bytes: number | null) => `artworks.csv was downloaded (${formatFileSize(bytes)}).`,
  retry: 'Try again',
} as const;

/** The inventory out, in the import's columns: the download chart of "Download my data", saving artworks.csv. */
export function CsvExport({ logic }: { logic: typeof dataExportMachine }) {
  const actor = useActorRef(logic, useInspection());
  const state = useSelector(actor, selectExportState);
  const savedBytes = useSelector(actor, selectSavedBytes);
  const error = useSelector(actor, selectExportError);
  return (
    <section aria-labelledby="csv-export-title" className={css({ display: 'flex', flexDirection: 'column', gap: '3' })} data-state={state}>
      <h2 id="csv-export-title" className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>
        {CSV_EXPORT_TEXT.title}
      </h2>
      <p className={css({ color: 'fg.muted' })}>{CSV_EXPORT_TEXT.text}</p>
      {state === 'saved' ? <Alert status="success">{CSV_EXPORT_TEXT.saved(savedBytes)}</Alert> : null}
      {state === 'failed' ? <Alert status="danger">{error}</Alert> : null}
      <div>
        <Button variant="outline" disabled={state === 'downloading'} onClick={() => actor.send({ type: 'export.start' })}>
          {state === 'downloading' ? CSV_EXPORT_TEXT.downloading : state === 'failed' ? CSV_EXPORT_TEXT.retry : CSV_EXPORT_TEXT.download}
        </Button>
      </div>
    </section>
  );
}
