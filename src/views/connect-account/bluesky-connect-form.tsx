import { useSelector } from '@xstate/react';
import { css } from 'styled-system/css';
import type { ConnectAccountRef, ConnectValues } from '../../machines/connect-account/connect-account.machine';
import { selectError, selectForm, selectIsBusy } from '../../machines/connect-account/connect-account.selectors';
import { visibleError } from '../../machines/shared/form';
import { HANDLE_HINT } from '../../schemas/social.schema';
import { Alert } from '../ui/alert';
import { TextField } from '../ui/field';
import { ConnectFormActions } from './connect-form-actions';
import { CONNECT_TEXT } from './connect-text';

/** Handle, app password and server address; messages under the fields, a refusal no field explains in an alert. */
export function BlueskyConnectForm({ actor }: { actor: ConnectAccountRef }) {
  const form = useSelector(actor, selectForm);
  const error = useSelector(actor, selectError);
  const busy = useSelector(actor, selectIsBusy);
  const field = (name: keyof ConnectValues) => ({
    name,
    value: form.values[name],
    error: visibleError(form, name),
    disabled: busy,
    onValueChange: (value: string) => actor.send({ type: 'field.change', name, value }),
  });

  return (
    <form
      aria-label={CONNECT_TEXT.blueskyTitle}
      aria-busy={busy}
      noValidate
      className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}
      onSubmit={(e) => {
        e.preventDefault();
        actor.send({ type: 'connect.submit' });
      }}
    >
      {error ? <Alert status="danger">{error}</Alert> : null}
      <TextField
        label={CONNECT_TEXT.handle}
        required
        autoComplete="username"
        placeholder={HANDLE_HINT}
        hint={CONNECT_TEXT.handleHint}
        {...field('handle')}
      />
      <TextField
        label={CONNECT_TEXT.appPassword}
        type="password"
        required
        autoComplete="off"
        hint={CONNECT_TEXT.appPasswordHint}
        {...field('appPassword')}
      />
      <TextField label={CONNECT_TEXT.service} type="url" autoComplete="url" hint={CONNECT_TEXT.serviceHint} {...field('service')} />
      <ConnectFormActions
        busy={busy}
        submitLabel={busy ? CONNECT_TEXT.submitting : CONNECT_TEXT.submit}
        otherWayLabel={CONNECT_TEXT.useOAuth}
        onOtherWay={() => actor.send({ type: 'use.oauth' })}
      />
    </form>
  );
}
