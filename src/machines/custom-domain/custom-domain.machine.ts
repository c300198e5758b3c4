import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { CustomDomain, DomainCheck, DomainVerifyResult } from '../../schemas/domain.schema';
import { changeField, isFormValid, submitForm, withServerErrors } from '../shared/form';
import { errorOf, failureFieldErrors, failureMessage } from '../shared/failure';
import { DOMAIN_FORM_RULES, domainForm, domainToSave, type DomainForm } from './custom-domain.form';

export interface CustomDomainContext {
  /** The domain as the server has it (null: none set). */
  domain: CustomDomain | null;
  form: DomainForm;
  /** What the last check found. */
  check: DomainCheck | null;
  /** Which record's value was just copied ('txt-name', ...), for the button's "Copied". */
  copied: string | null;
  error: string | null;
  notice: string | null;
}

export type CustomDomainEvent =
  | { type: 'domain.retry' }
  | { type: 'field.change'; value: string }
  | { type: 'domain.save' }
  | { type: 'domain.edit' }
  | { type: 'domain.cancel' }
  | { type: 'domain.check' }
  | { type: 'domain.remove' }
  | { type: 'remove.confirm' }
  | { type: 'remove.cancel' }
  | { type: 'record.copy'; id: string; text: string };

export const DOMAIN_TEXT = {
  saved: 'Domain saved. Create the DNS records below, then check them.',
  removed: 'Custom domain removed.',
  loadFailed: 'Failed to load the custom domain',
  saveFailed: 'Failed to save the domain',
  checkFailed: 'Failed to check the domain',
  removeFailed: 'Failed to remove the domain',
} as const;

const prefixed = (what: string, error: unknown) => `${what}: ${failureMessage(error)}`;

/**
 * The Custom domain screen: the domain typed and checked against the spec's rules, then the DNS records to create,
 * its status, a check of the TXT record on demand, and removal after a confirm.
 */
export const customDomainMachine = setup({
  types: {
    context: {} as CustomDomainContext,
    events: {} as CustomDomainEvent,
    tags: {} as 'busy',
  },
  actors: {
    loadDomain: fromPromise<CustomDomain | null>(async () => {
      throw new Error('loadDomain not provided');
    }),
    saveDomain: fromPromise<CustomDomain, string>(async () => {
      throw new Error('saveDomain not provided');
    }),
    verifyDomain: fromPromise<DomainVerifyResult>(async () => {
      throw new Error('verifyDomain not provided');
    }),
    removeDomain: fromPromise<void>(async () => {
      throw new Error('removeDomain not provided');
    }),
  },
  actions: {
    /** Puts a record's value on the clipboard (provided by the route). */
    copyText: (_, _text: string) => {},
    startForm: assign(({ context }) => ({ form: domainForm(context.domain?.domain ?? ''), error: null, notice: null })),
    change: assign(({ context, event }) => {
      assertEvent(event, 'field.change');
      return { form: changeField(context.form, DOMAIN_FORM_RULES, 'domain', event.value), error: null };
    }),
    showAllMessages: assign(({ context }) => ({ form: submitForm(context.form, DOMAIN_FORM_RULES) })),
    /** A refusal the field explains (taken, the studio's own) goes under it; any other in the alert. */
    showRefusal: assign(({ context, event }) => {
      const fields = failureFieldErrors(errorOf(event));
      return {
        form: withServerErrors(context.form, fields.domain ? { domain: fields.domain } : {}),
        error: fields.domain ? null : prefixed(DOMAIN_TEXT.saveFailed, errorOf(event)),
      };
    }),
    setError: assign(({ event }, what: string) => ({ error: prefixed(what, errorOf(event)) })),
    clearMessages: assign({ error: null, notice: null, copied: null }),
  },
  guards: {
    formValid: ({ context }) => isFormValid(context.form, DOMAIN_FORM_RULES),
    hasDomain: ({ context }) => context.domain !== null,
  },
}).createMachine({
  id: 'customDomain',
  context: { domain: null, form: domainForm(), check: null, copied: null, error: null, notice: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadDomain',
        src: 'loadDomain',
        onDone: [
          { guard: ({ event }) => event.output !== null, target: 'showing', actions: assign({ domain: ({ event }) => event.output }) },
          { target: 'editing' },
        ],
        onError: { target: 'loadFailed', actions: { type: 'setError', params: DOMAIN_TEXT.loadFailed } },
      },
    },
    loadFailed: { on: { 'domain.retry': { target: 'loading', actions: 'clearMessages' } } },
    editing: {
      description: 'The domain field, re-validated on every change; Cancel goes back to the domain set, if any.',
      on: {
        'field.change': { actions: 'change' },
        'domain.save': [{ guard: 'formValid', target: 'saving', actions: 'clearMessages' }, { actions: 'showAllMessages' }],
        'domain.cancel': { guard: 'hasDomain', target: 'showing', actions: 'clearMessages' },
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'saveDomain',
        src: 'saveDomain',
        input: ({ context }) => domainToSave(context.form),
        onDone: {
          target: 'showing',
          actions: assign({ domain: ({ event }) => event.output, check: null, notice: DOMAIN_TEXT.saved }),
        },
        onError: { target: 'editing', actions: 'showRefusal' },
      },
    },
    showing: {
      description: 'The records to create and the status; copying a value works in every sub-state.',
      initial: 'idle',
      on: {
        'record.copy': {
          actions: [{ type: 'copyText', params: ({ event }) => event.text }, assign({ copied: ({ event }) => event.id })],
        },
      },
      states: {
        idle: {
          on: {
            'domain.check': { target: 'checking', actions: ['clearMessages', assign({ check: null })] },
            'domain.edit': { target: '#customDomain.editing', actions: 'startForm' },
            'domain.remove': { target: 'confirmingRemove', actions: 'clearMessages' },
          },
        },
        checking: {
          description: 'The server asks the DNS for the TXT record; not found yet and no answer are results, not failures.',
          tags: ['busy'],
          invoke: {
            id: 'verifyDomain',
            src: 'verifyDomain',
            onDone: {
              target: 'idle',
              actions: assign({ domain: ({ event }) => event.output.domain, check: ({ event }) => event.output.check }),
            },
            onError: { target: 'idle', actions: { type: 'setError', params: DOMAIN_TEXT.checkFailed } },
          },
        },
        confirmingRemove: { on: { 'remove.confirm': 'removing', 'remove.cancel': 'idle' } },
        removing: {
          tags: ['busy'],
          invoke: {
            id: 'removeDomain',
            src: 'removeDomain',
            onDone: {
              target: '#customDomain.editing',
              actions: assign({ domain: null, check: null, form: () => domainForm(), notice: DOMAIN_TEXT.removed }),
            },
            onError: { target: 'idle', actions: { type: 'setError', params: DOMAIN_TEXT.removeFailed } },
          },
        },
      },
    },
  },
});
