import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { SnapshotFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import { domainFieldError } from '../../src/machines/custom-domain/custom-domain.form';
import { DOMAIN_TEXT, customDomainMachine } from '../../src/machines/custom-domain/custom-domain.machine';
import { ServiceError } from '../../src/services/api-error';
import type { CustomDomain, DomainVerifyResult } from '../../src/schemas/domain.schema';
import { CustomDomainPage, verifiedOn } from '../../src/views/custom-domain/CustomDomainPage';
import { assertFullCoverage, controlledPromise, coveringPaths, createModel, pathName, type ModelEvent } from './harness';

type Snapshot = SnapshotFrom<typeof customDomainMachine>;
type Event = ModelEvent<typeof customDomainMachine>;

const TOKEN_VALUE = 'artist-studio-verify=0123456789abcdef0123456789abcdef';
const PENDING: CustomDomain = {
  domain: 'art.example.com',
  verifiedAt: null,
  checkedAt: null,
  verification: { type: 'TXT', name: '_artist-studio.art.example.com', value: TOKEN_VALUE },
  routing: [{ type: 'CNAME', name: 'art.example.com', value: 'studio.example' }],
};
const VERIFIED: CustomDomain = { ...PENDING, verifiedAt: '2026-11-20T09:00:00.000Z', checkedAt: '2026-11-20T09:00:00.000Z' };
const CHECKED: CustomDomain = { ...PENDING, checkedAt: '2026-11-20T09:00:00.000Z' };

const RESULTS: DomainVerifyResult[] = [
  {
    check: { outcome: 'verified', seen: [TOKEN_VALUE], message: 'Verified: the TXT record at _artist-studio.art.example.com was found.' },
    domain: VERIFIED,
  },
  {
    check: {
      outcome: 'notFound',
      seen: ['artist-studio-verify=old'],
      message: 'The TXT record at _artist-studio.art.example.com does not hold it yet.',
    },
    domain: CHECKED,
  },
  {
    check: {
      outcome: 'failed',
      seen: [],
      message: 'The DNS lookup for _artist-studio.art.example.com did not answer in time. Try again in a moment.',
    },
    domain: CHECKED,
  },
];
const TAKEN = new ServiceError('This domain is already used by another artist.', 409, 'DOMAIN_TAKEN', {
  domain: ['This domain is already used by another artist.'],
});
const DOWN = new ServiceError('The server cannot be reached. Check your connection and try again.');
const RATE_LIMITED = new ServiceError('Too many attempts. Try again in 10 minute(s).', 429, 'RATE_LIMITED');

/** What the artist types: a domain in capitals with the root's dot (saved lower case without it) and one that is not. */
const TYPED = ['Art.Example.com.', 'not a domain'];

function events(s: Snapshot): Event[] {
  if (s.matches('loading')) {
    return [
      { type: 'xstate.done.actor.loadDomain', output: PENDING },
      { type: 'xstate.done.actor.loadDomain', output: null },
      { type: 'xstate.error.actor.loadDomain', error: DOWN },
    ];
  }
  if (s.matches('loadFailed')) return [{ type: 'domain.retry' }];
  if (s.matches('editing')) {
    return [
      ...TYPED.filter((value) => value !== s.context.form.values.domain).map((value): Event => ({ type: 'field.change', value })),
      { type: 'domain.save' },
      // Cancel is there only when a domain is set to go back to.
      ...(s.context.domain ? [{ type: 'domain.cancel' } as const] : []),
    ];
  }
  if (s.matches('saving')) {
    return [
      { type: 'xstate.done.actor.saveDomain', output: PENDING },
      { type: 'xstate.error.actor.saveDomain', error: TAKEN },
      { type: 'xstate.error.actor.saveDomain', error: DOWN },
    ];
  }
  if (s.matches({ showing: 'idle' })) {
    return [
      { type: 'domain.check' },
      { type: 'domain.edit' },
      { type: 'domain.remove' },
      { type: 'record.copy', id: 'txt-value', text: TOKEN_VALUE },
    ];
  }
  if (s.matches({ showing: 'checking' })) {
    return [
      ...RESULTS.map((output): Event => ({ type: 'xstate.done.actor.verifyDomain', output })),
      { type: 'xstate.error.actor.verifyDomain', error: RATE_LIMITED },
    ];
  }
  if (s.matches({ showing: 'confirmingRemove' })) return [{ type: 'remove.confirm' }, { type: 'remove.cancel' }];
  if (s.matches({ showing: 'removing' })) {
    return [{ type: 'xstate.done.actor.removeDomain' }, { type: 'xstate.error.actor.removeDomain', error: DOWN }];
  }
  return [];
}

const serializeState = (s: Snapshot) => {
  const { domain, form, check, error, notice, copied } = s.context;
  return JSON.stringify([
    s.value,
    domain?.verifiedAt ?? domain?.domain ?? null,
    form.values.domain,
    form.submitted,
    form.errors,
    check?.outcome,
    error,
    notice,
    copied,
  ]);
};
const model = createModel(customDomainMachine, { events, serializeState });
// Every state and transition once, then each check's outcome and each refusal of a save shown on its own.
const covering = coveringPaths(model, { minimal: true });
const shortest = model.getShortestPaths({ allowDuplicatePaths: true });
const endingWith = (match: (event: Event) => boolean) =>
  shortest.filter((p) => match(p.steps.at(-1)!.event)).sort((a, b) => a.steps.length - b.steps.length)[0];
const outcome = (event: Event) => (event as { output?: DomainVerifyResult }).output?.check.outcome;
const scenarios = [
  ...RESULTS.map((r) => endingWith((e) => e.type === 'xstate.done.actor.verifyDomain' && outcome(e) === r.check.outcome)),
  ...[TAKEN, DOWN].map((error) =>
    endingWith((e) => e.type === 'xstate.error.actor.saveDomain' && (e as { error?: unknown }).error === error),
  ),
];
const paths = [...covering, ...scenarios];

const field = () => screen.getByRole('textbox', { name: 'Domain' });
const button = (name: string) => screen.getByRole('button', { name });

/** The banner messages: the notice and the error, exactly as in context. */
function expectMessages(s: Snapshot) {
  const { error, notice } = s.context;
  const hidden = true;
  if (error) expect(screen.getAllByRole('alert', { hidden }).map((el) => el.textContent)).toContain(error);
  if (notice) expect(screen.getAllByRole('status', { hidden }).some((el) => el.textContent === notice)).toBe(true);
  if (!error && !s.context.check) expect(screen.queryByRole('alert', { hidden })).toBeNull();
}

function expectForm(s: Snapshot) {
  expect(field()).toHaveValue(s.context.form.values.domain);
  const message = domainFieldError(s.context.form);
  if (message) expect(field()).toHaveAccessibleErrorMessage(message);
  else expect(field()).not.toHaveAttribute('aria-invalid');
  expect(field()).toBeRequired();
  expectMessages(s);
}

/** The domain, its status, the records with their copy buttons, and the last check's result. */
function expectDomain(s: Snapshot) {
  const domain = s.context.domain!;
  // Under the remove dialog the page is hidden from assistive tech, yet still there.
  const hidden = true;
  expect(screen.getByRole('heading', { level: 2, name: domain.domain, hidden })).toBeInTheDocument();
  expect(screen.getByTestId('domain-status')).toHaveTextContent(domain.verifiedAt ? verifiedOn(domain.verifiedAt) : 'Not verified');
  const txt = screen.getByRole('listitem', { name: 'TXT record', hidden });
  expect(within(txt).getByText(domain.verification.name)).toBeInTheDocument();
  expect(within(txt).getByText(domain.verification.value)).toBeInTheDocument();
  const cname = screen.getByRole('listitem', { name: 'CNAME record', hidden });
  expect(within(cname).getByText('studio.example')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Copy TXT value', hidden })).toHaveTextContent(
    s.context.copied === 'txt-value' ? 'Copied' : 'Copy',
  );
  expect(screen.queryByRole('textbox', { name: 'Domain', hidden })).toBeNull();
  const { check } = s.context;
  if (check && !s.matches({ showing: 'checking' })) {
    expect(screen.getByText(check.message)).toBeInTheDocument();
    for (const value of check.outcome === 'verified' ? [] : check.seen) expect(screen.getByText(value)).toBeInTheDocument();
  }
  expectMessages(s);
}

const states = {
  loading: () => {
    expect(screen.getByRole('heading', { level: 1, name: 'Custom domain' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    expect(screen.queryByRole('textbox')).toBeNull();
  },
  loadFailed: () => {
    expect(screen.getByRole('alert')).toHaveTextContent(`${DOMAIN_TEXT.loadFailed}: ${DOWN.message}`);
    expect(button('Try again')).toBeEnabled();
  },
  editing: (s: Snapshot) => {
    expect(screen.getByRole('form', { name: 'Domain' })).toHaveAttribute('aria-busy', 'false');
    expect(button('Save domain')).toBeEnabled();
    expect(field()).toBeEnabled();
    if (s.context.domain) expect(button('Cancel')).toBeEnabled();
    else expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    expectForm(s);
  },
  saving: (s: Snapshot) => {
    expect(button('Saving...')).toBeDisabled();
    expect(field()).toBeDisabled();
    expectForm(s);
  },
  showing: (s: Snapshot) => {
    expectDomain(s);
    expect(screen.getByRole('button', { name: 'Change domain', hidden: true })).toBeInTheDocument();
  },
  'showing.idle': async () => {
    // A closed dialog leaves after its exit animation.
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(button('Check now')).toBeEnabled();
    expect(button('Remove domain')).toBeEnabled();
  },
  'showing.checking': () => {
    expect(button('Checking...')).toBeDisabled();
    expect(button('Change domain')).toBeDisabled();
    expect(screen.getByText('Checking the DNS for the TXT record...')).toBeInTheDocument();
  },
  'showing.confirmingRemove': () => {
    const dialog = screen.getByRole('alertdialog', { name: 'Remove custom domain' });
    expect(dialog).toHaveTextContent('Your public portfolio will no longer be shown at art.example.com.');
    expect(within(dialog).getByRole('button', { name: 'Remove' })).toBeEnabled();
  },
  'showing.removing': () => {
    const dialog = screen.getByRole('alertdialog', { name: 'Remove custom domain' });
    expect(within(dialog).getByRole('button', { name: 'Removing...' })).toBeDisabled();
  },
};

async function typeDomain(user: UserEvent, value: string) {
  await user.clear(field());
  if (value) await user.type(field(), value);
}

describe('custom-domain: the Custom domain screen follows the chart', () => {
  it.for(paths.map((p) => [pathName(p), p] as const))('%s', async ([, path]) => {
    const user = userEvent.setup();
    const load = controlledPromise<CustomDomain | null>('loadDomain');
    const save = controlledPromise<CustomDomain, string>('saveDomain');
    const verify = controlledPromise<DomainVerifyResult>('verifyDomain');
    const remove = controlledPromise<void>('removeDomain');
    const copied: string[] = [];
    render(
      <CustomDomainPage
        logic={customDomainMachine.provide({
          actors: { loadDomain: load.logic, saveDomain: save.logic, verifyDomain: verify.logic, removeDomain: remove.logic },
          actions: { copyText: (_, text) => void copied.push(text) },
        })}
      />,
    );
    const settle = (event: Event) => event as unknown as { output?: unknown; error?: unknown };
    await path.test({
      events: {
        'xstate.done.actor.loadDomain': ({ event }) => act(() => load.resolve(settle(event).output as CustomDomain | null)),
        'xstate.error.actor.loadDomain': ({ event }) => act(() => load.reject(settle(event).error)),
        'domain.retry': () => user.click(button('Try again')),
        'field.change': ({ event }) => typeDomain(user, (event as Extract<Event, { type: 'field.change' }>).value),
        'domain.save': async () => {
          const calls = save.calls.length;
          await user.click(button('Save domain'));
          // A valid form sends the domain lower case without its dot; an invalid one sends nothing.
          if (save.pending) expect(save.calls.at(-1)).toBe('art.example.com');
          else expect(save.calls).toHaveLength(calls);
        },
        'domain.cancel': () => user.click(button('Cancel')),
        'xstate.done.actor.saveDomain': ({ event }) => act(() => save.resolve(settle(event).output as CustomDomain)),
        'xstate.error.actor.saveDomain': ({ event }) => act(() => save.reject(settle(event).error)),
        'domain.check': () => user.click(button('Check now')),
        'xstate.done.actor.verifyDomain': ({ event }) => act(() => verify.resolve(settle(event).output as DomainVerifyResult)),
        'xstate.error.actor.verifyDomain': ({ event }) => act(() => verify.reject(settle(event).error)),
        'domain.edit': () => user.click(button('Change domain')),
        'domain.remove': () => user.click(button('Remove domain')),
        'remove.confirm': () => user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Remove' })),
        'remove.cancel': () => user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel' })),
        'xstate.done.actor.removeDomain': () => act(() => remove.resolve()),
        'xstate.error.actor.removeDomain': ({ event }) => act(() => remove.reject(settle(event).error)),
        'record.copy': async () => {
          await user.click(button('Copy TXT value'));
          expect(copied.at(-1)).toBe(TOKEN_VALUE);
        },
      },
      states,
    });
  });

  it('covers every state and transition', () => {
    assertFullCoverage(customDomainMachine, paths, { stateTests: states, record: true });
  });
});
