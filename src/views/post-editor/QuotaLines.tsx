import { useSelector } from '@xstate/react';
import { memo } from 'react';
import { css } from 'styled-system/css';
import type { PostEditorRef } from '../../machines/post-editor/post-editor.machine';
import { isEditable, selectChosenAccounts, selectQuotas } from '../../machines/post-editor/post-editor.selectors';
import type { QuotaReading } from '../../machines/post-editor/post-editor.types';
import { quotaText } from '../../schemas/meta-connect.schema';
import { accountLabel } from './AccountsField';

/** One Instagram account's line once its quota is read; while it is read, or when it could not be, nothing. */
function QuotaLine({ reading }: { reading: QuotaReading }) {
  const text = useSelector(reading.ref, (s) => (s.status === 'done' && s.output ? quotaText(s.output) : null));
  if (text === null) return null;
  return <li>{`${accountLabel({ platform: 'instagram', handle: reading.handle })}: ${text}`}</li>;
}

/** Under the accounts, while the post can be edited: each chosen Instagram account's posts left today ("12 of 50 posts left today"). */
export const QuotaLines = memo(function QuotaLines({ editor }: { editor: PostEditorRef }) {
  const quotas = useSelector(editor, selectQuotas);
  const chosen = useSelector(editor, selectChosenAccounts);
  // A published post has gone out: today's quota no longer concerns it.
  const editable = useSelector(editor, isEditable);
  const shown = quotas.filter((q) => chosen.some((a) => a.platform === 'instagram' && a.handle === q.handle));
  if (!editable || shown.length === 0) return null;
  return (
    <ul aria-label="Instagram posts left today" className={css({ fontSize: 'sm', color: 'fg.muted' })}>
      {shown.map((q) => (
        <QuotaLine key={q.handle} reading={q} />
      ))}
    </ul>
  );
});
