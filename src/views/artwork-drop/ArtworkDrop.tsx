import { Portal } from '@ark-ui/react/portal';
import type { DragEvent } from 'react';
import { shallowEqual, useSelector } from '@xstate/react';
import { css } from 'styled-system/css';
import type { ArtworkDropRef, DropGrouping, DropJob } from '../../machines/artwork-drop/artwork-drop.machine';
import {
  selectChoice,
  selectDoneCount,
  selectDropState,
  selectJobs,
  selectRejected,
} from '../../machines/artwork-drop/artwork-drop.selectors';
import { TYPES_FOR_KIND } from '../../schemas/artwork-file.schema';
import { mediaTypeLabel, type MediaType } from '../../schemas/media-type.schema';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { FileUpload } from '../ui/file-upload';
import { ProgressBar } from '../ui/progress';
import { SelectField } from '../ui/select-field';
import { UploadIcon } from '../artwork-media/media-icons';

export const DROP_TEXT = {
  zone: 'Drop images, video or audio here to start artworks from them',
  zoneLabel: 'Start artworks from files',
  choose: 'Choose files',
  title: (n: number) => (n === 1 ? 'Start an artwork from 1 file' : `Start artworks from ${n} files`),
  how: 'Titles come from the file names. Pixel sizes and lengths are read from the files.',
  each: 'One artwork per file',
  one: 'One artwork with all of them',
  kind: 'Pictures are of',
  start: (n: number) => (n === 1 ? 'Create artwork' : 'Create artworks'),
  progress: (done: number, n: number) => `${done} of ${n} files added`,
  waiting: 'Waiting',
  waitingForFirst: 'Waits for the first file',
  added: 'Added',
  retry: 'Try again',
  close: 'Close',
  dismiss: 'Dismiss',
} as const;

const IMAGE_TYPES = TYPES_FOR_KIND.image.map((t) => ({ value: t, label: mediaTypeLabel(t) }));

/** The drop zone's bar: drop anywhere on My Artworks, or choose files. */
export function DropZone({ drop }: { drop: ArtworkDropRef }) {
  const state = useSelector(drop, selectDropState);
  const rejected = useSelector(drop, selectRejected);
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
      {/* Ark keeps no list and checks nothing: one choice is one event, and the chart says why a file is refused. */}
      <FileUpload.Root
        maxFiles={1000}
        acceptedFiles={[]}
        disabled={state !== 'idle'}
        onFileAccept={(d) => d.files.length && drop.send({ type: 'drop.files', files: d.files })}
      >
        <FileUpload.Dropzone
          label={DROP_TEXT.zoneLabel}
          className={css({ flexDirection: { base: 'column', sm: 'row' }, p: '3', gap: '2', fontSize: 'sm' })}
        >
          <UploadIcon />
          <span>{DROP_TEXT.zone}</span>
          <FileUpload.Trigger>{DROP_TEXT.choose}</FileUpload.Trigger>
        </FileUpload.Dropzone>
        <FileUpload.HiddenInput data-testid="drop-file-input" />
      </FileUpload.Root>
      {rejected.length ? (
        <Alert status="danger" className={css({ display: 'flex', alignItems: 'flex-start', gap: '3' })}>
          <ul className={css({ flex: '1', listStyle: 'none' })}>
            {rejected.map((r) => (
              <li key={r.id}>
                <span className={css({ fontWeight: 'semibold' })}>{r.fileName}</span>: <span>{r.message}</span>
              </li>
            ))}
          </ul>
          <Button size="sm" variant="outline" onClick={() => drop.send({ type: 'drop.dismiss' })}>
            {DROP_TEXT.dismiss}
          </Button>
        </Alert>
      ) : null}
    </div>
  );
}

