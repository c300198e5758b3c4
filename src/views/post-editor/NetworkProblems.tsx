import { useSelector } from '@xstate/react';
import { memo } from 'react';
import { css } from 'styled-system/css';
import type { PostEditorRef } from '../../machines/post-editor/post-editor.machine';
import { sameMessages, selectMediaProblems } from '../../machines/post-editor/post-editor.selectors';

/** What Instagram or Facebook refuse in the post's files, each naming the network and the rule; the post waits for them. */
export const NetworkProblems = memo(function NetworkProblems({ editor }: { editor: PostEditorRef }) {
  const problems = useSelector(editor, selectMediaProblems, sameMessages);
  if (problems.length === 0) return null;
  return (
    <ul aria-label="What the chosen networks need" className={css({ color: 'danger', fontSize: 'sm', listStyle: 'disc', pl: '5' })}>
      {problems.map((p) => (
        <li key={p}>{p}</li>
      ))}
    </ul>
  );
});
