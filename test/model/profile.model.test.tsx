import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SnapshotFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import { visibleError, type FormContext } from '../../src/machines/shared/form';
import { profileMachine } from '../../src/machines/profile/profile.machine';
import type { AvatarCrop, ProfileUpdate, SecurityUpdate, User } from '../../src/schemas/user.schema';
import { ProfilePage } from '../../src/views/profile/ProfilePage';
import { ServiceError } from '../../src/services/api-error';
import { assertFullCoverage, controlledPromise, coveringPaths, createModel, pathName, type ModelEvent } from './harness';

type Snapshot = SnapshotFrom<typeof profileMachine>;

const base: User = {
  userId: 'u1',
  firstName: '',
  lastName: '',
  email: 'ada@example.com',
  displayName: '',
  pendingEmail: null,
  avatarVersion: null,
  bio: 'Paints harbours.',
  website: 'https://ada.art',
  contactEmail: '',
  instagram: 'ada.paints',
  bluesky: '',
};
const WITH_AVATAR: User = { ...base, avatarVersion: 'v1.webp' };
const NAMED: User = { ...WITH_AVATAR, firstName: 'Ada', lastName: 'Lovelace', displayName: 'Ada Lovelace' };
const UPLOADED: User = { ...WITH_AVATAR, avatarVersion: 'v2.webp' };
const AVATAR_URL = 'blob:avatar-1';

/** The picture as the crop dialog reads it: 400 px square, so the frame at its start takes all of it. */
const PICTURE = { width: 400, height: 400 };
const CROP = { x: 0, y: 0, width: 400, height: 400 };
// jsdom makes no object URLs: the crop dialog's picture gets a stand-in address.
URL.createObjectURL ??= () => 'blob:chosen-picture';
URL.revokeObjectURL ??= () => {};

const png = new File([new Uint8Array([137, 80, 78, 71])], 'portrait.png', { type: 'image/png' });
const text = new File(['hello'], 'notes.txt', { type: 'text/plain' });
const failure = (message: string, fieldErrors?: Record<string, string[]>) =>
  Object.assign(new ServiceError(message, 400, undefined, fieldErrors), { id: message });

// Files serialise to {}: `kind` tells the model which one is meant.
const events: Array<ModelEvent<typeof profileMachine>> = [
  { type: 'profile.retry' },
  { type: 'profile.edit' },
  { type: 'profile.changeCredentials' },
  { type: 'profile.cancel' },
  { type: 'profile.save' },
  { type: 'field.change', name: 'firstName', value: 'Ada' },
  { type: 'field.change', name: 'lastName', value: 'x'.repeat(101) },
  { type: 'field.change', name: 'currentPassword', value: 'Palette2024' },
  { type: 'field.change', name: 'newPassword', value: 'Canvas2025x' },
  { type: 'avatar.choose', file: png, kind: 'image' } as never,
  { type: 'avatar.choose', file: text, kind: 'text' } as never,
  { type: 'avatar.progress', fraction: 0.5 },
  { type: 'xstate.done.actor.loadUser', output: WITH_AVATAR },
  { type: 'xstate.done.actor.loadUser', output: base },
  { type: 'xstate.error.actor.loadUser', error: failure('Get User request failed') },
  { type: 'xstate.done.actor.saveProfile', output: NAMED },
  {
    type: 'xstate.error.actor.saveProfile',
    error: failure('Failed to save profile', { lastName: ['Last name must be at most 100 characters'] }),
  },
  { type: 'xstate.done.actor.changeCredentials', output: { message: 'Your password has been changed.', user: WITH_AVATAR } },
  {
    type: 'xstate.error.actor.changeCredentials',
    error: failure('The current password is not correct.', { currentPassword: ['The current password is not correct.'] }),
  },
  { type: 'xstate.done.actor.loadAvatar', output: AVATAR_URL },
  { type: 'xstate.error.actor.loadAvatar', error: failure('Failed to load the avatar') },
  { type: 'xstate.done.actor.uploadAvatar', output: UPLOADED },
  { type: 'xstate.error.actor.uploadAvatar', error: failure('Failed to upload the avatar') },
  // The crop dialog: a square chosen, or cancelled.
  { type: 'xstate.done.actor.cropAvatar', output: { crop: CROP } },
  { type: 'xstate.done.actor.cropAvatar', output: null },
];

