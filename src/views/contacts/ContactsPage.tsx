import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { Link } from 'wouter';
import { css } from 'styled-system/css';
import type { contactsMachine, KindFilter } from '../../machines/contacts/contacts.machine';
import {
  selectContacts,
  selectFailure,
  selectForm,
  selectIsCreating,
  selectIsLoading,
  selectIsSaving,
  selectKind,
  selectNoContacts,
  selectSaveError,
  selectSearch,
  visibleContacts,
} from '../../machines/contacts/contacts.selectors';
import { CONTACT_KIND_LABELS, CONTACT_MESSAGES } from '../../schemas/contact.schema';
import { RetryAlert } from '../ui/alert';
import { Button } from '../ui/button';
import { EmptyState } from '../ui/empty-state';
import { TextField } from '../ui/field';
import { EnvelopeArt } from '../ui/illustrations';
import { panelClass } from '../ui/panel';
import { SelectField } from '../ui/select-field';
import { Spinner } from '../ui/spinner';
import { useInspection } from '../inspection';
import { ContactForm } from './ContactForm';

export const KIND_FILTERS: ReadonlyArray<{ value: KindFilter; label: string }> = [
  { value: 'all', label: 'All' },
  { value: 'collector', label: 'Collectors' },
  { value: 'gallery', label: 'Galleries' },
  { value: 'institution', label: 'Institutions' },
  { value: 'other', label: 'Other' },
];

const linkClass = css({ color: 'accent.default', textDecoration: 'underline', fontWeight: 'medium', overflowWrap: 'anywhere' });

/** The artist's contacts: filtered by kind, searched by name or address, and a form for a new one. */
export function ContactsPage({ logic }: { logic: typeof contactsMachine }) {
  const actor = useActorRef(logic, useInspection());
  const loading = useSelector(actor, selectIsLoading);
  const failure = useSelector(actor, selectFailure);
  const none = useSelector(actor, selectNoContacts);
  const contacts = useSelector(actor, selectContacts);
  const kind = useSelector(actor, selectKind);
  const search = useSelector(actor, selectSearch);
  const creating = useSelector(actor, selectIsCreating);
  const saving = useSelector(actor, selectIsSaving);
  const form = useSelector(actor, selectForm);
  const saveError = useSelector(actor, selectSaveError);
  const shown = visibleContacts(contacts, kind, search);
  const newButton = useRef<HTMLButtonElement>(null);
  const wasCreating = useRef(false);
  // Once the form closes (saved or cancelled), the keyboard is back on New contact.
  useEffect(() => {
    if (wasCreating.current && !creating) newButton.current?.focus();
    wasCreating.current = creating;
  }, [creating]);
  const newContact = (
    <Button ref={newButton} onClick={() => actor.send({ type: 'contact.new' })} disabled={creating}>
      New contact
    </Button>
  );

  return (
    <section aria-labelledby="contacts-title" className={css({ display: 'flex', flexDirection: 'column', gap: '4', maxW: '4xl' })}>
      <div className={css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '3', flexWrap: 'wrap' })}>
        <h1 id="contacts-title" className={css({ fontSize: '3xl', fontWeight: 'bold' })}>
          {CONTACT_MESSAGES.title}
        </h1>
        {!loading && !failure && !none ? newContact : null}
      </div>
      {creating ? (
        <section aria-labelledby="new-contact-title" className={panelClass}>
          <h2 id="new-contact-title" className={css({ fontSize: 'xl', fontWeight: 'semibold' })}>
            New contact
          </h2>
          <ContactForm
            form={form}
            saving={saving}
            failure={saveError ? `${CONTACT_MESSAGES.saveFailed}: ${saveError}` : null}
            submitLabel="Save contact"
            onChange={(field, value) => actor.send({ type: 'form.change', field, value })}
            onSubmit={() => actor.send({ type: 'form.submit' })}
            onCancel={() => actor.send({ type: 'form.cancel' })}
          />
        </section>
      ) : null}
      {loading ? <Spinner label={CONTACT_MESSAGES.loading} /> : null}
      {failure ? (
        <RetryAlert onRetry={() => actor.send({ type: 'list.retry' })}>
          {CONTACT_MESSAGES.fetchFailed}: {failure}
        </RetryAlert>
      ) : null}
      {none && !creating ? (
        <EmptyState art={EnvelopeArt} message={CONTACT_MESSAGES.empty} invitation={CONTACT_MESSAGES.emptyInvitation} action={newContact} />
      ) : null}
      {!loading && !failure && !none ? (
        <>
          <div className={css({ display: 'flex', gap: '3', flexWrap: 'wrap', alignItems: 'flex-end' })}>
            <SelectField
              label="Show"
              name="kind-filter"
              value={kind}
              options={KIND_FILTERS}
              onValueChange={(value) => actor.send({ type: 'filter.kind', kind: value })}
            />
            <TextField
              label="Search by name or email"
              name="contact-search"
              type="search"
              value={search}
              onValueChange={(value) => actor.send({ type: 'filter.search', search: value })}
              className={css({ flex: '1', minW: '48' })}
            />
          </div>
          {shown.length === 0 ? (
            <p role="status" className={css({ color: 'fg.muted' })}>
              No contacts match.
            </p>
          ) : (
            <ul aria-label="Contacts" className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
              {shown.map((c) => (
                <li key={c.contactId} className={panelClass} data-testid="contact">
                  <div className={css({ display: 'flex', gap: '2', alignItems: 'baseline', flexWrap: 'wrap' })}>
                    <Link href={`/portfolio/contacts/${c.contactId}`} className={linkClass}>
                      {c.name}
                    </Link>
                    <span className={css({ color: 'fg.muted', fontSize: 'sm' })}>{CONTACT_KIND_LABELS[c.kind]}</span>
                  </div>
                  {c.email ? <span className={css({ fontSize: 'sm', overflowWrap: 'anywhere' })}>{c.email}</span> : null}
                </li>
              ))}
            </ul>
          )}
        </>
      ) : null}
    </section>
  );
}
