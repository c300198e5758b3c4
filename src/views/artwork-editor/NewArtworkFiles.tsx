import { useSelector } from '@xstate/react';
import { css } from 'styled-system/css';
import type { ArtworkEditorRef } from '../../machines/artwork-editor/artwork-editor.machine';
import { selectHeldFiles, selectIsBusy } from '../../machines/artwork-editor/artwork-editor.selectors';
import { FileUpload } from '../ui/file-upload';
import { UploadIcon } from '../artwork-media/media-icons';

export const NEW_FILES_TEXT = {
  zone: 'Drop images, video or audio here: the artwork is saved, then they upload',
  waiting: (n: number) => (n === 1 ? '1 file waits for the artwork to be saved.' : `${n} files wait for the artwork to be saved.`),
} as const;

/** A new artwork's Media tab: files dropped here save the artwork first (its details permitting), then go up. */
export function NewArtworkFiles({ editor }: { editor: ArtworkEditorRef }) {
  const held = useSelector(editor, selectHeldFiles);
  const busy = useSelector(editor, selectIsBusy);
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
      {/* Ark keeps no list and checks nothing: the upload chart says why a file is refused once the work is saved. */}
      <FileUpload.Root
        maxFiles={1000}
        acceptedFiles={[]}
        disabled={busy}
        onFileAccept={(d) => d.files.length && editor.send({ type: 'files.drop', files: d.files })}
      >
        <FileUpload.Label>Upload media</FileUpload.Label>
        <FileUpload.Dropzone label="Drop media files here">
          <UploadIcon />
          <span>{NEW_FILES_TEXT.zone}</span>
          <FileUpload.Trigger>Choose files</FileUpload.Trigger>
        </FileUpload.Dropzone>
        <FileUpload.HiddenInput data-testid="new-artwork-file-input" />
      </FileUpload.Root>
      {held.length ? (
        <p role="status" className={css({ fontSize: 'sm' })}>
          {NEW_FILES_TEXT.waiting(held.length)}
        </p>
      ) : null}
    </div>
  );
}
