import { type Contact, type ContactInput, contactInputSchema } from '../../schemas/contact.schema';
import { changeField, emptyForm, isFormValid, submitForm, visibleError, withServerErrors, type FormContext } from '../shared/form';

/** The contact form's fields, as typed. */
export const CONTACT_FIELDS = ['name', 'email', 'phone', 'address', 'kind', 'notes'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];
export type ContactFormValues = Record<ContactField, string>;
export type ContactForm = FormContext<ContactFormValues>;

/** The events of a contact form, the same on the list (New contact) and on a contact's page (Edit). */
export type ContactFormEvent =
  { type: 'form.change'; field: ContactField; value: string } | { type: 'form.submit' } | { type: 'form.cancel' };

/** The form of a new contact (a collector unless chosen otherwise), or of one being edited. */
export const contactForm = (contact?: Contact): ContactForm =>
  emptyForm<ContactFormValues>(
    contact
      ? {
          name: contact.name,
          email: contact.email,
          phone: contact.phone,
          address: contact.address,
          kind: contact.kind,
          notes: contact.notes,
        }
      : { name: '', email: '', phone: '', address: '', kind: 'collector', notes: '' },
    contactInputSchema,
  );

export const changeContactField = (form: ContactForm, field: ContactField, value: string) =>
  changeField(form, contactInputSchema, field, value);
export const submitContactForm = (form: ContactForm) => submitForm(form, contactInputSchema);
export const isContactFormValid = (form: ContactForm) => isFormValid(form, contactInputSchema);
export const withContactServerErrors = withServerErrors<ContactFormValues>;
/** What is sent: the values as the schema reads them (trimmed, the address in lower case). */
export const contactInput = (form: ContactForm): ContactInput => contactInputSchema.parse(form.values);

/** What the form shows: each value, and its message once the form engine shows it. */
export const contactFormView = (form: ContactForm) => ({
  values: form.values,
  errors: Object.fromEntries(CONTACT_FIELDS.map((f) => [f, visibleError(form, f)])) as Record<ContactField, string | undefined>,
});
