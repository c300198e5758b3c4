import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { AVATAR_TYPES, MAX_FILE_BYTES, fileTooLargeMessage } from '../../schemas/upload.schema';
import {
  profileUpdateSchema,
  securityUpdateSchema,
  type AvatarCrop,
  type ProfileUpdate,
  type SecurityUpdate,
  type User,
} from '../../schemas/user.schema';
import { avatarCropMachine } from './avatar-crop.machine';
import { changeField, emptyForm, isFormValid, submitForm, withServerErrors, type FormContext } from '../shared/form';
import { errorOf, failureFieldErrors, failureMessage } from '../shared/failure';
import { MESSAGES } from '../../schemas/messages';
import { browserLanguage, DEFAULT_POST_LANGUAGE } from '../../schemas/post-labels.schema';
import { EMPTY_SITE_PROFILE, siteProfileOf, type SiteProfileFields } from '../../schemas/site-profile.schema';

/** The names, the language posts start in, and what the public site shows of the artist (site-profile.schema.ts). */
type ProfileValues = { firstName: string; lastName: string; postLanguage: string } & SiteProfileFields;
type CredentialValues = { currentPassword: string; email: string; newPassword: string };

export interface ProfileContext {
  user: User | null;
  profileForm: FormContext<ProfileValues>;
  credentialsForm: FormContext<CredentialValues>;
  avatarUrl: string | null;
  avatarProgress: number | null;
  avatarError: string | null;
  /** The new picture being framed, then uploaded, and the square chosen of it. */
  avatarFile: File | null;
  avatarCrop: AvatarCrop | null;
  error: string | null;
  notice: string | null;
}

export type ProfileEvent =
  | { type: 'profile.retry' }
  | { type: 'profile.edit' }
  | { type: 'profile.changeCredentials' }
  | { type: 'profile.cancel' }
  | { type: 'profile.save' }
  | { type: 'field.change'; name: string; value: string }
  | { type: 'avatar.choose'; file: File }
  | { type: 'avatar.progress'; fraction: number };

/** Why a chosen avatar file is refused before any upload, or null when it may go. */
export function avatarFileProblem(file: File): string | null {
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) return 'Choose an image file (JPEG, PNG, WebP, GIF or AVIF).';
  if (file.size > MAX_FILE_BYTES) return fileTooLargeMessage(file.name);
  return null;
}

/** The rules each of the page's two forms is checked against. */
const RULES = { profileForm: profileUpdateSchema, credentialsForm: securityUpdateSchema };
type FormKey = keyof typeof RULES;
/** Either form, as the engine sees it (string values by name). */
const formOf = (context: ProfileContext, form: FormKey): FormContext => context[form];

/** A save's answer: the user as the server has it now, and what to tell the artist. */
type Saved = { user: User; notice: string };

