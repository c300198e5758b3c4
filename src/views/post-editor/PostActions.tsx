import { useSelector } from '@xstate/react';
import { memo } from 'react';
import { css } from 'styled-system/css';
import type { PostEditorRef } from '../../machines/post-editor/post-editor.machine';
import { Button } from '../ui/button';
import { isEditable, selectSchedule, workingOf } from '../../machines/post-editor/post-editor.selectors';

/** The two buttons' words: with a time set, saving is scheduling (the server publishes it then), and Post is now. */
export const ACTION_LABELS = {
  now: { save: 'Save', saving: 'Saving...', publish: 'Post', publishing: 'Posting...' },
  scheduled: { save: 'Schedule', saving: 'Scheduling...', publish: 'Post now', publishing: 'Posting...' },
} as const;

/**
 * Save (a draft) and Post (save, then publish), each with its busy label while it works. With a time set, the main
 * button reads Schedule: it saves the draft with its time, and the server publishes it then; Post now publishes at once.
 */
export const PostActions = memo(function PostActions({ editor }: { editor: PostEditorRef }) {
  const editable = useSelector(editor, isEditable);
  const working = useSelector(editor, workingOf);
  const scheduled = useSelector(editor, selectSchedule) !== null;
  const L = ACTION_LABELS[scheduled ? 'scheduled' : 'now'];
  const save = (
    <Button key="save" variant={scheduled ? 'solid' : 'outline'} disabled={!editable} onClick={() => editor.send({ type: 'post.save' })}>
      {working === 'save' ? L.saving : L.save}
    </Button>
  );
  const publish = (
    <Button
      key="publish"
      variant={scheduled ? 'outline' : 'solid'}
      disabled={!editable}
      onClick={() => editor.send({ type: 'post.publish' })}
    >
      {working === 'publish' ? L.publishing : L.publish}
    </Button>
  );
  // The main action last, where the eye ends.
  return <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3' })}>{scheduled ? [publish, save] : [save, publish]}</div>;
});
