import { useEffect, useRef } from 'react';
import { css } from 'styled-system/css';
import { contactFormView, type ContactField, type ContactForm as Form } from '../../machines/contacts/contacts.form';
import { CONTACT_KINDS, CONTACT_KIND_LABELS } from '../../schemas/contact.schema';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { TextField } from '../ui/field';
import { SelectField } from '../ui/select-field';
import { TextareaField } from '../ui/textarea-field';

const KIND_OPTIONS = CONTACT_KINDS.map((k) => ({ value: k, label: CONTACT_KIND_LABELS[k] }));

/** A contact's fields, for a new contact and for editing one: messages under the fields, Save and Cancel. */
export function ContactForm({
  form,
  saving,
  failure,
  submitLabel,
  onChange,
  onSubmit,
  onCancel,
}: {
  form: Form;
  saving: boolean;
  /** Why the last save failed, if it did. */
  failure: string | null;
  submitLabel: string;
  onChange: (field: ContactField, value: string) => void;
  onSubmit: () => void;
  onCancel: () => void;
}) {
  const { values, errors } = contactFormView(form);
  const ref = useRef<HTMLFormElement>(null);
  // The button that opened the form is gone or disabled: the keyboard goes on at the first field.
  useEffect(() => ref.current?.querySelector<HTMLElement>('input')?.focus(), []);
  const text = (field: ContactField) => ({
    name: field,
    value: values[field],
    error: errors[field],
    disabled: saving,
    onValueChange: (value: string) => onChange(field, value),
  });
  return (
    <form
      ref={ref}
      noValidate
      className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      {failure ? <Alert status="danger">{failure}</Alert> : null}
      <TextField label="Name" required autoComplete="off" {...text('name')} />
      <SelectField label="Kind" options={KIND_OPTIONS} {...text('kind')} />
      <TextField label="Email" type="email" autoComplete="off" {...text('email')} />
      <TextField label="Phone" autoComplete="off" {...text('phone')} />
      <TextareaField label="Address" rows={3} {...text('address')} />
      <TextareaField label="Notes" rows={3} {...text('notes')} />
      <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap' })}>
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving...' : submitLabel}
        </Button>
        <Button type="button" variant="outline" disabled={saving} onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
