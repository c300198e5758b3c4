import type { Contact } from '../../schemas/contact.schema';
import { TextField } from '../ui/field';
import { SelectField } from '../ui/select-field';
import { TextareaField } from '../ui/textarea-field';

export interface ConsignTermsFieldsProps {
  values: Record<string, string>;
  fieldErrors: Record<string, string>;
  /** The artist's galleries; with none, the form says how to add one instead of the picker. */
  galleries: Contact[];
  disabled: boolean;
  onChange: (field: string, value: string) => void;
}

export const CONSIGN_FIELD_LABELS = {
  contactId: 'Gallery',
  startsOn: 'Starts on',
  endsOn: 'Ends on',
  commissionPercent: 'Commission (%)',
  note: 'Note',
} as const;

/**
 * The terms of a consignment (gallery, dates, commission, note): the Inventory tab's Consign dialog and My Artworks'
 * Consign... both render these; the values and messages are their charts'.
 */
export function ConsignTermsFields({ values, fieldErrors, galleries, disabled, onChange }: ConsignTermsFieldsProps) {
  const field = (name: 'startsOn' | 'endsOn' | 'commissionPercent', type: 'text' | 'date' = 'text') => (
    <TextField
      label={CONSIGN_FIELD_LABELS[name]}
      name={name}
      type={type}
      value={values[name] ?? ''}
      error={fieldErrors[name]}
      disabled={disabled}
      onValueChange={(value) => onChange(name, value)}
    />
  );
  return (
    <>
      {galleries.length ? (
        <SelectField
          label={CONSIGN_FIELD_LABELS.contactId}
          name="contactId"
          value={values.contactId ?? ''}
          error={fieldErrors.contactId}
          disabled={disabled}
          options={[{ value: '', label: 'Choose a gallery' }, ...galleries.map((c) => ({ value: c.contactId, label: c.name }))]}
          onValueChange={(value) => onChange('contactId', value)}
        />
      ) : null}
      {field('startsOn', 'date')}
      {field('endsOn', 'date')}
      {field('commissionPercent')}
      <TextareaField
        label={CONSIGN_FIELD_LABELS.note}
        name="note"
        rows={2}
        value={values.note ?? ''}
        error={fieldErrors.note}
        disabled={disabled}
        onValueChange={(value) => onChange('note', value)}
      />
    </>
  );
}
