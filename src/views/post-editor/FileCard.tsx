import { memo } from 'react';
import { css } from 'styled-system/css';
import type { PostEditorRef } from '../../machines/post-editor/post-editor.machine';
import {
  fileNameOf,
  fileSizeOf,
  fileTypeOf,
  isImageFile,
  isVideoFile,
  takesAltText,
  type PostFile,
} from '../../machines/post-editor/post-editor.files';
import { formatFileSize } from '../../schemas/media.schema';
import { VIDEO_ALT_MAX_LENGTH } from '../../schemas/post-video.schema';
import { Button } from '../ui/button';
import { FallbackImage } from '../ui/fallback-image';
import { ProgressBar } from '../ui/progress';
import { useObjectUrl } from './use-object-url';

const card = css({
  display: 'grid',
  gridTemplateColumns: '96px 1fr',
  gap: '3',
  p: '3',
  borderWidth: '1px',
  borderColor: 'border',
  borderRadius: 'md',
  bg: 'bg.surface',
});
const thumb = css({ w: '96px', h: '96px', objectFit: 'cover', borderRadius: 'sm', bg: 'bg.subtle' });
const kindBox = css({
  w: '96px',
  h: '96px',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  borderRadius: 'sm',
  bg: 'bg.subtle',
  color: 'fg.muted',
  fontSize: 'sm',
  fontWeight: 'semibold',
});
const altInput = css({
  w: 'full',
  h: '9',
  px: '2',
  borderWidth: '1px',
  borderColor: 'border.strong',
  borderRadius: 'md',
  bg: 'bg.surface',
  fontSize: 'sm',
});

const KIND_LABELS: Array<[string, string]> = [
  ['audio/', 'Audio'],
  ['video/', 'Video'],
  ['application/pdf', 'PDF'],
];
const kindOf = (type: string) => KIND_LABELS.find(([prefix]) => type.startsWith(prefix))?.[1] ?? 'File';

/** An image's preview: the local file before upload, the server's address after. */
function Preview({ file }: { file: PostFile }) {
  const local = useObjectUrl(file.kind === 'local' ? file.file : null);
  const name = fileNameOf(file);
  if (!isImageFile(file)) {
    return (
      <div className={kindBox} aria-hidden="true">
        {kindOf(fileTypeOf(file))}
      </div>
    );
  }
  return (
    <FallbackImage
      src={file.kind === 'local' ? local : file.media.url}
      alt={file.altText || name}
      className={thumb}
      width={96}
      height={96}
    />
  );
}

export interface FileCardProps {
  file: PostFile;
  editor: PostEditorRef;
  /** A published post's file: nothing to change. */
  readOnly: boolean;
  /** While the post is being saved or published. */
  disabled: boolean;
}

/**
 * One file of the post: preview, name, size, alt text (images, a video), upload progress or failure, Remove. Memoized: a card
 * re-renders only when its own file changes.
 */
export const FileCard = memo(function FileCard({ file, editor, readOnly, disabled }: FileCardProps) {
  const name = fileNameOf(file);
  const local = file.kind === 'local' ? file : null;
  return (
    <li className={card} aria-label={name} data-kind={file.kind} data-status={local?.status ?? 'uploaded'}>
      <Preview file={file} />
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '2', minW: 0 })}>
        <div className={css({ display: 'flex', alignItems: 'center', gap: '2' })}>
          <span
            className={css({ fontWeight: 'medium', flex: '1', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' })}
            title={name}
          >
            {name}
          </span>
          <span className={css({ fontSize: 'sm', color: 'fg.muted' })}>{formatFileSize(fileSizeOf(file))}</span>
          {!readOnly ? (
            <Button
              size="sm"
              variant="outline"
              aria-label={`Remove ${name}`}
              disabled={disabled}
              onClick={() => editor.send({ type: 'files.remove', id: file.id })}
            >
              Remove
            </Button>
          ) : null}
        </div>
        {takesAltText(file) ? (
          !readOnly ? (
            <label className={css({ display: 'flex', flexDirection: 'column', gap: '1', fontSize: 'sm' })}>
              <span aria-hidden="true">Alt text</span>
              <input
                className={altInput}
                aria-label={`Alt text for ${name}`}
                placeholder={`Describe the ${isVideoFile(file) ? 'video' : 'image'} for people who cannot see it`}
                value={file.altText}
                maxLength={isVideoFile(file) ? VIDEO_ALT_MAX_LENGTH : 2000}
                disabled={disabled}
                onChange={(e) => editor.send({ type: 'files.altText', id: file.id, altText: e.currentTarget.value })}
              />
            </label>
          ) : (
            <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>Alt text: {file.altText || 'none'}</p>
          )
        ) : null}
        {local?.status === 'waiting' ? (
          <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>On this device: uploaded when the post is saved</p>
        ) : null}
        {local?.status === 'uploading' ? <ProgressBar label={`Uploading ${name}`} fraction={local.progress} /> : null}
        {local?.status === 'failed' ? (
          <p role="alert" className={css({ fontSize: 'sm', color: 'danger' })}>
            Not uploaded: {local.error?.replace(/\.$/, '')}. Save to try again, or remove it.
          </p>
        ) : null}
      </div>
    </li>
  );
});
