import { useSelector } from '@xstate/react';
import { memo } from 'react';
import { css } from 'styled-system/css';
import type { PostEditorRef } from '../../machines/post-editor/post-editor.machine';
import { scheduleCheckOf, selectCheckError, type ScheduleCheck as Check } from '../../machines/post-editor/post-editor.selectors';

const TEXT: Record<Check, string> = {
  none: '',
  waiting: '',
  watching: 'Its scheduled time has come: checking every few seconds for it to be published.',
  checking: 'Checking whether it has been published...',
};

/**
 * A saved scheduled draft left open is read again when it comes due: what is going on, and a failed check (shown
 * here only, not as a toast: the checks go on).
 */
export const ScheduleCheck = memo(function ScheduleCheck({ editor }: { editor: PostEditorRef }) {
  const check = useSelector(editor, scheduleCheckOf);
  const error = useSelector(editor, selectCheckError);
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '1', fontSize: 'sm' })}>
      <p role="status" data-testid="schedule-check" data-state={check} className={css({ color: 'fg.muted' })}>
        {TEXT[check]}
      </p>
      {error ? (
        <p role="alert" className={css({ color: 'danger' })}>
          {error}
        </p>
      ) : null}
    </div>
  );
});
