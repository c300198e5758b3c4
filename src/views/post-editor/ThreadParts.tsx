import { useSelector } from '@xstate/react';
import { memo } from 'react';
import { css } from 'styled-system/css';
import { button } from 'styled-system/recipes/button';
import type { PostEditorRef } from '../../machines/post-editor/post-editor.machine';
import { POST_EDITOR_MESSAGES as M } from '../../machines/post-editor/post-editor.messages';
import { canMoveBreak, isEditable, selectThreadParts } from '../../machines/post-editor/post-editor.selectors';
import { partCounterText, THREAD_PART_MAX_LENGTH } from '../../schemas/post-thread';
import { postCounterText } from '../../schemas/social.schema';
import { counterOver, counterWithin } from './counter-styles';

const list = css({ display: 'flex', flexDirection: 'column', gap: '2', listStyle: 'none', p: '0', m: '0' });
const part = css({ borderWidth: '1px', borderColor: 'border', borderRadius: 'md', p: '3', display: 'grid', gap: '1' });
const partText = css({ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontSize: 'sm' });
const moves = css({ display: 'flex', flexWrap: 'wrap', gap: '2', alignItems: 'center', fontSize: 'sm' });

/** The two buttons that move split `index` (after part index+1) a word earlier or later; off where a part would be empty. */
function SplitMoves({ editor, index }: { editor: PostEditorRef; index: number }) {
  const editable = useSelector(editor, isEditable);
  const earlier = useSelector(editor, canMoveBreak(index, 'earlier'));
  const later = useSelector(editor, canMoveBreak(index, 'later'));
  return (
    <div className={moves} role="group" aria-label={`Split ${index + 1}`}>
      {(['earlier', 'later'] as const).map((direction) => (
        <button
          key={direction}
          type="button"
          className={button({ variant: 'outline', size: 'sm' })}
          aria-label={M.moveSplit(index, direction)}
          disabled={!editable || !(direction === 'earlier' ? earlier : later)}
          onClick={() => editor.send({ type: 'thread.move', index, direction })}
        >
          {direction === 'earlier' ? 'One word earlier' : 'One word later'}
        </button>
      ))}
    </div>
  );
}

/**
 * The thread as it will go out: each part with its own counter ('n / 280 characters', red over the limit), and
 * between two parts the controls that move their split a word at a time.
 */
export const ThreadParts = memo(function ThreadParts({ editor }: { editor: PostEditorRef }) {
  const parts = useSelector(editor, selectThreadParts);
  return (
    <ol className={list} aria-label="Thread parts">
      {parts.map((text, i) => {
        const over = text.length > THREAD_PART_MAX_LENGTH;
        return (
          <li key={i} className={part} aria-label={partCounterText(i + 1, parts.length)}>
            <p className={partText}>{text}</p>
            <p data-testid="part-counter" data-state={over ? 'over' : 'within'} className={over ? counterOver : counterWithin}>
              {postCounterText(text.length)}
            </p>
            {i < parts.length - 1 && <SplitMoves editor={editor} index={i} />}
          </li>
        );
      })}
    </ol>
  );
});
