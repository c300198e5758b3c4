import { useSelector } from '@xstate/react';
import { memo, useMemo } from 'react';
import { Link } from 'wouter';
import { css } from 'styled-system/css';
import type { PostEditorRef } from '../../machines/post-editor/post-editor.machine';
import { sameAccount } from '../../machines/post-editor/post-editor.form';
import { POST_EDITOR_MESSAGES as M } from '../../machines/post-editor/post-editor.messages';
import { PLATFORM_LABELS } from '../../schemas/social-platform.schema';
import type { AccountRef } from '../../schemas/social.schema';
import { Alert } from '../ui/alert';
import { Checkbox } from '../ui/checkbox';
import { Fieldset } from '../ui/fieldset';
import { isEditable, selectAccounts, selectAccountsError, selectChosenAccounts } from '../../machines/post-editor/post-editor.selectors';

export const accountLabel = (a: AccountRef) => `${PLATFORM_LABELS[a.platform]} @${a.handle}`;

/**
 * The accounts to post to: a checkbox per connected account (at least one), plus any account of the post that is no
 * longer connected, so it can be unticked. With none connected, a link to connect a Bluesky account.
 */
export const AccountsField = memo(function AccountsField({ editor }: { editor: PostEditorRef }) {
  const connected = useSelector(editor, selectAccounts);
  const chosen = useSelector(editor, selectChosenAccounts);
  const error = useSelector(editor, selectAccountsError);
  const editable = useSelector(editor, isEditable);
  const options = useMemo(
    () => [
      ...connected.map((a) => ({ ref: { platform: a.platform, handle: a.handle }, connected: true })),
      ...chosen.filter((c) => !connected.some((a) => sameAccount(a, c))).map((ref) => ({ ref, connected: false })),
    ],
    [connected, chosen],
  );
  const toggle = (ref: AccountRef, on: boolean) =>
    editor.send({ type: 'form.change', field: 'accounts', value: on ? [...chosen, ref] : chosen.filter((c) => !sameAccount(c, ref)) });

  return (
    <Fieldset.Root invalid={Boolean(error)} disabled={!editable}>
      <Fieldset.Legend>
        Accounts
        <span aria-hidden="true" className={css({ color: 'danger', ms: '0.5' })}>
          *
        </span>
      </Fieldset.Legend>
      {connected.length === 0 ? (
        <Alert status="info">
          {M.noAccounts}{' '}
          <Link href="/social-media/accounts/connect/bluesky" className={css({ color: 'accent.default', textDecoration: 'underline' })}>
            {M.connectBluesky}
          </Link>
        </Alert>
      ) : null}
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
        {options.map((o) => (
          <Checkbox
            key={`${o.ref.platform}:${o.ref.handle}`}
            label={o.connected ? accountLabel(o.ref) : `${accountLabel(o.ref)} (not connected)`}
            checked={chosen.some((c) => sameAccount(c, o.ref))}
            disabled={!editable}
            onCheckedChange={(on) => toggle(o.ref, on)}
          />
        ))}
      </div>
      <Fieldset.ErrorText>{error}</Fieldset.ErrorText>
    </Fieldset.Root>
  );
});