const profileSetup = setup({
  types: {
    context: {} as ProfileContext,
    events: {} as ProfileEvent,
    tags: {} as 'busy',
  },
  actors: {
    loadUser: fromPromise<User>(async () => {
      throw new Error('loadUser not provided');
    }),
    saveProfile: fromPromise<User, ProfileUpdate>(async () => {
      throw new Error('saveProfile not provided');
    }),
    changeCredentials: fromPromise<{ message: string; user: User }, SecurityUpdate>(async () => {
      throw new Error('changeCredentials not provided');
    }),
    loadAvatar: fromPromise<string>(async () => {
      throw new Error('loadAvatar not provided');
    }),
    uploadAvatar: fromPromise<User, { file: File; crop: AvatarCrop | null; onProgress: (fraction: number) => void }>(async () => {
      throw new Error('uploadAvatar not provided');
    }),
    cropAvatar: avatarCropMachine,
  },
  actions: {
    /** Tells the rest of the app (the top bar) that the user changed. */
    userChanged: (_, _user: User) => {},
    releaseAvatarUrl: (_, _url: string | null) => {},
    // Each message answers the last action: the next one starts with none on screen.
    startProfileForm: assign(({ context }) => ({
      profileForm: emptyForm({
        firstName: context.user?.firstName ?? '',
        lastName: context.user?.lastName ?? '',
        // Not chosen yet: the language the editor would start a post in (the browser's, else English).
        postLanguage: context.user?.postLanguage ?? browserLanguage(globalThis.navigator?.languages),
        ...siteProfileOf(context.user),
      }),
      error: null,
      notice: null,
      avatarError: null,
    })),
    startCredentialsForm: assign({
      credentialsForm: emptyForm({ currentPassword: '', email: '', newPassword: '' }),
      error: null,
      notice: null,
      avatarError: null,
    }),
    /** The failure's message; `what` failed is said before a generic one (see failure.ts). */
    setError: assign(({ event }, what: string | undefined) => ({ error: failureMessage(errorOf(event), what) })),
    clearError: assign({ error: null }),
    changeField: assign(({ context, event }, form: FormKey) => {
      assertEvent(event, 'field.change');
      return { [form]: changeField(formOf(context, form), RULES[form], event.name, event.value), error: null };
    }),
    showAllMessages: assign(({ context }, form: FormKey) => ({ [form]: submitForm(formOf(context, form), RULES[form]) })),
    keepServerMessages: assign(({ context, event }, form: FormKey) => ({
      [form]: withServerErrors(formOf(context, form), failureFieldErrors(errorOf(event))),
    })),
    saved: assign((_, { user, notice }: Saved) => ({ user, notice })),
  },
  guards: {
    formValid: ({ context }, form: FormKey) => isFormValid(formOf(context, form), RULES[form]),
    hasAvatar: ({ context }) => Boolean(context.user?.avatarVersion),
    acceptableFile: ({ event }) => event.type === 'avatar.choose' && avatarFileProblem(event.file) === null,
    cropChosen: ({ event }) => Boolean((event as { output?: { crop: AvatarCrop } | null }).output),
  },
});

type SaveInvoke = Exclude<Parameters<typeof profileSetup.createStateConfig>[0]['invoke'], readonly unknown[] | undefined>;

/**
 * One of the page's two edit views (Edit Profile; Change Email & Password), given its form and the call that saves it:
 * typing re-validates the form, Save goes once it is valid (else every message shows), and a failed save comes back
 * to the form with the server's field messages under the fields.
 */
const editView = (form: FormKey, save: SaveInvoke) =>
  profileSetup.createStateConfig({
    initial: 'editing',
    on: { 'profile.cancel': { target: 'default', actions: 'clearError' } },
    states: {
      editing: {
        on: {
          'field.change': { actions: { type: 'changeField', params: form } },
          'profile.save': [
            { guard: { type: 'formValid', params: form }, target: 'saving', actions: 'clearError' },
            { actions: { type: 'showAllMessages', params: form } },
          ],
        },
      },
      saving: {
        tags: ['busy'],
        invoke: { ...save, onError: { target: 'editing', actions: ['setError', { type: 'keepServerMessages', params: form }] } },
      },
    },
  });

