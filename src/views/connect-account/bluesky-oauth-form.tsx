import { useSelector } from '@xstate/react';
import { css } from 'styled-system/css';
import type { ConnectAccountRef } from '../../machines/connect-account/connect-account.machine';
import { selectError, selectIsBusy, selectIsRedirecting, selectOAuthForm } from '../../machines/connect-account/connect-account.selectors';
import { visibleError } from '../../machines/shared/form';
import { HANDLE_HINT } from '../../schemas/social.schema';
import { Alert } from '../ui/alert';
import { TextField } from '../ui/field';
import { ConnectFormActions } from './connect-form-actions';
import { CONNECT_TEXT } from './connect-text';

/** "Continue with Bluesky": a handle or server address, then the PDS's own page; the app password as the other way. */
export function BlueskyOAuthForm({ actor }: { actor: ConnectAccountRef }) {
  const form = useSelector(actor, selectOAuthForm);
  const error = useSelector(actor, selectError);
  const busy = useSelector(actor, selectIsBusy);
  const redirecting = useSelector(actor, selectIsRedirecting);

  return (
    <form
      aria-label={CONNECT_TEXT.continue}
      aria-busy={busy}
      noValidate
      className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}
      onSubmit={(e) => {
        e.preventDefault();
        actor.send({ type: 'oauth.submit' });
      }}
    >
      {error ? <Alert status="danger">{error}</Alert> : null}
      <TextField
        label={CONNECT_TEXT.identifier}
        name="identifier"
        required
        autoComplete="username"
        placeholder={HANDLE_HINT}
        hint={CONNECT_TEXT.identifierHint}
        value={form.values.identifier}
        error={visibleError(form, 'identifier')}
        disabled={busy}
        onValueChange={(value) => actor.send({ type: 'oauth.change', value })}
      />
      <ConnectFormActions
        busy={busy}
        submitLabel={redirecting ? CONNECT_TEXT.redirecting : busy ? CONNECT_TEXT.continuing : CONNECT_TEXT.continue}
        otherWayLabel={CONNECT_TEXT.useAppPassword}
        onOtherWay={() => actor.send({ type: 'use.appPassword' })}
      />
    </form>
  );
}