/** One artwork per file or one with all, and what the pictures are: nothing is sent before Create. */
export function DropChoice({ drop }: { drop: ArtworkDropRef }) {
  const state = useSelector(drop, selectDropState);
  const { grouping, imageType, jobs } = useSelector(drop, selectChoice, shallowEqual);
  const n = jobs.length;
  const pictures = jobs.some((j) => j.kind === 'image');
  return (
    <Dialog.Root
      open={state === 'choosing'}
      lazyMount
      unmountOnExit
      onOpenChange={(d) => {
        if (!d.open) drop.send({ type: 'drop.cancel' });
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Title>{DROP_TEXT.title(n)}</Dialog.Title>
            <Dialog.Description>{DROP_TEXT.how}</Dialog.Description>
            <ul className={css({ fontSize: 'sm', color: 'fg.muted', maxH: '24', overflowY: 'auto', listStyle: 'none' })}>
              {jobs.map((j) => (
                <li key={j.id} className={css({ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' })}>
                  {j.file.name}
                </li>
              ))}
            </ul>
            {n > 1 ? (
              <fieldset className={css({ display: 'flex', flexDirection: 'column', gap: '1.5' })}>
                <legend className={css({ fontWeight: 'medium', fontSize: 'sm', mb: '1' })}>Make</legend>
                {(['each', 'one'] as DropGrouping[]).map((g) => (
                  <label key={g} className={css({ display: 'flex', alignItems: 'center', gap: '2', cursor: 'pointer' })}>
                    <input
                      type="radio"
                      name="drop-grouping"
                      value={g}
                      checked={grouping === g}
                      onChange={() => drop.send({ type: 'drop.grouping', grouping: g })}
                    />
                    {g === 'each' ? DROP_TEXT.each : DROP_TEXT.one}
                  </label>
                ))}
              </fieldset>
            ) : null}
            {pictures ? (
              <SelectField<MediaType>
                label={DROP_TEXT.kind}
                name="drop-image-type"
                value={imageType}
                options={IMAGE_TYPES}
                onValueChange={(mediaType) => drop.send({ type: 'drop.imageType', mediaType })}
              />
            ) : null}
            <div className={css({ display: 'flex', gap: '3', justifyContent: 'flex-end', flexWrap: 'wrap' })}>
              <Button variant="outline" onClick={() => drop.send({ type: 'drop.cancel' })}>
                Cancel
              </Button>
              <Button onClick={() => drop.send({ type: 'drop.start' })}>{DROP_TEXT.start(grouping === 'one' ? 1 : n)}</Button>
            </div>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

const row = css({
  display: 'grid',
  gridTemplateColumns: { base: 'minmax(0, 1fr) auto', sm: 'minmax(0, 14rem) minmax(0, 1fr) auto' },
  alignItems: 'center',
  gap: '2',
  py: '1.5',
  borderBottomWidth: '1px',
  borderColor: 'border',
  _last: { borderBottomWidth: '0' },
});
const name = css({ fontSize: 'sm', fontWeight: 'medium', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });

function JobRow({ job, first, onRetry, waitsForFirst }: { job: DropJob; first: boolean; onRetry: () => void; waitsForFirst: boolean }) {
  return (
    <li className={row} aria-label={job.file.name} data-state={job.status} data-first={first || undefined}>
      <span className={name} title={job.file.name}>
        {job.file.name}
      </span>
      <span className={css({ gridColumn: { base: '1 / -1', sm: 'auto' }, gridRow: { base: '2', sm: 'auto' }, fontSize: 'sm' })}>
        {job.status === 'uploading' ? <ProgressBar label={`Uploading ${job.file.name}`} fraction={job.progress} /> : null}
        {job.status === 'waiting' ? (
          <span className={css({ color: 'fg.muted' })}>{waitsForFirst ? DROP_TEXT.waitingForFirst : DROP_TEXT.waiting}</span>
        ) : null}
        {job.status === 'done' ? <span className={css({ color: 'success' })}>{DROP_TEXT.added}</span> : null}
        {job.status === 'failed' ? (
          <span role="alert" className={css({ color: 'danger' })}>
            {job.error}
          </span>
        ) : null}
      </span>
      {job.status === 'failed' ? (
        <Button size="sm" variant="outline" aria-label={`Try ${job.file.name} again`} onClick={onRetry}>
          {DROP_TEXT.retry}
        </Button>
      ) : (
        <span />
      )}
    </li>
  );
}

/** The files going up, each with its progress; failed ones say why and can be tried again. */
export function DropProgress({ drop }: { drop: ArtworkDropRef }) {
  const state = useSelector(drop, selectDropState);
  const jobs = useSelector(drop, selectJobs);
  const done = useSelector(drop, selectDoneCount);
  const { grouping } = useSelector(drop, selectChoice, shallowEqual);
  if (state !== 'uploading' && state !== 'finished') return null;
  const firstFailed = grouping === 'one' && jobs[0]?.status === 'failed';
  return (
    <section
      aria-labelledby="drop-progress-title"
      className={css({ borderWidth: '1px', borderColor: 'border', borderRadius: 'lg', bg: 'bg.surface', p: '3' })}
      data-state={state}
    >
      <div className={css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '3' })}>
        <h2 id="drop-progress-title" className={css({ fontWeight: 'semibold' })} aria-live="polite">
          {DROP_TEXT.progress(done, jobs.length)}
        </h2>
        {state === 'finished' ? (
          <Button size="sm" variant="outline" onClick={() => drop.send({ type: 'drop.close' })}>
            {DROP_TEXT.close}
          </Button>
        ) : null}
      </div>
      <ul aria-label="Files" className={css({ listStyle: 'none', maxH: '72', overflowY: 'auto' })}>
        {jobs.map((job, i) => (
          <JobRow
            key={job.id}
            job={job}
            first={i === 0}
            waitsForFirst={firstFailed && i > 0}
            onRetry={() => drop.send({ type: 'drop.retry', id: job.id })}
          />
        ))}
      </ul>
    </section>
  );
}

/** Files dragged anywhere over the page go to the drop chart (the bar is the visible target and the keyboard's). */
export const dropAnywhere = (drop: ArtworkDropRef) => ({
  onDragOver: (e: DragEvent) => {
    if (e.dataTransfer.types.includes('Files')) e.preventDefault();
  },
  onDrop: (e: DragEvent) => {
    // A drop on the bar itself was already taken by it.
    if (e.defaultPrevented || !e.dataTransfer.files.length) return;
    e.preventDefault();
    drop.send({ type: 'drop.files', files: [...e.dataTransfer.files] });
  },
});