export const profileMachine = profileSetup.createMachine({
  id: 'profile',
  context: {
    user: null,
    profileForm: emptyForm({ firstName: '', lastName: '', postLanguage: DEFAULT_POST_LANGUAGE, ...EMPTY_SITE_PROFILE }),
    credentialsForm: emptyForm({ currentPassword: '', email: '', newPassword: '' }),
    avatarUrl: null,
    avatarProgress: null,
    avatarError: null,
    avatarFile: null,
    avatarCrop: null,
    error: null,
    notice: null,
  },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadUser',
        src: 'loadUser',
        onDone: { target: 'ready', actions: assign({ user: ({ event }) => event.output, error: null }) },
        onError: { target: 'loadFailed', actions: { type: 'setError', params: MESSAGES.getUserFailed } },
      },
    },
    loadFailed: { on: { 'profile.retry': 'loading' } },
    ready: {
      type: 'parallel',
      states: {
        view: {
          initial: 'default',
          states: {
            default: {
              on: {
                'profile.edit': { target: 'edit', actions: 'startProfileForm' },
                'profile.changeCredentials': { target: 'passwordProtected', actions: 'startCredentialsForm' },
              },
            },
            edit: editView('profileForm', {
              id: 'saveProfile',
              src: 'saveProfile',
              input: ({ context }) => profileUpdateSchema.parse(context.profileForm.values),
              onDone: {
                target: '#profile.ready.view.default',
                actions: [
                  { type: 'saved', params: ({ event }) => ({ user: event.output, notice: 'Profile saved.' }) },
                  { type: 'userChanged', params: ({ event }) => event.output },
                ],
              },
            }),
            passwordProtected: editView('credentialsForm', {
              id: 'changeCredentials',
              src: 'changeCredentials',
              input: ({ context }) => context.credentialsForm.values,
              onDone: {
                target: '#profile.ready.view.default',
                actions: [
                  { type: 'saved', params: ({ event }) => ({ user: event.output.user, notice: event.output.message }) },
                  { type: 'userChanged', params: ({ event }) => event.output.user },
                ],
              },
            }),
          },
        },
        avatar: {
          initial: 'checking',
          on: {
            'avatar.choose': [
              {
                guard: 'acceptableFile',
                target: '.cropping',
                actions: assign({ avatarError: null, notice: null, avatarFile: ({ event }) => event.file }),
              },
              { actions: assign({ avatarError: ({ event }) => avatarFileProblem(event.file), notice: null }) },
            ],
          },
          states: {
            checking: { always: [{ guard: 'hasAvatar', target: 'loading' }, { target: 'none' }] },
            loading: {
              invoke: {
                id: 'loadAvatar',
                src: 'loadAvatar',
                onDone: {
                  target: 'shown',
                  actions: [
                    { type: 'releaseAvatarUrl', params: ({ context }) => context.avatarUrl },
                    assign({ avatarUrl: ({ event }) => event.output }),
                  ],
                },
                // The default icon stands in for an avatar that cannot be loaded.
                onError: 'none',
              },
            },
            none: {},
            shown: {},
            cropping: {
              description: 'The artist frames the new picture (the crop chart); nothing is sent until they choose.',
              invoke: {
                id: 'cropAvatar',
                src: 'cropAvatar',
                input: ({ context }) => ({ file: context.avatarFile! }),
                onDone: [
                  {
                    guard: 'cropChosen',
                    target: 'uploading',
                    actions: assign({ avatarCrop: ({ event }) => event.output!.crop, avatarProgress: 0 }),
                  },
                  { target: 'checking', actions: assign({ avatarFile: null }) },
                ],
              },
            },
            uploading: {
              tags: ['busy'],
              on: { 'avatar.progress': { actions: assign({ avatarProgress: ({ event }) => event.fraction }) } },
              invoke: {
                id: 'uploadAvatar',
                src: 'uploadAvatar',
                input: ({ context, self }) => ({
                  file: context.avatarFile!,
                  crop: context.avatarCrop,
                  onProgress: (fraction: number) => self.send({ type: 'avatar.progress', fraction }),
                }),
                onDone: {
                  target: 'loading',
                  actions: [
                    assign({ user: ({ event }) => event.output, avatarProgress: null, avatarFile: null, avatarCrop: null }),
                    { type: 'userChanged', params: ({ event }) => event.output },
                  ],
                },
                onError: {
                  target: 'checking',
                  actions: assign({
                    avatarError: ({ event }) => failureMessage(event.error),
                    avatarProgress: null,
                    avatarFile: null,
                    avatarCrop: null,
                  }),
                },
              },
            },
          },
        },
      },
    },
  },
});
