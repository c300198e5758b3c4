import { useSelector } from '@xstate/react';
import { memo } from 'react';
import type { PostEditorRef } from '../../machines/post-editor/post-editor.machine';
import { isEditable, selectLocation, selectLocationError } from '../../machines/post-editor/post-editor.selectors';
import { POST_LOCATION_MAX_LENGTH } from '../../schemas/social.schema';
import { TextField } from '../ui/field';

/** Where the post was made (optional): kept with the post and shown here again; Bluesky's post has no place for it. */
export const LocationField = memo(function LocationField({ editor }: { editor: PostEditorRef }) {
  const value = useSelector(editor, selectLocation);
  const error = useSelector(editor, selectLocationError);
  const editable = useSelector(editor, isEditable);
  return (
    <TextField
      label="Location"
      name="location"
      value={value}
      maxLength={POST_LOCATION_MAX_LENGTH}
      autoComplete="off"
      hint="Optional. Kept with the post in the studio; Bluesky posts have no place for it."
      error={error ?? undefined}
      disabled={!editable}
      onValueChange={(location) => editor.send({ type: 'form.change', field: 'location', value: location })}
    />
  );
});
