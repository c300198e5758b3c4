import { useSelector } from '@xstate/react';
import { css } from 'styled-system/css';
import type { MediaUploadRef } from '../../machines/artwork-media/media-upload.machine';
import type { MediaUploadsRef } from '../../machines/artwork-media/media-uploads.machine';
import {
  selectQueue,
  selectRejected,
  selectUploadEntries,
  selectUploadError,
  selectUploadFile,
  selectUploadProgress,
  selectUploadState,
} from '../../machines/artwork-media/artwork-media.selectors';
import { ARTWORK_MEDIA_TYPES } from '../../schemas/media.schema';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { FileUpload } from '../ui/file-upload';
import { ProgressBar } from '../ui/progress';
import { UploadIcon } from './media-icons';

const rowClass = css({
  display: 'flex',
  alignItems: 'center',
  gap: '3',
  py: '2',
  borderBottomWidth: '1px',
  borderColor: 'border',
  _last: { borderBottomWidth: '0' },
});
const nameClass = css({
  fontSize: 'sm',
  fontWeight: 'medium',
  w: '48',
  flexShrink: 0,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

export interface UploadRowProps {
  upload: MediaUploadRef;
  onCancel: () => void;
  onDismiss: () => void;
}

/** One file on its way: a progress bar and Cancel, then the reason it failed and Dismiss. */
export function UploadRow({ upload, onCancel, onDismiss }: UploadRowProps) {
  const file = useSelector(upload, selectUploadFile);
  const progress = useSelector(upload, selectUploadProgress);
  const error = useSelector(upload, selectUploadError);
  const state = useSelector(upload, selectUploadState);
  return (
    <li className={rowClass} data-state={state} aria-label={file.name}>
      <span className={nameClass} title={file.name}>
        {file.name}
      </span>
      {state === 'uploading' ? (
        <>
          <div className={css({ flex: '1' })}>
            <ProgressBar label={`Uploading ${file.name}`} fraction={progress} />
          </div>
          <Button size="sm" variant="outline" aria-label={`Cancel upload of ${file.name}`} onClick={onCancel}>
            Cancel
          </Button>
        </>
      ) : null}
      {state === 'failed' ? (
        <>
          <p role="alert" className={css({ flex: '1', color: 'danger', fontSize: 'sm' })}>
            {error}
          </p>
          <Button size="sm" variant="outline" aria-label={`Dismiss ${file.name}`} onClick={onDismiss}>
            Dismiss
          </Button>
        </>
      ) : null}
      {state === 'done' ? (
        <p role="status" className={css({ flex: '1', color: 'success', fontSize: 'sm' })}>
          Uploaded
        </p>
      ) : null}
    </li>
  );
}

/** The drop zone and file picker (many files at once), the files going up or waiting, and the refused ones. */
export function MediaUploads({ uploads }: { uploads: MediaUploadsRef }) {
  const queue = useSelector(uploads, selectQueue);
  const entries = useSelector(uploads, selectUploadEntries);
  const rejected = useSelector(uploads, selectRejected);
  const add = (files: File[]) => {
    if (files.length) uploads.send({ type: 'uploads.add', files });
  };
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
      {/* Ark keeps no list of its own (acceptedFiles stays empty): every chosen file goes to the uploads machine. */}
      <FileUpload.Root
        maxFiles={1000}
        acceptedFiles={[]}
        accept={ARTWORK_MEDIA_TYPES as unknown as string[]}
        onFileAccept={(d) => add(d.files)}
        onFileReject={(d) => add(d.files.map((r) => r.file))}
      >
        <FileUpload.Label>Upload media</FileUpload.Label>
        <FileUpload.Dropzone label="Drop media files here">
          <UploadIcon />
          <span>Drag and drop images, video or audio here, up to 20 MB each</span>
          <FileUpload.Trigger>Choose files</FileUpload.Trigger>
        </FileUpload.Dropzone>
        <FileUpload.HiddenInput data-testid="media-file-input" />
      </FileUpload.Root>
      {rejected.map((r) => (
        <Alert key={r.id} status="danger" className={css({ display: 'flex', alignItems: 'center', gap: '3' })}>
          <span className={css({ flex: '1' })}>{r.message}</span>
          <Button
            size="sm"
            variant="outline"
            aria-label={`Dismiss ${r.fileName}`}
            onClick={() => uploads.send({ type: 'uploads.dismiss', id: r.id })}
          >
            Dismiss
          </Button>
        </Alert>
      ))}
      {entries.length || queue.length ? (
        <ul aria-label="Uploads" className={css({ listStyle: 'none' })}>
          {entries.map((e) => (
            <UploadRow
              key={e.id}
              upload={e.ref}
              onCancel={() => uploads.send({ type: 'uploads.cancel', id: e.id })}
              onDismiss={() => uploads.send({ type: 'uploads.dismiss', id: e.id })}
            />
          ))}
          {queue.map((q) => (
            <li key={q.id} className={rowClass} data-state="queued" aria-label={q.file.name}>
              <span className={nameClass} title={q.file.name}>
                {q.file.name}
              </span>
              <span className={css({ flex: '1', fontSize: 'sm', color: 'fg.muted' })}>Waiting to upload</span>
              <Button
                size="sm"
                variant="outline"
                aria-label={`Cancel upload of ${q.file.name}`}
                onClick={() => uploads.send({ type: 'uploads.cancel', id: q.id })}
              >
                Cancel
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
