import { useSelector } from '@xstate/react';
import { format } from 'date-fns';
import { memo, useEffect } from 'react';
import { css } from 'styled-system/css';
import type { PostEditorRef } from '../../machines/post-editor/post-editor.machine';
import type { PostEditorContext } from '../../machines/post-editor/post-editor.types';
import type { LocalCopyRef } from '../../machines/post-editor/local-copy.machine';
import { copyStateOf } from '../../machines/post-editor/local-copy.selectors';
import { hasUnsavedChanges } from '../../machines/post-editor/post-editor.setup';
import { POST_EDITOR_MESSAGES as M } from '../../machines/post-editor/post-editor.messages';
import { selectCopyError, selectIsNew, selectLocalCopy, selectRestoredAt } from '../../machines/post-editor/post-editor.selectors';
import { DATE_TIME_FORMAT } from '../../schemas/social.schema';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';

/** A reload or closing the tab would lose something: unsaved changes whose copy this browser does not hold (yet). */
export const losesWorkOnUnload = (context: PostEditorContext) =>
  hasUnsavedChanges(context) && !(context.localCopy && copyStateOf(context.localCopy.getSnapshot()) === 'kept');

/**
 * The editor opened on the copy this browser kept: it says so until the post is saved, and offers to discard it
 * (back to the post as saved, or an empty new post).
 */
export const RestoredNotice = memo(function RestoredNotice({ editor }: { editor: PostEditorRef }) {
  const at = useSelector(editor, selectRestoredAt);
  const isNew = useSelector(editor, selectIsNew);
  if (at === null) return null;
  const when = `on ${format(at, DATE_TIME_FORMAT)}`;
  return (
    <Alert status="info">
      <div className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '3', justifyContent: 'space-between' })}>
        <span data-testid="restored-notice">{isNew ? M.restoredNew(when) : M.restoredDraft(when)}</span>
        <Button size="sm" variant="outline" onClick={() => editor.send({ type: 'localCopy.discard' })}>
          {isNew ? M.discard : M.discardChanges}
        </Button>
      </div>
    </Alert>
  );
});

export function LocalCopyState({ copy }: { copy: LocalCopyRef }) {
  const state = useSelector(copy, copyStateOf);
  // Written as soon as the page is hidden (another tab, the phone locked, the tab closing), not after the pause.
  useEffect(() => {
    const flush = () => {
      if (document.visibilityState === 'hidden') copy.send({ type: 'copy.flush' });
    };
    const leave = () => copy.send({ type: 'copy.flush' });
    document.addEventListener('visibilitychange', flush);
    window.addEventListener('pagehide', leave);
    return () => {
      document.removeEventListener('visibilitychange', flush);
      window.removeEventListener('pagehide', leave);
    };
  }, [copy]);
  const text = state === 'pending' ? M.copyPending : state === 'kept' ? M.copyKept : '';
  return (
    <p role="status" data-testid="local-copy" data-state={state} className={css({ fontSize: 'sm', color: 'fg.muted' })}>
      {text}
    </p>
  );
}

/** Where the copy of the unsaved post stands, beside Save; and, louder, when the browser would not keep it. */
export const LocalCopyStatus = memo(function LocalCopyStatus({ editor }: { editor: PostEditorRef }) {
  const copy = useSelector(editor, selectLocalCopy);
  const error = useSelector(editor, selectCopyError);
  return (
    <>
      {copy ? <LocalCopyState copy={copy} /> : null}
      {error ? <Alert status="warning">{M.copyFailed(error)}</Alert> : null}
    </>
  );
});
