import { useSelector } from '@xstate/react';
import { memo } from 'react';
import type { PostEditorRef } from '../../machines/post-editor/post-editor.machine';
import { TagsField } from '../ui/tags-input';
import { isEditable, selectTags, selectTagsError } from '../../machines/post-editor/post-editor.selectors';

/** Hashtags or mentions, typed one by one; they are appended to the text when it is posted (and counted). */
export const TagList = memo(function TagList({ editor, field }: { editor: PostEditorRef; field: 'hashtags' | 'mentions' }) {
  const value = useSelector(editor, selectTags(field));
  const error = useSelector(editor, selectTagsError(field));
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
