import { Field as ArkField } from '@ark-ui/react/field';
import { useSelector } from '@xstate/react';
import { memo } from 'react';
import { css } from 'styled-system/css';
import { createStyleContext } from 'styled-system/jsx/create-style-context';
import { field } from 'styled-system/recipes/field';
import { textarea } from 'styled-system/recipes/textarea';
import type { PostEditorRef } from '../../machines/post-editor/post-editor.machine';
import { POST_MAX_LENGTH, postCounterText } from '../../schemas/social.schema';
import { isEditable, selectContent, selectContentError, selectTextLength } from '../../machines/post-editor/post-editor.selectors';

const { withProvider, withContext } = createStyleContext(field);
const Root = withProvider(ArkField.Root, 'root');
const Label = withContext(ArkField.Label, 'label');
const HelperText = withContext(ArkField.HelperText, 'helperText');
const ErrorText = withContext(ArkField.ErrorText, 'errorText');

export const counterWithin = css({ color: 'fg.muted' });
export const counterOver = css({ color: 'danger', fontWeight: 'semibold' });

/**
 * The post's text and its counter 'n / 280 characters', which counts the text as it will be posted (hashtags and
 * mentions appended) and turns red over the limit; the limit's message then shows below (announced politely).
 * It subscribes to its own slice only, so typing re-renders nothing else.
 */
export const ContentField = memo(function ContentField({ editor }: { editor: PostEditorRef }) {
  const content = useSelector(editor, selectContent);
  const length = useSelector(editor, selectTextLength);
  const error = useSelector(editor, selectContentError);
  const editable = useSelector(editor, isEditable);
  const over = length > POST_MAX_LENGTH;
  return (
    <Root invalid={Boolean(error)} disabled={!editable}>
      <Label>Content</Label>
      <ArkField.Textarea
        className={textarea()}
        name="content"
        rows={6}
        maxLength={POST_MAX_LENGTH}
        value={content}
        onChange={(e) => editor.send({ type: 'form.change', field: 'content', value: e.currentTarget.value })}
      />
      <HelperText data-testid="post-counter" data-state={over ? 'over' : 'within'} className={over ? counterOver : counterWithin}>
        {postCounterText(length)}
      </HelperText>
      <ErrorText>{error}</ErrorText>
    </Root>
  );
});
