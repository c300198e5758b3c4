import { useSelector } from '@xstate/react';
import { memo } from 'react';
import { css } from 'styled-system/css';
import type { PostEditorRef } from '../../machines/post-editor/post-editor.machine';
import { Button } from '../ui/button';
import { isEditable, workingOf } from '../../machines/post-editor/post-editor.selectors';

/** Save (a draft) and Post (save, then publish), each with its busy label while it works. */
export const PostActions = memo(function PostActions({ editor }: { editor: PostEditorRef }) {
  const editable = useSelector(editor, isEditable);
  const working = useSelector(editor, workingOf);
  return (
    <div className={css({ display: 'flex', gap: '3' })}>
      <Button variant="outline" disabled={!editable} onClick={() => editor.send({ type: 'post.save' })}>
        {working === 'save' ? 'Saving...' : 'Save'}
      </Button>
      <Button disabled={!editable} onClick={() => editor.send({ type: 'post.publish' })}>
        {working === 'publish' ? 'Posting...' : 'Post'}
      </Button>
    </div>
  );
});