const serializeState = (s: Snapshot) =>
  JSON.stringify([
    s.value,
    s.context.user?.avatarVersion ?? null,
    Object.values(s.context.profileForm.values).map((v) => v.length),
    Object.values(s.context.credentialsForm.values).map(Boolean),
    s.context.profileForm.submitted || s.context.credentialsForm.submitted,
    Boolean(s.context.error),
    Boolean(s.context.avatarError),
    Boolean(s.context.notice),
    s.context.avatarProgress,
  ]);
// A form's fields can only change while that form is shown.
const PROFILE_FIELDS = ['firstName', 'lastName'];
const cropping = (s: Snapshot) => s.matches({ ready: { avatar: 'cropping' } });
const eventsIn = (s: Snapshot) =>
  events.filter((e) => {
    // The crop dialog is modal: while it is open, it is all the artist can use.
    if (cropping(s) !== (e.type === 'xstate.done.actor.cropAvatar')) return false;
    if (e.type !== 'field.change') return true;
    const inEdit = s.matches({ ready: { view: 'edit' } });
    const inCredentials = s.matches({ ready: { view: 'passwordProtected' } });
    return PROFILE_FIELDS.includes(e.name) ? inEdit : inCredentials;
  });
const model = createModel(profileMachine, { events: eventsIn, serializeState });
const paths = coveringPaths(model, { minimal: true });

const LABELS: Record<string, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  currentPassword: 'Current Password',
  email: 'New Email Address',
  newPassword: 'New Password',
  bio: 'Bio or statement',
  website: 'Website',
  contactEmail: 'Contact email',
  instagram: 'Instagram',
  bluesky: 'Bluesky',
};

