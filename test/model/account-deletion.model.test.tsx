import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SnapshotFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import { accountDeletionMachine } from '../../src/machines/your-data/account-deletion.machine';
import { visibleError } from '../../src/machines/shared/form';
import type { DeleteAccount } from '../../src/schemas/user.schema';
import { AccountDeletion } from '../../src/views/your-data/YourData';
import { ServiceError } from '../../src/services/api-error';
import { assertFullCoverage, controlledPromise, coveringPaths, createModel, pathName, type ModelEvent } from './harness';

type Snapshot = SnapshotFrom<typeof accountDeletionMachine>;

const WRONG = 'The current password is not correct.';
const failure = new ServiceError(WRONG, 403, undefined, { currentPassword: [WRONG] });
// A failure no field carries: said once, above the form.
const TOO_MANY = 'Too many attempts. Try again in 15 minutes.';
const tooMany = new ServiceError(TOO_MANY, 429);
const LABELS: Record<string, string> = { currentPassword: 'Current Password', confirmation: 'Type DELETE to confirm' };

const events: Array<ModelEvent<typeof accountDeletionMachine>> = [
  { type: 'deletion.open' },
  { type: 'deletion.cancel' },
  { type: 'deletion.confirm' },
  { type: 'field.change', name: 'currentPassword', value: 'Palette2024' },
  { type: 'field.change', name: 'confirmation', value: 'DELETE' },
  { type: 'field.change', name: 'confirmation', value: 'delete' },
  { type: 'xstate.done.actor.deleteAccount' },
  { type: 'xstate.error.actor.deleteAccount', error: failure },
  { type: 'xstate.error.actor.deleteAccount', error: tooMany },
];
const model = createModel(accountDeletionMachine, {
  events,
  serializeState: (s: Snapshot) =>
    JSON.stringify([s.value, s.context.form.values, s.context.form.submitted, s.context.error, s.context.form.errors]),
});
const paths = coveringPaths(model, { minimal: true });

/** Each field shows its value and, once visible, its message wired to the input. */
function expectFields(s: Snapshot) {
  for (const name of Object.keys(LABELS)) {
    const input = screen.getByLabelText(LABELS[name], { exact: false });
    expect(input).toHaveValue(s.context.form.values[name as keyof typeof s.context.form.values]);
    const message = visibleError(s.context.form, name);
    if (message) expect(input).toHaveAccessibleErrorMessage(message);
    else expect(input).not.toHaveAttribute('aria-invalid', 'true');
  }
}

const states = {
  closed: () => {
    expect(screen.getByRole('button', { name: 'Delete my account' })).toBeEnabled();
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.queryByLabelText('Current Password', { exact: false })).toBeNull();
  },
  confirming: (s: Snapshot) => {
    expect(screen.getByRole('form', { name: 'Delete my account' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('It cannot be undone.');
    expect(screen.getByRole('button', { name: 'Delete my account forever' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeEnabled();
    expectFields(s);
    if (s.context.error) expect(screen.getByRole('alert')).toHaveTextContent(s.context.error);
    else expect(screen.queryByRole('alert')).toBeNull();
    // A wrong password is said once, under the password, not again above the form.
    for (const message of [WRONG, TOO_MANY]) expect(screen.queryAllByText(message).length).toBeLessThanOrEqual(1);
  },
  deleting: () => {
    expect(screen.getByRole('button', { name: 'Deleting...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(screen.queryByRole('alert')).toBeNull();
  },
  deleted: () => {
    expect(screen.getByRole('status')).toHaveTextContent('Your account was deleted.');
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.queryByRole('button', { name: /Delete my account/ })).toBeNull();
  },
};

describe('account deletion: Delete my account follows the chart', () => {
  it.for(paths.map((p) => [pathName(p), p] as const))('%s', async ([, path]) => {
    const user = userEvent.setup();
    const remove = controlledPromise<void, DeleteAccount>('deleteAccount');
    let signedOut = 0;
    render(
      <AccountDeletion
        logic={accountDeletionMachine.provide({
          actors: { deleteAccount: remove.logic },
          actions: { accountDeleted: () => void signedOut++ },
        })}
      />,
    );
    await path.test({
      events: {
        'deletion.open': () => user.click(screen.getByRole('button', { name: 'Delete my account' })),
        'deletion.cancel': () => user.click(screen.getByRole('button', { name: 'Cancel' })),
        'deletion.confirm': () => user.click(screen.getByRole('button', { name: 'Delete my account forever' })),
        'field.change': async ({ event }) => {
          const { name, value } = event as unknown as { name: string; value: string };
          const input = screen.getByLabelText(LABELS[name], { exact: false });
          await user.clear(input);
          await user.type(input, value);
        },
        'xstate.done.actor.deleteAccount': () => act(() => remove.resolve(undefined)),
        'xstate.error.actor.deleteAccount': ({ event }) => act(() => remove.reject((event as unknown as { error: ServiceError }).error)),
      },
      states,
    });
    // Only the password goes to the server (the typed word is the app's own check), and only a valid form is sent.
    expect(remove.calls.every((c) => Object.keys(c).join() === 'currentPassword' && c.currentPassword === 'Palette2024')).toBe(true);
    expect(signedOut).toBe(path.steps.filter((s) => s.event.type === 'xstate.done.actor.deleteAccount').length);
  });

  it('says a failure no field carries (too many attempts) once, above the form', async () => {
    const user = userEvent.setup();
    const remove = controlledPromise<void, DeleteAccount>('deleteAccount');
    render(<AccountDeletion logic={accountDeletionMachine.provide({ actors: { deleteAccount: remove.logic } })} />);
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    await user.type(screen.getByLabelText(LABELS.currentPassword, { exact: false }), 'Palette2024');
    await user.type(screen.getByLabelText(LABELS.confirmation, { exact: false }), 'DELETE');
    await user.click(screen.getByRole('button', { name: 'Delete my account forever' }));
    await act(() => remove.reject(tooMany));
    expect(await screen.findByRole('alert')).toHaveTextContent(TOO_MANY);
    expect(screen.getAllByText(TOO_MANY)).toHaveLength(1);
    expect(screen.getByLabelText(LABELS.currentPassword, { exact: false })).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('covers every state and transition', () => {
    assertFullCoverage(accountDeletionMachine, paths, { stateTests: states, record: true });
  });
});
