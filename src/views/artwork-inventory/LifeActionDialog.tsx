import { Portal } from '@ark-ui/react/portal';
import { Link } from 'wouter';
import { css } from 'styled-system/css';
import type { InventoryDialog } from '../../machines/artwork-inventory/artwork-inventory.machine';
import { LIFE_ACTION_LABELS } from '../../machines/artwork-inventory/life-actions';
import type { Contact } from '../../schemas/contact.schema';
import { PRICE_DISPLAYS, PRICE_DISPLAY_LABELS, type Piece } from '../../schemas/inventory.schema';
import { ConsignTermsFields } from '../consignments/ConsignTermsFields';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { TextField } from '../ui/field';
import { SelectField } from '../ui/select-field';
import { TextareaField } from '../ui/textarea-field';

export interface LifeActionDialogProps {
  dialog: InventoryDialog | null;
  piece: Piece | null;
  contacts: Contact[];
  sending: boolean;
  onChange: (field: string, value: string) => void;
  onSubmit: () => void;
  onCancel: () => void;
}

const CONTACT_LABEL: Partial<Record<InventoryDialog['action'], string>> = { sell: 'Buyer', hold: 'Hold for', consign: 'Gallery' };
const consigning = (dialog: InventoryDialog | null) => dialog?.action === 'consign';

/** The form of one change of a piece; its values, messages and whether it is sending are the inventory chart's. */
export function LifeActionDialog({ dialog, piece, contacts, sending, onChange, onSubmit, onCancel }: LifeActionDialogProps) {
  const open = dialog !== null && piece !== null;
  const v = dialog?.values ?? {};
  const field = (name: string, label: string, extra: { type?: 'text' | 'date'; hint?: string; placeholder?: string } = {}) => (
    <TextField
      label={label}
      name={name}
      value={v[name] ?? ''}
      error={dialog?.fieldErrors[name]}
      disabled={sending}
      onValueChange={(value) => onChange(name, value)}
      {...extra}
    />
  );
  const has = (name: string) => name in v;
  const contactLabel = dialog ? CONTACT_LABEL[dialog.action] : undefined;
  const title = dialog ? `${LIFE_ACTION_LABELS[dialog.action]}${piece?.copy ? ` (${piece.copy})` : ''}` : '';

  return (
    <Dialog.Root
      open={open}
      lazyMount
      unmountOnExit
      closeOnInteractOutside={!sending}
      closeOnEscape={!sending}
      onOpenChange={(d) => {
        if (!d.open) onCancel();
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content className={css({ maxH: '90vh', overflowY: 'auto' })}>
            <Dialog.Title>{title}</Dialog.Title>
            <form
              noValidate
              aria-label={title}
              className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}
              onSubmit={(e) => {
                e.preventDefault();
                onSubmit();
              }}
            >
              {dialog?.error ? <Alert status="danger">{dialog.error}</Alert> : null}
              {contactLabel && !(contacts.length && consigning(dialog)) ? (
                contacts.length ? (
                  <SelectField
                    label={contactLabel}
                    name="contactId"
                    value={v.contactId ?? ''}
                    error={dialog?.fieldErrors.contactId}
                    disabled={sending}
                    options={[{ value: '', label: 'Choose a contact' }, ...contacts.map((c) => ({ value: c.contactId, label: c.name }))]}
                    onValueChange={(value) => onChange('contactId', value)}
                  />
                ) : (
                  <Alert status="info">
                    No {dialog?.action === 'consign' ? 'gallery' : 'contact'} yet:{' '}
                    <Link href="/portfolio/contacts" className={css({ textDecoration: 'underline' })}>
                      add one in Contacts
                    </Link>
                    .
                  </Alert>
                )
              ) : null}
              {has('borrower') ? field('borrower', 'Lent to (exhibition or person)') : null}
              {has('place') ? field('place', 'Where', { placeholder: 'Storage, framer, in transit...' }) : null}
              {has('date') ? field('date', 'Date', { type: 'date' }) : null}
              {consigning(dialog) ? (
                <ConsignTermsFields
                  values={v}
                  fieldErrors={dialog!.fieldErrors}
                  galleries={contacts}
                  disabled={sending}
                  onChange={onChange}
                />
              ) : null}
              {has('until') ? field('until', 'Until', { type: 'date' }) : null}
              {has('amount') ? field('amount', 'Price', { placeholder: '1250.00' }) : null}
              {has('currency') ? field('currency', 'Currency', { hint: 'An ISO 4217 code: EUR, USD, GBP, JPY...' }) : null}
              {has('discount') ? field('discount', 'Discount', { placeholder: '0.00' }) : null}
              {has('commissionPercent') && !consigning(dialog)
                ? field('commissionPercent', 'Commission (%)', {
                    hint: dialog?.action === 'sell' ? "Left empty: the consignment's, when sold through one; else none." : undefined,
                  })
                : null}
              {has('tax')
                ? field('tax', 'Tax', { placeholder: '0.00', hint: 'Collected on top of the price; not part of your net.' })
                : null}
              {has('invoiceNumber') ? field('invoiceNumber', 'Invoice number') : null}
              {has('display') ? (
                <SelectField
                  label="On the public site"
                  name="display"
                  value={v.display}
                  options={PRICE_DISPLAYS.map((d) => ({ value: d, label: PRICE_DISPLAY_LABELS[d] }))}
                  disabled={sending}
                  onValueChange={(value) => onChange('display', value)}
                />
              ) : null}
              {has('size') ? field('size', 'Numbered copies', { hint: 'Leave empty for a unique work.' }) : null}
              {has('proofs') ? field('proofs', "Artist's proofs") : null}
              {has('note') && !consigning(dialog) ? (
                <TextareaField
                  label="Note"
                  name="note"
                  rows={2}
                  value={v.note}
                  error={dialog?.fieldErrors.note}
                  disabled={sending}
                  onValueChange={(value) => onChange('note', value)}
                />
              ) : null}
              <div className={css({ display: 'flex', gap: '3', justifyContent: 'flex-end' })}>
                <Button type="button" variant="outline" disabled={sending} onClick={onCancel}>
                  Cancel
                </Button>
                <Button type="submit" disabled={sending}>
                  {sending ? 'Saving...' : dialog ? LIFE_ACTION_LABELS[dialog.action] : ''}
                </Button>
              </div>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
