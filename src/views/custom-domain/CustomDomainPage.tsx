import { useInspection } from '../inspection';
import { useActorRef, useSelector } from '@xstate/react';
import { format } from 'date-fns';
import { css } from 'styled-system/css';
import { badge } from 'styled-system/recipes/badge';
import { card } from 'styled-system/recipes/card';
import type { customDomainMachine } from '../../machines/custom-domain/custom-domain.machine';
import {
  selectCanCancel,
  selectCheck,
  selectCopied,
  selectDomain,
  selectError,
  selectFieldError,
  selectFormValue,
  selectIsBusy,
  selectIsChecking,
  selectIsConfirmingRemove,
  selectIsRemoving,
  selectIsSaving,
  selectNotice,
  selectState,
  selectView,
} from '../../machines/custom-domain/custom-domain.selectors';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { ConfirmDialog } from '../ui/dialog';
import { TextField } from '../ui/field';
import { Spinner } from '../ui/spinner';
import { DnsRecords } from './DnsRecords';

type Ref = ReturnType<typeof useActorRef<typeof customDomainMachine>>;

const stack = css({ display: 'flex', flexDirection: 'column', gap: '4' });
const row = css({ display: 'flex', gap: '3', flexWrap: 'wrap', alignItems: 'center' });
const subheading = css({ fontSize: 'lg', fontWeight: 'bold' });

export const verifiedOn = (iso: string) => `Verified on ${format(new Date(iso), 'MMM d, yyyy')}`;

/** Portfolio › Custom domain: the public site on the artist's own domain. */
export function CustomDomainPage({ logic }: { logic: typeof customDomainMachine }) {
  const actor = useActorRef(logic, useInspection());
  const view = useSelector(actor, selectView);
  const state = useSelector(actor, selectState);
  const error = useSelector(actor, selectError);
  const notice = useSelector(actor, selectNotice);
  return (
    <section className={`${card()} ${css({ maxW: '3xl' })}`} aria-labelledby="custom-domain-title" data-state={state}>
      <h1 id="custom-domain-title" className={css({ fontSize: '2xl', fontWeight: 'bold', mb: '2' })}>
        Custom domain
      </h1>
      <p className={css({ color: 'fg.muted', mb: '4' })}>Show your public portfolio at an address of your own, such as art.example.com.</p>
      <div className={stack}>
        {notice ? <Alert status="success">{notice}</Alert> : null}
        {error ? <Alert status="danger">{error}</Alert> : null}
        {view === 'loading' ? <Spinner /> : null}
        {view === 'loadFailed' ? (
          <div>
            <Button variant="outline" onClick={() => actor.send({ type: 'domain.retry' })}>
              Try again
            </Button>
          </div>
        ) : null}
        {view === 'form' ? <DomainForm actor={actor} /> : null}
        {view === 'domain' ? <DomainDetails actor={actor} /> : null}
      </div>
    </section>
  );
}

function DomainForm({ actor }: { actor: Ref }) {
  const value = useSelector(actor, selectFormValue);
  const fieldError = useSelector(actor, selectFieldError);
  const saving = useSelector(actor, selectIsSaving);
  const canCancel = useSelector(actor, selectCanCancel);
  return (
    <form
      aria-label="Domain"
      aria-busy={saving}
      noValidate
      className={stack}
      onSubmit={(e) => {
        e.preventDefault();
        actor.send({ type: 'domain.save' });
      }}
    >
      <TextField
        label="Domain"
        name="domain"
        value={value}
        required
        autoComplete="off"
        placeholder="art.example.com"
        hint="The domain or subdomain your public portfolio should answer on."
        disabled={saving}
        error={fieldError}
        onValueChange={(next) => actor.send({ type: 'field.change', value: next })}
      />
      <div className={row}>
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving...' : 'Save domain'}
        </Button>
        {canCancel ? (
          <Button variant="outline" disabled={saving} onClick={() => actor.send({ type: 'domain.cancel' })}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}

function DomainDetails({ actor }: { actor: Ref }) {
  const domain = useSelector(actor, selectDomain);
  const check = useSelector(actor, selectCheck);
  const copied = useSelector(actor, selectCopied);
  const checking = useSelector(actor, selectIsChecking);
  const busy = useSelector(actor, selectIsBusy);
  const confirming = useSelector(actor, selectIsConfirmingRemove);
  const removing = useSelector(actor, selectIsRemoving);
  if (!domain) return null;
  const rows = [
    { id: 'txt', record: domain.verification, purpose: 'proves the domain is yours' },
    ...domain.routing.map((record, i) => ({ id: `route-${i}`, record, purpose: 'sends visitors to your public portfolio' })),
  ];
  return (
    <div className={stack}>
      <div className={row}>
        <h2 className={`${subheading} ${css({ overflowWrap: 'anywhere' })}`}>{domain.domain}</h2>
        <span data-testid="domain-status" className={badge({ tone: domain.verifiedAt ? 'success' : 'warning' })}>
          {domain.verifiedAt ? verifiedOn(domain.verifiedAt) : 'Not verified'}
        </span>
      </div>
      <h2 className={subheading}>DNS records to create</h2>
      <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>
        Add these records at the company that runs your domain&apos;s DNS. Keep the TXT record in place: each check looks for it.
      </p>
      <DnsRecords rows={rows} copied={copied} onCopy={(id, text) => actor.send({ type: 'record.copy', id, text })} />
      <div aria-live="polite" aria-busy={checking}>
        {checking ? <p role="status">Checking the DNS for the TXT record...</p> : null}
        {!checking && check ? <CheckResult check={check} /> : null}
      </div>
      <div className={row}>
        <Button disabled={busy} onClick={() => actor.send({ type: 'domain.check' })}>
          {checking ? 'Checking...' : 'Check now'}
        </Button>
        <Button variant="outline" disabled={busy} onClick={() => actor.send({ type: 'domain.edit' })}>
          Change domain
        </Button>
        <Button variant="danger" disabled={busy} onClick={() => actor.send({ type: 'domain.remove' })}>
          Remove domain
        </Button>
      </div>
      <ConfirmDialog
        open={confirming || removing}
        title="Remove custom domain"
        message={`Your public portfolio will no longer be shown at ${domain.domain}.`}
        confirmLabel="Remove"
        busyLabel="Removing..."
        busy={removing}
        onConfirm={() => actor.send({ type: 'remove.confirm' })}
        onCancel={() => actor.send({ type: 'remove.cancel' })}
      />
    </div>
  );
}

function CheckResult({ check }: { check: NonNullable<ReturnType<typeof selectCheck>> }) {
  const status = check.outcome === 'verified' ? 'success' : check.outcome === 'notFound' ? 'warning' : 'danger';
  return (
    <Alert status={status}>
      <p>{check.message}</p>
      {check.outcome !== 'verified' && check.seen.length ? (
        <div className={css({ mt: '2', fontSize: 'sm' })}>
          <p>Found at that name instead:</p>
          <ul className={css({ fontFamily: 'mono', overflowWrap: 'anywhere', pl: '4', listStyle: 'disc' })}>
            {check.seen.map((value, i) => (
              <li key={i}>{value}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </Alert>
  );
}
