import { useSelector } from '@xstate/react';
import { memo } from 'react';
import type { PostEditorRef } from '../../machines/post-editor/post-editor.machine';
import { visiblePostError } from '../../machines/post-editor/post-editor.form';
import { TagsField } from '../ui/tags-input';
import { isEditable } from '../../machines/post-editor/post-editor.selectors';

/** Hashtags or mentions, typed one by one; they are appended to the text when it is posted (and counted). */
export const TagList = memo(function TagList({ editor, field }: { editor: PostEditorRef; field: 'hashtags' | 'mentions' }) {
  const value = useSelector(editor, (s) => s.context.form.values[field]);
  const error = useSelector(editor, (s) => visiblePostError(s.context.form, field));
  const editable = useSelector(editor, isEditable);
  return (
    <TagsField
      label={field === 'hashtags' ? 'Hashtags' : 'Mentions'}
      name={field}
      value={value}
      hint={
        field === 'hashtags'
          ? 'Press Enter or type a comma after each hashtag, e.g. #painting.'
          : 'Handles like @username.bsky.social; Enter or a comma after each.'
      }
      error={error}
      disabled={!editable}
      onValueChange={(next) => editor.send({ type: 'form.change', field, value: next })}
    />
  );
});
