import type { SnapshotFrom } from 'xstate';
import { domainFieldError } from './custom-domain.form';
import type { customDomainMachine } from './custom-domain.machine';

type CustomDomainSnapshot = SnapshotFrom<typeof customDomainMachine>;

/** Which view the screen shows: reading, could not read, the form, or the domain with its records. */
export const selectView = (s: CustomDomainSnapshot) =>
  s.matches('loading')
    ? 'loading'
    : s.matches('loadFailed')
      ? 'loadFailed'
      : s.matches('editing') || s.matches('saving')
        ? 'form'
        : 'domain';
/** The chart's state as a path ('showing.checking'), for data-state. */
export const selectState = (s: CustomDomainSnapshot) => (typeof s.value === 'string' ? s.value : `showing.${String(s.value.showing)}`);
export const selectDomain = (s: CustomDomainSnapshot) => s.context.domain;
export const selectIsVerified = (s: CustomDomainSnapshot) => Boolean(s.context.domain?.verifiedAt);
export const selectFormValue = (s: CustomDomainSnapshot) => s.context.form.values.domain;
export const selectFieldError = (s: CustomDomainSnapshot) => domainFieldError(s.context.form);
export const selectCanCancel = (s: CustomDomainSnapshot) => s.context.domain !== null;
export const selectIsSaving = (s: CustomDomainSnapshot) => s.matches('saving');
export const selectIsChecking = (s: CustomDomainSnapshot) => s.matches({ showing: 'checking' });
export const selectIsConfirmingRemove = (s: CustomDomainSnapshot) => s.matches({ showing: 'confirmingRemove' });
export const selectIsRemoving = (s: CustomDomainSnapshot) => s.matches({ showing: 'removing' });
export const selectIsBusy = (s: CustomDomainSnapshot) => s.hasTag('busy');
export const selectCheck = (s: CustomDomainSnapshot) => s.context.check;
export const selectCopied = (s: CustomDomainSnapshot) => s.context.copied;
export const selectError = (s: CustomDomainSnapshot) => s.context.error;
export const selectNotice = (s: CustomDomainSnapshot) => s.context.notice;
