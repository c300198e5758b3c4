import { useSelector } from '@xstate/react';
import { memo } from 'react';
import { css } from 'styled-system/css';
import type { PostEditorRef } from '../../machines/post-editor/post-editor.machine';
import { POST_FILE_EXTENSIONS, POST_FILE_TYPES, SOCIAL_MESSAGES } from '../../schemas/social.schema';
import { Alert } from '../ui/alert';
import { FileUpload } from '../ui/file-upload';
import { FileCard } from './FileCard';
import {
  isEditable,
  isPublished,
  selectFiles,
  selectFilesError,
  selectMaxFiles,
  selectRefused,
} from '../../machines/post-editor/post-editor.selectors';

const ACCEPT = [
  ...POST_FILE_TYPES,
  ...Object.values(POST_FILE_EXTENSIONS)
    .flat()
    .map((ext) => `.${ext}`),
].join(',');

/**
 * The post's files: the picker (disabled at the limit, with the required message), the files refused from the last
 * choice with their reasons, and a card per file. Subscribed to the files alone: typing in the text never re-renders it.
 */
export const PostFiles = memo(function PostFiles({ editor }: { editor: PostEditorRef }) {
  const files = useSelector(editor, selectFiles);
  const refused = useSelector(editor, selectRefused);
  const maxFiles = useSelector(editor, selectMaxFiles);
  const editable = useSelector(editor, isEditable);
  const readOnly = useSelector(editor, isPublished);
  const error = useSelector(editor, selectFilesError);
  const atLimit = maxFiles !== null && files.length >= maxFiles;
  const add = (chosen: File[]) => {
    if (chosen.length) editor.send({ type: 'files.add', files: chosen });
  };

  return (
    <div role="group" aria-label="Files" className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
      {!readOnly ? (
        <>
          {/*
            Ark keeps no list and filters nothing (acceptedFiles stays empty, no accept): a choice reaches the machine as one
            list, in order, and the machine refuses what the requirements refuse. Only the picker's dialog is told the kinds.
          */}
          <FileUpload.Root
            maxFiles={1000}
            acceptedFiles={[]}
            disabled={!editable || atLimit}
            onFileAccept={(d) => add(d.files)}
            onFileReject={(d) => add(d.files.map((r) => r.file))}
          >
            <FileUpload.Label>Files</FileUpload.Label>
            <FileUpload.Dropzone label="Drop files here">
              <span>Drop images, audio, video or PDF here, up to 20 MB each</span>
              <FileUpload.Trigger>Upload</FileUpload.Trigger>
            </FileUpload.Dropzone>
            <FileUpload.HiddenInput data-testid="post-file-input" accept={ACCEPT} />
          </FileUpload.Root>
          {atLimit && maxFiles !== null ? (
            <p data-testid="file-limit" className={css({ fontSize: 'sm', color: 'fg.muted' })}>
              {SOCIAL_MESSAGES.maxFiles(maxFiles)}
            </p>
          ) : null}
        </>
      ) : (
        <h2 className={css({ fontWeight: 'semibold' })}>Files</h2>
      )}
      {refused.length ? (
        <Alert status="danger">
          <ul aria-label="Refused files">
            {refused.map((r) => (
              <li key={r.id}>{r.message}</li>
            ))}
          </ul>
        </Alert>
      ) : null}
      {error ? <p className={css({ color: 'danger', fontSize: 'sm' })}>{error}</p> : null}
      {files.length ? (
        <ul aria-label="Post files" className={css({ display: 'flex', flexDirection: 'column', gap: '2', listStyle: 'none' })}>
          {files.map((f) => (
            <FileCard key={f.id} file={f} editor={editor} readOnly={readOnly} disabled={!editable} />
          ))}
        </ul>
      ) : null}
    </div>
  );
});
