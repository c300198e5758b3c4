import { domainInputSchema } from '../../schemas/domain.schema';
import { emptyForm, visibleError, type FormContext } from '../shared/form';

export type DomainValues = { domain: string };
export type DomainForm = FormContext<DomainValues>;

/** The form's rules: the spec's domain rules and messages, the same the server checks. */
export const DOMAIN_FORM_RULES = domainInputSchema;

/** The form, empty or holding the domain being changed. */
export const domainForm = (domain = ''): DomainForm => emptyForm({ domain }, DOMAIN_FORM_RULES);

/** The domain as it will be sent: trimmed, lower case, without the trailing dot. */
export const domainToSave = (form: DomainForm) => DOMAIN_FORM_RULES.parse(form.values).domain;

/** The message under the field right now, if any. */
export const domainFieldError = (form: DomainForm) => visibleError(form, 'domain');
