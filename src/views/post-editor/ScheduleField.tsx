import { Field as ArkField } from '@ark-ui/react/field';
import { useSelector } from '@xstate/react';
import { memo } from 'react';
import { css, cx } from 'styled-system/css';
import { createStyleContext } from 'styled-system/jsx/create-style-context';
import { field } from 'styled-system/recipes/field';
import { input } from 'styled-system/recipes/input';
import type { PostEditorRef } from '../../machines/post-editor/post-editor.machine';
import { Button } from '../ui/button';
import { isEditable, selectSchedule, selectScheduleError } from '../../machines/post-editor/post-editor.selectors';
import { formatLocalTime, fromLocalInput, localTimeZone, toLocalInput } from './schedule-time';

const { withProvider, withContext } = createStyleContext(field);
const Root = withProvider(ArkField.Root, 'root');
const Label = withContext(ArkField.Label, 'label');
const HelperText = withContext(ArkField.HelperText, 'helperText');
const ErrorText = withContext(ArkField.ErrorText, 'errorText');

/**
 * When a draft publishes itself: a local date and time (the zone is named), stored as epoch milliseconds UTC. Clear
 * removes the schedule. Save keeps a scheduled draft; Post publishes at once whatever the schedule.
 */
export const ScheduleField = memo(function ScheduleField({ editor }: { editor: PostEditorRef }) {
  const value = useSelector(editor, selectSchedule);
  const error = useSelector(editor, selectScheduleError);
  const editable = useSelector(editor, isEditable);
  const set = (dateScheduled: number | null) => editor.send({ type: 'form.change', field: 'dateScheduled', value: dateScheduled });
  return (
    <Root invalid={Boolean(error)} disabled={!editable}>
      <Label>Schedule</Label>
      <div className={css({ display: 'flex', gap: '2', alignItems: 'center' })}>
        <ArkField.Input
          className={cx(input(), css({ maxW: '64', minW: 0, flex: '1 1 auto' }))}
          type="datetime-local"
          name="dateScheduled"
          value={toLocalInput(value)}
          onChange={(e) => set(fromLocalInput(e.currentTarget.value))}
        />
        <Button variant="outline" onClick={() => set(null)} disabled={!editable || value === null}>
          Clear
        </Button>
      </div>
      <HelperText>
        <span data-testid="time-zone">Time zone: {localTimeZone()}</span>.{' '}
        <span data-testid="schedule-summary">
          {value === null
            ? 'Not scheduled: Save keeps a draft, Post publishes now.'
            : `Publishes on ${formatLocalTime(value)}; Post publishes now instead.`}
        </span>
      </HelperText>
      <ErrorText>{error}</ErrorText>
    </Root>
  );
});