/** A form's fields show their values, and a message (wired as the input's error message) once visible. */
function expectFields(form: FormContext, names: string[]) {
  for (const name of names) {
    const input = screen.getByLabelText(LABELS[name]);
    expect(input).toHaveValue(form.values[name]);
    const message = visibleError(form, name);
    if (message) expect(input).toHaveAccessibleErrorMessage(message);
    else expect(input).not.toHaveAttribute('aria-invalid', 'true');
  }
}
const expectError = (s: Snapshot) => {
  if (s.context.error) expect(screen.getByRole('alert')).toHaveTextContent(s.context.error);
  else expect(screen.queryByRole('alert')).toBeNull();
};
const inDefaultView = (s: Snapshot) => s.matches({ ready: { view: 'default' } });
/** The avatar shows in the default view only: the loaded image, else the default user icon. */
const expectAvatar = (s: Snapshot) => {
  if (!inDefaultView(s)) {
    expect(screen.queryByTestId('avatar')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Change Avatar' })).toBeNull();
    return;
  }
  const avatar = screen.getByTestId('avatar');
  const image = avatar.querySelector('img');
  if (s.context.avatarUrl) {
    expect(image).toHaveAttribute('src', s.context.avatarUrl);
    expect(image).toHaveAttribute('alt', s.context.user!.displayName ? `Avatar of ${s.context.user!.displayName}` : 'Your avatar');
  } else {
    expect(image).toBeNull();
    // (hidden: the page behind the crop dialog is hidden from assistive tech while it closes.)
    expect(within(avatar).getByRole('img', { name: 'Default user icon', hidden: true })).toBeInTheDocument();
  }
  if (s.context.avatarError) expect(screen.getByRole('alert')).toHaveTextContent(s.context.avatarError);
  // One message at a time: each answers the last action, and the next action clears it.
  expect(screen.queryAllByRole('status').length + screen.queryAllByRole('alert').length).toBeLessThanOrEqual(1);
};

const states = {
  loading: () => {
    expect(screen.getByRole('heading', { name: 'Profile' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(screen.queryByRole('button', { name: 'Edit Profile' })).toBeNull();
  },
  loadFailed: (s: Snapshot) => {
    expect(screen.getByRole('alert')).toHaveTextContent(s.context.error!);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Edit Profile' })).toBeNull();
  },
  'ready.view.default': (s: Snapshot) => {
    const { user, notice } = s.context;
    // Behind the crop dialog the page is hidden from assistive tech (the dialog is modal).
    const hidden = cropping(s);
    for (const name of ['Change Email & Password', 'Edit Profile']) expect(screen.getByRole('button', { name, hidden })).toBeEnabled();
    expect(screen.getByTestId('first-name')).toHaveTextContent(user!.firstName || '—');
    expect(screen.getByTestId('last-name')).toHaveTextContent(user!.lastName || '—');
    expect(screen.getByTestId('email')).toHaveTextContent(user!.email);
    // After a save: 'Profile saved.' or the server's message about the new credentials.
    if (notice) expect(screen.getByRole('status', { hidden })).toHaveTextContent(notice);
    else expect(screen.queryByRole('status', { hidden })).toBeNull();
  },
  'ready.view.edit.editing': (s: Snapshot) => {
    expect(screen.getByRole('form', { name: 'Edit profile' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save Profile' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeEnabled();
    expectFields(s.context.profileForm, ['firstName', 'lastName', 'bio', 'website', 'contactEmail', 'instagram', 'bluesky']);
    expectError(s);
  },
  'ready.view.edit.saving': () => {
    expect(screen.getByRole('button', { name: 'Saving...' })).toBeDisabled();
    expect(screen.queryByRole('alert')).toBeNull();
  },
  'ready.view.passwordProtected.editing': (s: Snapshot) => {
    expect(screen.getByRole('form', { name: 'Change email and password' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save Email and Password' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeEnabled();
    expectFields(s.context.credentialsForm, ['currentPassword', 'email', 'newPassword']);
    expectError(s);
  },
  'ready.view.passwordProtected.saving': () => {
    expect(screen.getByRole('button', { name: 'Saving...' })).toBeDisabled();
    expect(screen.queryByRole('alert')).toBeNull();
  },
  // Loading shows what there was before (nothing yet, or the previous image after an upload).
  'ready.avatar.loading': expectAvatar,
  'ready.avatar.none': expectAvatar,
  'ready.avatar.cropping': (s: Snapshot) => {
    expectAvatar(s);
    const dialog = screen.getByRole('dialog', { name: 'Position your avatar' });
    expect(within(dialog).getByRole('group', { name: 'Avatar picture' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeEnabled();
    // Nothing is sent while the artist frames the picture.
    expect(screen.queryByRole('progressbar', { hidden: true })).toBeNull();
  },
  'ready.avatar.shown': (s: Snapshot) => {
    expectAvatar(s);
    if (inDefaultView(s)) expect(screen.getByRole('button', { name: 'Change Avatar' })).toBeEnabled();
  },
  'ready.avatar.uploading': (s: Snapshot) => {
    expectAvatar(s);
    if (inDefaultView(s)) {
      expect(screen.getByRole('progressbar', { name: 'Avatar upload progress' })).toHaveAttribute(
        'value',
        String(s.context.avatarProgress ?? 0),
      );
      expect(screen.getByRole('button', { name: 'Change Avatar' })).toBeDisabled();
    } else expect(screen.queryByRole('progressbar')).toBeNull();
  },
};

describe('profile: the Profile page follows the chart', () => {
  it.for(paths.map((p) => [pathName(p), p] as const))('%s', async ([, path]) => {
    // Files the picker's accept list would hide are let through, to show the machine refuses them too.
    const user = userEvent.setup({ applyAccept: false });
    const loadUser = controlledPromise<User>('loadUser');
    const saveProfile = controlledPromise<User, ProfileUpdate>('saveProfile');
    const changeCredentials = controlledPromise<{ message: string; user: User }, SecurityUpdate>('changeCredentials');
    const loadAvatar = controlledPromise<string>('loadAvatar');
    const uploadAvatar = controlledPromise<User, { file: File; crop: AvatarCrop | null; onProgress: (f: number) => void }>('uploadAvatar');
    const changed: User[] = [];
    const logic = profileMachine.provide({
      actors: {
        loadUser: loadUser.logic,
        saveProfile: saveProfile.logic,
        changeCredentials: changeCredentials.logic,
        loadAvatar: loadAvatar.logic,
        uploadAvatar: uploadAvatar.logic,
      },
      actions: { userChanged: (_, u) => void changed.push(u) },
    });
    render(<ProfilePage logic={logic} />);
    const settle =
      <T,>(actor: { resolve(v: T): Promise<void> }) =>
      ({ event }: { event: unknown }) =>
        act(() => actor.resolve((event as { output: T }).output));
    const fail =
      (actor: { reject(e: unknown): Promise<void> }) =>
      ({ event }: { event: unknown }) =>
        act(() => actor.reject((event as { error: unknown }).error));
    await path.test({
      events: {
        'profile.retry': () => user.click(screen.getByRole('button', { name: 'Try again' })),
        'profile.edit': () => user.click(screen.getByRole('button', { name: 'Edit Profile' })),
        'profile.changeCredentials': () => user.click(screen.getByRole('button', { name: 'Change Email & Password' })),
        'profile.cancel': () => user.click(screen.getByRole('button', { name: 'Cancel' })),
        'profile.save': () => user.click(screen.getByRole('button', { name: /^Save (Profile|Email and Password)$/ })),
        'field.change': async ({ event }) => {
          const { name, value } = event as unknown as { name: string; value: string };
          const input = screen.getByLabelText(LABELS[name]);
          await user.clear(input);
          await user.type(input, value);
        },
        'avatar.choose': async ({ event }) => {
          const { file } = event as unknown as { file: File };
          // The picker accepts images only; a file that slips through is refused with a message.
          await user.upload(screen.getByLabelText('Avatar image file'), file);
        },
        'avatar.progress': () => act(() => uploadAvatar.calls.at(-1)!.onProgress(0.5)),
        'xstate.done.actor.loadUser': settle(loadUser),
        'xstate.error.actor.loadUser': fail(loadUser),
        'xstate.done.actor.saveProfile': settle(saveProfile),
        'xstate.error.actor.saveProfile': fail(saveProfile),
        'xstate.done.actor.changeCredentials': settle(changeCredentials),
        'xstate.error.actor.changeCredentials': fail(changeCredentials),
        'xstate.done.actor.loadAvatar': settle(loadAvatar),
        'xstate.error.actor.loadAvatar': fail(loadAvatar),
        'xstate.done.actor.uploadAvatar': settle(uploadAvatar),
        'xstate.error.actor.uploadAvatar': fail(uploadAvatar),
        'xstate.done.actor.cropAvatar': async ({ event }) => {
          const dialog = screen.getByRole('dialog', { name: 'Position your avatar' });
          if (!(event as unknown as { output: unknown }).output) return user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
          const picture = within(dialog).getByRole('group', { name: 'Avatar picture' }).querySelector('img')!;
          Object.defineProperties(picture, { naturalWidth: { value: PICTURE.width }, naturalHeight: { value: PICTURE.height } });
          fireEvent.load(picture);
          await user.click(within(dialog).getByRole('button', { name: 'Use this picture' }));
        },
      },
      states,
    });
    // The top bar hears of every saved change.
    const saves = path.steps.filter((s) => /done\.actor\.(saveProfile|changeCredentials|uploadAvatar)$/.test(s.event.type)).length;
    expect(changed).toHaveLength(saves);
    // What goes up is the file chosen, with the square chosen of it.
    expect(uploadAvatar.calls.every((c) => c.file === png && JSON.stringify(c.crop) === JSON.stringify(CROP))).toBe(true);
  });

  it('the avatar picker accepts image files only', async () => {
    const loadUser = controlledPromise<User>('loadUser');
    render(<ProfilePage logic={profileMachine.provide({ actors: { loadUser: loadUser.logic } })} />);
    await act(() => loadUser.resolve(base));
    const accept = screen.getByLabelText('Avatar image file').getAttribute('accept')!.split(',');
    expect(accept.length).toBeGreaterThan(0);
    expect(accept.every((type) => type.startsWith('image/'))).toBe(true);
  });

  it('a message leaves when the next action starts: choosing an avatar, editing again, typing after a failure', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const loadUser = controlledPromise<User>('loadUser');
    const saveProfile = controlledPromise<User, ProfileUpdate>('saveProfile');
    render(<ProfilePage logic={profileMachine.provide({ actors: { loadUser: loadUser.logic, saveProfile: saveProfile.logic } })} />);
    await act(() => loadUser.resolve(base));
    const messages = () => [...screen.queryAllByRole('status'), ...screen.queryAllByRole('alert')].map((e) => e.textContent);

    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    await user.type(screen.getByLabelText('First name'), 'Ada');
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    await act(() => saveProfile.resolve({ ...base, firstName: 'Ada', displayName: 'Ada' }));
    expect(messages()).toEqual(['Profile saved.']);

    // The next action (another file) replaces the success with its own answer.
    await user.upload(screen.getByLabelText('Avatar image file'), text);
    expect(messages()).toEqual(['Choose an image file (JPEG, PNG, WebP, GIF or AVIF).']);

    // Editing again starts clean; a failed save shows once, and typing again clears it.
    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    expect(messages()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    await act(() => saveProfile.reject(failure('The server cannot be reached.')));
    expect(messages()).toEqual(['The server cannot be reached.']);
    await user.type(screen.getByLabelText('Last name'), 'L');
    expect(messages()).toEqual([]);
  });

  it('covers every state and transition', () => {
    assertFullCoverage(profileMachine, paths, { stateTests: states, record: true });
  });
});
