import { Field as ArkField } from '@ark-ui/react/field';
import { useSelector } from '@xstate/react';
import { memo } from 'react';
import { css } from 'styled-system/css';
import { createStyleContext } from 'styled-system/jsx/create-style-context';
import { field } from 'styled-system/recipes/field';
import { textarea } from 'styled-system/recipes/textarea';
import type { PostEditorRef } from '../../machines/post-editor/post-editor.machine';
import { counterText } from '../../machines/post-editor/post-editor.networks';
import {
  isEditable,
  selectContent,
  selectContentError,
  selectNoneTakes,
  selectNotTaken,
  selectTextLength,
  selectTextLimit,
  selectThreadBreaks,
  selectThreadNote,
} from '../../machines/post-editor/post-editor.selectors';
import { POST_EDITOR_MESSAGES as M } from '../../machines/post-editor/post-editor.messages';
import { THREAD_MAX_LENGTH } from '../../schemas/post-thread';
import { button } from 'styled-system/recipes/button';
import { counterOver, counterWithin } from './counter-styles';
import { ThreadParts } from './ThreadParts';

const { withProvider, withContext } = createStyleContext(field);
const Root = withProvider(ArkField.Root, 'root');
const Label = withContext(ArkField.Label, 'label');
const HelperText = withContext(ArkField.HelperText, 'helperText');
const ErrorText = withContext(ArkField.ErrorText, 'errorText');

/**
 * The post's text and its counter 'n / 280 characters' (the chosen networks' smallest limit), which counts the text as it will be posted (hashtags and
 * mentions appended) and turns red over the limit; the limit's message then says by how much, and the thread control
 * offers to split the text into a thread. Nothing typed is cut: the input's own maximum is a whole thread's.
 * It subscribes to its own slice only, so typing re-renders nothing else. Written as a thread, the text may be longer:
 * the parts are shown below it instead, each with its own counter.
 */
export const ContentField = memo(function ContentField({ editor }: { editor: PostEditorRef }) {
  const content = useSelector(editor, selectContent);
  const length = useSelector(editor, selectTextLength);
  const error = useSelector(editor, selectContentError);
  const editable = useSelector(editor, isEditable);
  const thread = useSelector(editor, selectThreadBreaks) !== null;
  const note = useSelector(editor, selectThreadNote);
  const limit = useSelector(editor, selectTextLimit);
  const noThreads = useSelector(editor, selectNoneTakes('threads'));
  const threadsNote = useSelector(editor, selectNotTaken('threads'));
  const over = length > limit;
  return (
    <Root invalid={Boolean(error)} disabled={!editable}>
      <Label>Content</Label>
      <ArkField.Textarea
        className={textarea()}
        name="content"
        rows={6}
        // Never cut what the artist types: the limit is the counter's and the message's to tell, over it as far as a
        // thread could go.
        maxLength={THREAD_MAX_LENGTH}
        value={content}
        onChange={(e) => editor.send({ type: 'form.change', field: 'content', value: e.currentTarget.value })}
      />
      {!thread && (
        <HelperText data-testid="post-counter" data-state={over ? 'over' : 'within'} className={over ? counterOver : counterWithin}>
          {counterText(length, limit)}
        </HelperText>
      )}
      <ErrorText>{error}</ErrorText>
      {thread && <ThreadParts editor={editor} />}
      {/* Threads are Bluesky's: with only Instagram or Facebook chosen there is nothing to split (a thread can still end). */}
      {noThreads && !thread ? null : (
        <div className={css({ display: 'flex', gap: '3', alignItems: 'center', flexWrap: 'wrap' })}>
          <button
            type="button"
            className={button({ variant: over && !thread ? 'solid' : 'outline', size: 'sm' })}
            disabled={!editable}
            onClick={() => editor.send({ type: thread ? 'thread.stop' : 'thread.start' })}
          >
            {thread ? M.threadStop : over ? M.threadSplit : M.threadStart}
          </button>
          {thread && threadsNote ? <span className={css({ fontSize: 'sm', color: 'fg.muted' })}>{threadsNote}</span> : null}
        </div>
      )}
      {/* What the last change to the thread did, announced politely. */}
      <p role="status" data-testid="thread-note" className={css({ fontSize: 'sm', color: 'fg.muted' })}>
        {note ?? ''}
      </p>
    </Root>
  );
});
