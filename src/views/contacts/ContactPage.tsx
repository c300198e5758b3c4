import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { css } from 'styled-system/css';
import type { contactPageMachine } from '../../machines/contacts/contact-page.machine';
import {
  selectDetail,
  selectError,
  selectForm,
  selectIsConfirmingDelete,
  selectIsDeleting,
  selectIsEditing,
  selectIsSaving,
  selectView,
} from '../../machines/contacts/contact-page.selectors';
import { CONTACT_KIND_LABELS, CONTACT_MESSAGES, type Contact } from '../../schemas/contact.schema';
import { EditorLoadFailed, EditorNotFound } from '../shell/editor-frame';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { ConfirmDialog } from '../ui/dialog';
import { panelClass } from '../ui/panel';
import { Spinner } from '../ui/spinner';
import { useInspection } from '../inspection';
import { ContactForm } from './ContactForm';
import { ContactSections } from './ContactSections';

const TITLE_ID = 'contact-title';
const BACK = { href: '/portfolio/contacts', label: 'Back to Contacts' };
const termClass = css({ fontSize: 'sm', color: 'fg.muted' });
const valueClass = css({ overflowWrap: 'anywhere', whiteSpace: 'pre-line' });

function Details({ contact }: { contact: Contact }) {
  const rows = [
    ['Kind', CONTACT_KIND_LABELS[contact.kind]],
    ['Email', contact.email],
    ['Phone', contact.phone],
    ['Address', contact.address],
    ['Notes', contact.notes],
  ].filter(([, value]) => value);
  return (
    <dl className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
      {rows.map(([term, value]) => (
        <div key={term}>
          <dt className={termClass}>{term}</dt>
          <dd className={valueClass}>
            {term === 'Email' ? (
              <a href={`mailto:${value}`} className={css({ color: 'accent.default', textDecoration: 'underline' })}>
                {value}
              </a>
            ) : (
              value
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** A contact: their details (edited in place, or deleted after asking), then what they are part of. */
export function ContactPage({ logic, contactId }: { logic: typeof contactPageMachine; contactId: string }) {
  const actor = useActorRef(logic, { input: { contactId }, ...useInspection() });
  const view = useSelector(actor, selectView);
  const detail = useSelector(actor, selectDetail);
  const error = useSelector(actor, selectError);
  const editing = useSelector(actor, selectIsEditing);
  const saving = useSelector(actor, selectIsSaving);
  const form = useSelector(actor, selectForm);
  const confirming = useSelector(actor, selectIsConfirmingDelete);
  const deleting = useSelector(actor, selectIsDeleting);
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  // Once the form closes (saved or cancelled), the keyboard is back on Edit.
  useEffect(() => {
    if (wasEditing.current && !editing) editButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  if (view === 'loading') return <Spinner label="Loading the contact..." />;
  if (view === 'notFound')
    return <EditorNotFound titleId={TITLE_ID} title={CONTACT_MESSAGES.notFound} text="There is no such contact." back={BACK} />;
  if (view === 'failed' || !detail)
    return (
      <EditorLoadFailed
        titleId={TITLE_ID}
        title="Contact"
        failure={<Alert status="danger">{`Failed to load the contact: ${error}`}</Alert>}
        onRetry={() => actor.send({ type: 'page.retry' })}
      />
    );
  const { contact } = detail;
  return (
    <section aria-labelledby={TITLE_ID} className={css({ display: 'flex', flexDirection: 'column', gap: '4', maxW: '3xl' })}>
      <h1 id={TITLE_ID} className={css({ fontSize: '3xl', fontWeight: 'bold', overflowWrap: 'anywhere' })}>
        {contact.name}
      </h1>
      <section aria-label="Details" className={panelClass}>
        {editing ? (
          <ContactForm
            form={form}
            saving={saving}
            failure={error ? `${CONTACT_MESSAGES.saveFailed}: ${error}` : null}
            submitLabel="Save changes"
            onChange={(field, value) => actor.send({ type: 'form.change', field, value })}
            onSubmit={() => actor.send({ type: 'form.submit' })}
            onCancel={() => actor.send({ type: 'form.cancel' })}
          />
        ) : (
          <>
            {error ? <Alert status="danger">{`${CONTACT_MESSAGES.deleteFailed}: ${error}`}</Alert> : null}
            <Details contact={contact} />
            <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap' })}>
              <Button
                ref={editButton}
                size="sm"
                variant="outline"
                disabled={confirming}
                onClick={() => actor.send({ type: 'contact.edit' })}
              >
                Edit
              </Button>
              <Button size="sm" variant="outline" disabled={confirming} onClick={() => actor.send({ type: 'contact.delete' })}>
                Delete
              </Button>
            </div>
          </>
        )}
      </section>
      <ContactSections detail={detail} />
      <ConfirmDialog
        open={confirming}
        title={`Delete ${contact.name}?`}
        message={CONTACT_MESSAGES.confirmDelete}
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={deleting}
        onConfirm={() => actor.send({ type: 'delete.confirm' })}
        onCancel={() => actor.send({ type: 'delete.cancel' })}
      />
    </section>
  );
}
