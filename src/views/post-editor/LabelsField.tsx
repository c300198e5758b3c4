import { useSelector } from '@xstate/react';
import { memo } from 'react';
import { css } from 'styled-system/css';
import type { PostEditorRef } from '../../machines/post-editor/post-editor.machine';
import {
  isEditable,
  selectHasMedia,
  selectLabels,
  selectLabelsError,
  selectNoneTakes,
  selectNotTaken,
} from '../../machines/post-editor/post-editor.selectors';
import { LABEL_MESSAGES } from '../../schemas/post-labels.schema';
import { Fieldset } from '../ui/fieldset';
import { LabelsPicker } from './LabelsPicker';

const LEGEND = 'Media labels';

/**
 * Bluesky self-labels for the post's images or video. Without media there is nothing to label: the reason is shown
 * instead (labels already chosen are kept, and go out once the post has an image).
 */
export const LabelsField = memo(function LabelsField({ editor }: { editor: PostEditorRef }) {
  const labels = useSelector(editor, selectLabels);
  const error = useSelector(editor, selectLabelsError);
  const editable = useSelector(editor, isEditable);
  const hasMedia = useSelector(editor, selectHasMedia);
  const noneTakes = useSelector(editor, selectNoneTakes('labels'));
  const notTaken = useSelector(editor, selectNotTaken('labels'));
  // Labels are Bluesky's: with only Instagram or Facebook chosen there is nothing to set.
  if (noneTakes) return null;
  if (!hasMedia)
    return (
      <Fieldset.Root>
        <Fieldset.Legend>{LEGEND}</Fieldset.Legend>
        <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>{LABEL_MESSAGES.needsMedia}</p>
      </Fieldset.Root>
    );
  return (
    <LabelsPicker
      legend={LEGEND}
      hint={`Bluesky hides or blurs labelled images for people who chose so. Nudity is for figure work that is not sexual.${notTaken ? ` ${notTaken}.` : ''}`}
      name="post-labels"
      value={labels}
      error={error}
      disabled={!editable}
      onChange={(value) => editor.send({ type: 'form.change', field: 'labels', value })}
    />
  );
});
