import { describe, expect, it } from 'vitest';
import type { AnyStateMachine, ContextFrom, SnapshotFrom, StateValueFrom } from 'xstate';
import { artworkEditorMachine } from '../../src/machines/artwork-editor/artwork-editor.machine';
import * as artworkEditor from '../../src/machines/artwork-editor/artwork-editor.selectors';
import { artworkMediaMachine } from '../../src/machines/artwork-media/artwork-media.machine';
import * as media from '../../src/machines/artwork-media/artwork-media.selectors';
import { selectionMachine } from '../../src/machines/shared/selection.machine';
import { mediaUploadMachine } from '../../src/machines/artwork-media/media-upload.machine';
import { mediaUploadsMachine } from '../../src/machines/artwork-media/media-uploads.machine';
import { authScreenMachine } from '../../src/machines/auth-screen/auth-screen.machine';
import * as auth from '../../src/machines/auth-screen/auth-screen.selectors';
import { calendarMachine } from '../../src/machines/calendar/calendar.machine';
import * as calendar from '../../src/machines/calendar/calendar.selectors';
import { connectAccountMachine } from '../../src/machines/connect-account/connect-account.machine';
import * as connect from '../../src/machines/connect-account/connect-account.selectors';
import { journalMachine } from '../../src/machines/journal/journal.machine';
import * as pagedList from '../../src/machines/shared/paged-list.selectors';
import { inquiriesMachine } from '../../src/machines/inquiries/inquiries.machine';
import { listMachine } from '../../src/machines/list/list.machine';
import * as list from '../../src/machines/list/list.selectors';
import { postEditorMachine } from '../../src/machines/post-editor/post-editor.machine';
import * as post from '../../src/machines/post-editor/post-editor.selectors';
import { profileMachine } from '../../src/machines/profile/profile.machine';
import * as profile from '../../src/machines/profile/profile.selectors';
import { publishMachine } from '../../src/machines/publish/publish.machine';
import * as publish from '../../src/machines/publish/publish.selectors';
import { resetPasswordMachine } from '../../src/machines/reset-password/reset-password.machine';
import * as reset from '../../src/machines/reset-password/reset-password.selectors';
import { sessionMachine } from '../../src/machines/session/session.machine';
import * as session from '../../src/machines/session/session.selectors';
import { shellMachine } from '../../src/machines/shell/shell.machine';
import * as shell from '../../src/machines/shell/shell.selectors';
import { socialAccountsMachine } from '../../src/machines/social-accounts/social-accounts.machine';
import * as social from '../../src/machines/social-accounts/social-accounts.selectors';
import { toastMachine } from '../../src/machines/toasts/toast.machine';
import { toastsMachine } from '../../src/machines/toasts/toasts.machine';
import * as toasts from '../../src/machines/toasts/toasts.selectors';
import { verifyEmailMachine } from '../../src/machines/verify-email/verify-email.machine';
import * as verify from '../../src/machines/verify-email/verify-email.selectors';
import { accountDeletionMachine } from '../../src/machines/your-data/account-deletion.machine';
import { dataExportMachine } from '../../src/machines/your-data/data-export.machine';
import * as yourData from '../../src/machines/your-data/your-data.selectors';

// Selectors are plain functions of a snapshot, so each is tested on a hand-built one: the machine resolves a state
// value (its tags and `can` come with it) and only the context fields the selector reads are given.

function at<M extends AnyStateMachine>(machine: M, value: StateValueFrom<M>, context: Partial<ContextFrom<M>> = {}): SnapshotFrom<M> {
  return machine.resolveState({ value, context: context as ContextFrom<M> }) as SnapshotFrom<M>;
}

/** Each accessor returns its own context field, the very object (so useSelector sees no change until it changes). */
function expectFields<S>(snapshot: S, context: Record<string, unknown>, accessors: Record<string, (s: S) => unknown>) {
  for (const [field, select] of Object.entries(accessors)) expect(select(snapshot), field).toBe(context[field]);
}

const token = (claims: object) => `h.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.s`;

describe('session selectors', () => {
  it('restoring, signed in (refreshing counts) and the display name: the user, else the ID token, else empty', () => {
    expect(session.selectIsRestoring(at(sessionMachine, 'restoring'))).toBe(true);
    expect(session.selectIsRestoring(at(sessionMachine, 'signedOut'))).toBe(false);
    expect(session.selectIsSignedIn(at(sessionMachine, { signedIn: 'ready' }))).toBe(true);
    expect(session.selectIsSignedIn(at(sessionMachine, 'refreshing'))).toBe(true);
    expect(session.selectIsSignedIn(at(sessionMachine, 'signedOut'))).toBe(false);
    expect(session.selectIsSignedIn(at(sessionMachine, 'restoring'))).toBe(false);

    const idToken = token({ sub: 'u1', email: 'a@b.c', name: 'From Token', exp: 1 });
    const tokens = { idToken, accessToken: 'a', refreshToken: 'r' } as never;
    const named = (user: unknown, session_: unknown) =>
      session.selectDisplayName(at(sessionMachine, { signedIn: 'ready' }, { user, session: session_ } as never));
    expect(named({ displayName: 'Ada' }, tokens)).toBe('Ada');
    expect(named(null, tokens)).toBe('From Token');
    expect(named(null, null)).toBe('');
  });
});

describe('shell selectors', () => {
  it('phone only when narrow; the drawer open only in drawerOpen; the avatar picture as loaded', () => {
    const layout = (value: unknown, context = {}) => at(shellMachine, { layout: value, avatar: 'none' } as never, context as never);
    expect(shell.selectIsPhone(layout({ narrow: 'drawerClosed' }))).toBe(true);
    expect(shell.selectIsPhone(layout('wide'))).toBe(false);
    expect(shell.selectDrawerOpen(layout({ narrow: 'drawerOpen' }))).toBe(true);
    expect(shell.selectDrawerOpen(layout({ narrow: 'drawerClosed' }))).toBe(false);
    expect(shell.selectAvatarUrl(layout('wide', { avatarUrl: 'blob:a', avatarVersion: 'v1' }))).toBe('blob:a');
  });
});

describe('auth-screen selectors', () => {
  it('tab, forgot password, busy, unverified (resending too), created and reset sent', () => {
    expect(auth.selectTab(at(authScreenMachine, { createAccount: 'editing' }))).toBe('createAccount');
    expect(auth.selectTab(at(authScreenMachine, { signIn: 'editing' }))).toBe('signIn');
    expect(auth.selectTab(at(authScreenMachine, { forgotPassword: 'editing' }))).toBe('signIn');
    expect(auth.selectIsForgotPassword(at(authScreenMachine, { forgotPassword: 'sent' }))).toBe(true);
    expect(auth.selectIsForgotPassword(at(authScreenMachine, { signIn: 'editing' }))).toBe(false);
    expect(auth.selectIsBusy(at(authScreenMachine, { signIn: 'submitting' }))).toBe(true);
    expect(auth.selectIsBusy(at(authScreenMachine, { signIn: 'editing' }))).toBe(false);
    expect(auth.selectIsUnverified(at(authScreenMachine, { signIn: 'unverified' }))).toBe(true);
    expect(auth.selectIsUnverified(at(authScreenMachine, { signIn: 'resending' }))).toBe(true);
    expect(auth.selectIsUnverified(at(authScreenMachine, { signIn: 'editing' }))).toBe(false);
    expect(auth.selectIsCreated(at(authScreenMachine, { createAccount: 'created' }))).toBe(true);
    expect(auth.selectIsCreated(at(authScreenMachine, { createAccount: 'editing' }))).toBe(false);
    expect(auth.selectIsResetSent(at(authScreenMachine, { forgotPassword: 'sent' }))).toBe(true);
    expect(auth.selectIsResetSent(at(authScreenMachine, { forgotPassword: 'editing' }))).toBe(false);
    const context = { form: { values: {} }, error: 'e', notice: 'n' };
    expectFields(at(authScreenMachine, { signIn: 'editing' }, context as never), context, {
      form: auth.selectForm,
      error: auth.selectError,
      notice: auth.selectNotice,
    });
  });
});

describe('toasts selectors', () => {
  it('the list, one toast’s title, description and type, and its state by name', () => {
    const list = [] as never[];
    expect(toasts.selectToasts(at(toastsMachine, {} as never, { toasts: list }))).toBe(list);
    const context = { id: 't', title: 'Saved', description: 'All of it', type: 'success', duration: 1 };
    const visible = at(toastMachine, 'visible', context as never);
    expectFields(visible, context, {
      title: toasts.selectToastTitle,
      description: toasts.selectToastDescription,
      type: toasts.selectToastType,
    });
    expect(toasts.selectToastState(visible)).toBe('visible');
    expect(toasts.selectToastState(at(toastMachine, 'paused', context as never))).toBe('paused');
  });
});

describe('post-editor selectors', () => {
  it('the view is the top state', () => {
    expect(post.viewOf(at(postEditorMachine, 'loading'))).toBe('loading');
    expect(post.viewOf(at(postEditorMachine, { unsaved: 'editing' }))).toBe('unsaved');
    expect(post.viewOf(at(postEditorMachine, { draft: { editing: 'idle' } }))).toBe('draft');
    expect(post.viewOf(at(postEditorMachine, { published: 'idle' }))).toBe('published');
    expect(post.viewOf(at(postEditorMachine, 'notFound'))).toBe('notFound');
  });

  it('editable while editing and behind the leave dialog, not while saving; published is read-only', () => {
    expect(post.isEditable(at(postEditorMachine, { unsaved: 'editing' }))).toBe(true);
    expect(post.isEditable(at(postEditorMachine, { draft: 'confirmingLeave' }))).toBe(true);
    expect(post.isEditable(at(postEditorMachine, { draft: 'saving' }))).toBe(false);
    expect(post.isConfirmingLeave(at(postEditorMachine, { draft: 'confirmingLeave' }))).toBe(true);
    expect(post.isConfirmingLeave(at(postEditorMachine, { draft: { editing: 'idle' } }))).toBe(false);
    expect(post.isPublished(at(postEditorMachine, { published: 'idle' }))).toBe(true);
    expect(post.isPublished(at(postEditorMachine, { draft: { editing: 'idle' } }))).toBe(false);
  });

  it('the working button is the intent only while a draft or new post is busy', () => {
    expect(post.workingOf(at(postEditorMachine, { draft: 'publishing' }, { intent: 'publish' }))).toBe('publish');
    expect(post.workingOf(at(postEditorMachine, { unsaved: 'creating' }, { intent: 'save' }))).toBe('save');
    expect(post.workingOf(at(postEditorMachine, { draft: { editing: 'idle' } }, { intent: 'save' }))).toBeNull();
    expect(post.workingOf(at(postEditorMachine, { published: 'retrying' }, { intent: 'save' }))).toBeNull();
  });

  it('polling, the schedule check and the label', () => {
    expect(post.pollingOf(at(postEditorMachine, { published: 'waiting' }))).toBe('waiting');
    expect(post.pollingOf(at(postEditorMachine, { published: 'refreshing' }))).toBe('refreshing');
    expect(post.pollingOf(at(postEditorMachine, { published: 'retrying' }))).toBe('retrying');
    expect(post.pollingOf(at(postEditorMachine, { published: 'idle' }))).toBe('idle');
    expect(post.scheduleCheckOf(at(postEditorMachine, { draft: { editing: 'watching' } }))).toBe('watching');
    expect(post.scheduleCheckOf(at(postEditorMachine, { draft: { editing: 'checking' } }))).toBe('checking');
    expect(post.scheduleCheckOf(at(postEditorMachine, { draft: { editing: 'idle' } }))).toBe('none');
    expect(
      post.labelOf(at(postEditorMachine, { draft: { editing: 'idle' } }, { post: { isDraft: true, dateScheduled: 5 } } as never)),
    ).toBe('Scheduled Draft');
    expect(post.labelOf(at(postEditorMachine, { unsaved: 'editing' }, { post: null }))).toBeNull();
  });

  it('form fields: values are the form’s own; a message shows once its field (or, for the text, a tag) was touched', () => {
    const accounts = [{ platform: 'bluesky', handle: 'a.test' }];
    const values = {
      content: 'x'.repeat(300),
      textLength: 300,
      hashtags: ['art'],
      mentions: [],
      accounts,
      dateScheduled: '',
      mediaIds: [],
    };
    const errors = { content: 'Too long', accounts: 'Pick one', mediaIds: 'Too many', altTexts: 'Alt missing', hashtags: 'Bad tag' };
    const form = (touched: Record<string, boolean>, submitted = false) =>
      at(postEditorMachine, { unsaved: 'editing' }, { form: { values, errors, touched, submitted } } as never);
    const fresh = form({});
    expect(post.selectContent(fresh)).toBe(values.content);
    expect(post.selectTextLength(fresh)).toBe(300);
    expect(post.selectChosenAccounts(fresh)).toBe(accounts);
    expect(post.selectTags('hashtags')(fresh)).toBe(values.hashtags);
    expect([post.selectContentError(fresh), post.selectAccountsError(fresh), post.selectFilesError(fresh)]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
    expect(post.selectContentError(form({ hashtags: true }))).toBe('Too long');
    expect(post.selectTagsError('hashtags')(form({ hashtags: true }))).toBe('Bad tag');
    expect(post.selectTagsError('mentions')(form({ hashtags: true }))).toBeUndefined();
    expect(post.selectAccountsError(form({ accounts: true }))).toBe('Pick one');
    expect(post.selectFilesError(form({}, true))).toBe('Too many');
    expect(
      post.selectFilesError(
        at(postEditorMachine, { unsaved: 'editing' }, {
          form: { values, errors: { altTexts: 'Alt missing' }, touched: {}, submitted: true },
        } as never),
      ),
    ).toBe('Alt missing');
  });

  it('responses: the post’s, else one shared empty list; Retry failed only with a failed response', () => {
    const responses = [{ postStatus: 'error' }];
    const withFailed = at(postEditorMachine, { published: 'idle' }, { post: { isDraft: false, responses } } as never);
    expect(post.selectResponses(withFailed)).toBe(responses);
    const none = at(postEditorMachine, { unsaved: 'editing' }, { post: null });
    expect(post.selectResponses(none)).toEqual([]);
    expect(post.selectResponses(none)).toBe(post.selectResponses(at(postEditorMachine, 'loading', { post: null })));
    expect(post.canRetryFailed(withFailed)).toBe(true);
    expect(
      post.canRetryFailed(
        at(postEditorMachine, { published: 'idle' }, { post: { isDraft: false, responses: [{ postStatus: 'success' }] } } as never),
      ),
    ).toBe(false);
  });

  it('context fields as they are', () => {
    const context = {
      error: 'e',
      checkError: 'c',
      post: { isDraft: true, responses: [] },
      accounts: [],
      files: [],
      refused: [],
      quotas: [],
    };
    expectFields(at(postEditorMachine, { draft: { editing: 'idle' } }, context as never), context, {
      error: post.selectError,
      checkError: post.selectCheckError,
      post: post.selectPost,
      accounts: post.selectAccounts,
      files: post.selectFiles,
      refused: post.selectRefused,
      quotas: post.selectQuotas,
    });
  });

  it("the file limit: fixed, none, or the chosen networks' (four for Bluesky alone, else ten)", () => {
    const limitWith = (maxFiles: unknown, accounts: { platform: string; handle: string }[]) =>
      post.selectMaxFiles(at(postEditorMachine, { draft: { editing: 'idle' } }, { maxFiles, form: { values: { accounts } } } as never));
    const bluesky = { platform: 'bluesky', handle: 'a.bsky.social' };
    const instagram = { platform: 'instagram', handle: 'studio' };
    expect(limitWith(2, [instagram])).toBe(2);
    expect(limitWith(null, [instagram])).toBeNull();
    expect(limitWith('perNetwork', [])).toBe(4);
    expect(limitWith('perNetwork', [bluesky])).toBe(4);
    expect(limitWith('perNetwork', [instagram])).toBe(10);
    expect(limitWith('perNetwork', [bluesky, instagram])).toBe(10);
  });
});

describe('artwork-editor selectors', () => {
  it('the view, saving (create or update only), deleting, confirming and busy', () => {
    expect(artworkEditor.selectView(at(artworkEditorMachine, 'start'))).toBe('loading');
    expect(artworkEditor.selectView(at(artworkEditorMachine, { creating: 'editing' }))).toBe('creating');
    expect(artworkEditor.selectView(at(artworkEditorMachine, { saved: 'editing' }))).toBe('saved');
    expect(artworkEditor.selectView(at(artworkEditorMachine, 'deleted'))).toBe('deleted');
    expect(artworkEditor.selectIsSaving(at(artworkEditorMachine, { creating: 'saving' }))).toBe(true);
    expect(artworkEditor.selectIsSaving(at(artworkEditorMachine, { saved: 'updating' }))).toBe(true);
    expect(artworkEditor.selectIsSaving(at(artworkEditorMachine, { saved: 'deleting' }))).toBe(false);
    expect(artworkEditor.selectIsBusy(at(artworkEditorMachine, { saved: 'deleting' }))).toBe(true);
    expect(artworkEditor.selectIsBusy(at(artworkEditorMachine, { saved: 'editing' }))).toBe(false);
    expect(artworkEditor.selectIsConfirmingDelete(at(artworkEditorMachine, { saved: 'confirmingDelete' }))).toBe(true);
    expect(artworkEditor.selectIsConfirmingDelete(at(artworkEditorMachine, { saved: 'editing' }))).toBe(false);
    expect(artworkEditor.selectIsDeleting(at(artworkEditorMachine, { saved: 'deleting' }))).toBe(true);
    expect(artworkEditor.selectIsDeleting(at(artworkEditorMachine, { saved: 'editing' }))).toBe(false);
    expect(artworkEditor.selectIsConfirmingLeave(at(artworkEditorMachine, { creating: 'confirmingLeave' }))).toBe(true);
    expect(artworkEditor.selectIsConfirmingLeave(at(artworkEditorMachine, { creating: 'editing' }))).toBe(false);
    const context = { error: 'e', form: { values: {} } };
    expectFields(at(artworkEditorMachine, { saved: 'editing' }, context as never), context, {
      error: artworkEditor.selectError,
      form: artworkEditor.selectForm,
    });
    expect(artworkEditor.selectMedia(at(artworkEditorMachine, { creating: 'editing' }))).toBeUndefined();
  });
});

describe('artwork-media selectors', () => {
  const a = { mediaId: 'a', isPrimary: false };
  const b = { mediaId: 'b', isPrimary: true };

  it('the view, the primary item and the ready sub-states', () => {
    expect(media.selectMediaView(at(artworkMediaMachine, 'loading'))).toBe('loading');
    expect(media.selectMediaView(at(artworkMediaMachine, 'failed'))).toBe('failed');
    expect(media.selectMediaView(at(artworkMediaMachine, { ready: 'idle' }))).toBe('ready');
    expect(media.selectIsLoading(at(artworkMediaMachine, 'loading'))).toBe(true);
    expect(media.selectIsLoading(at(artworkMediaMachine, { ready: 'idle' }))).toBe(false);
    expect(media.selectPrimary(at(artworkMediaMachine, { ready: 'idle' }, { items: [a, b] } as never))).toBe(b);
    expect(media.selectPrimary(at(artworkMediaMachine, { ready: 'idle' }, { items: [a] } as never))).toBeNull();
    expect(media.selectIsBusy(at(artworkMediaMachine, { ready: 'settingPrimary' }))).toBe(true);
    expect(media.selectIsBusy(at(artworkMediaMachine, { ready: 'idle' }))).toBe(false);
    expect(media.selectIsSettingPrimary(at(artworkMediaMachine, { ready: 'settingPrimary' }))).toBe(true);
    expect(media.selectIsSettingPrimary(at(artworkMediaMachine, { ready: 'deleting' }))).toBe(false);
    expect(media.selectIsConfirmingDelete(at(artworkMediaMachine, { ready: 'confirmingDelete' }))).toBe(true);
    expect(media.selectIsConfirmingDelete(at(artworkMediaMachine, { ready: 'idle' }))).toBe(false);
    expect(media.selectIsDeleting(at(artworkMediaMachine, { ready: 'deleting' }))).toBe(true);
    expect(media.selectIsDeleting(at(artworkMediaMachine, { ready: 'confirmingDelete' }))).toBe(false);
    const context = { items: [a], error: 'e', pendingDelete: ['a'] };
    expectFields(at(artworkMediaMachine, { ready: 'idle' }, context as never), context, {
      items: media.selectItems,
      error: media.selectMediaError,
      pendingDelete: media.selectPendingDelete,
    });
  });

  it('the selection: off before the chart starts, the same empty list, and only ids still present', () => {
    expect(media.selectIsSelecting(undefined)).toBe(false);
    expect(media.selectIsSelecting(at(selectionMachine, 'on'))).toBe(true);
    expect(media.selectIsSelecting(at(selectionMachine, 'off'))).toBe(false);
    expect(media.selectSelected(undefined)).toEqual([]);
    expect(media.selectSelected(undefined)).toBe(media.selectSelected(undefined));
    const on = at(selectionMachine, 'on', { selected: ['a', 'gone'] });
    expect(media.selectSelected(on)).toBe(on.context.selected);
    expect(media.selectedAmong(on, ['a', 'b'])).toEqual(['a']);
  });

  it('one upload and the uploads list', () => {
    const upload = { file: { name: 'f' }, progress: 0.5, error: 'e' };
    const uploading = at(mediaUploadMachine, 'uploading', upload as never);
    expectFields(uploading, upload, { file: media.selectUploadFile, progress: media.selectUploadProgress, error: media.selectUploadError });
    expect(media.selectUploadState(uploading)).toBe('uploading');
    expect(media.selectUploadState(at(mediaUploadMachine, 'failed', upload as never))).toBe('failed');
    const uploads = { queue: [], uploads: [], rejected: [] };
    expectFields(at(mediaUploadsMachine, 'idle', uploads as never), uploads, {
      queue: media.selectQueue,
      uploads: media.selectUploadEntries,
      rejected: media.selectRejected,
    });
  });
});

describe('list page selectors (the journal, the inquiries)', () => {
  it('the view, more items behind the cursor, loading more and Load more accepted', () => {
    expect(pagedList.selectView(at(journalMachine, 'loading'))).toBe('loading');
    expect(pagedList.selectView(at(journalMachine, 'failed'))).toBe('failed');
    expect(pagedList.selectView(at(inquiriesMachine, 'empty'))).toBe('empty');
    expect(pagedList.selectView(at(journalMachine, { loaded: 'idle' }))).toBe('loaded');
    const full = { items: [{}], received: 10, nextCursor: 'c', error: null };
    expect(pagedList.selectHasMore(10)(at(journalMachine, { loaded: 'idle' }, full as never))).toBe(true);
    expect(pagedList.selectHasMore(10)(at(journalMachine, { loaded: 'idle' }, { ...full, nextCursor: null } as never))).toBe(false);
    expect(pagedList.selectHasMore(10)(at(journalMachine, { loaded: 'idle' }, { ...full, received: 9 } as never))).toBe(false);
    expect(pagedList.selectHasMore()(at(inquiriesMachine, { loaded: 'idle' }, { ...full, received: 1 } as never))).toBe(true);
    expect(pagedList.selectCanLoadMore(at(journalMachine, { loaded: 'idle' }, full as never))).toBe(true);
    expect(pagedList.selectCanLoadMore(at(journalMachine, { loaded: 'loadingMore' }, full as never))).toBe(false);
    expect(pagedList.selectIsLoadingMore(at(inquiriesMachine, { loaded: 'loadingMore' }))).toBe(true);
    expect(pagedList.selectIsLoadingMore(at(journalMachine, { loaded: 'idle' }))).toBe(false);
    const context = { items: [], query: { includeDismissed: false }, summary: 3, error: 'e', actingId: 'j1' };
    expectFields(at(journalMachine, { loaded: 'acting' }, context as never), context, {
      items: pagedList.selectItems,
      query: pagedList.selectQuery,
      summary: pagedList.selectSummary,
      error: pagedList.selectError,
      actingId: pagedList.selectActingId,
    });
  });
});

describe('profile selectors', () => {
  const ready = (view: string | object, avatar = 'shown') => ({ ready: { view, avatar } }) as never;
  it('the view, uploading the avatar and busy', () => {
    expect(profile.selectView(at(profileMachine, 'loading'))).toBe('loading');
    expect(profile.selectView(at(profileMachine, 'loadFailed'))).toBe('loadFailed');
    expect(profile.selectView(at(profileMachine, ready('default')))).toBe('default');
    expect(profile.selectView(at(profileMachine, ready({ edit: 'editing' })))).toBe('edit');
    expect(profile.selectView(at(profileMachine, ready({ passwordProtected: 'saving' })))).toBe('passwordProtected');
    expect(profile.selectIsUploadingAvatar(at(profileMachine, ready('default', 'uploading')))).toBe(true);
    expect(profile.selectIsUploadingAvatar(at(profileMachine, ready('default')))).toBe(false);
    expect(profile.selectIsBusy(at(profileMachine, ready({ edit: 'saving' })))).toBe(true);
    expect(profile.selectIsBusy(at(profileMachine, ready({ edit: 'editing' })))).toBe(false);
    const context = {
      error: 'e',
      user: {},
      notice: 'n',
      avatarUrl: 'u',
      avatarProgress: 0.5,
      avatarError: 'a',
      profileForm: {},
      credentialsForm: {},
    };
    expectFields(at(profileMachine, ready('default'), context as never), context, {
      error: profile.selectError,
      user: profile.selectUser,
      notice: profile.selectNotice,
      avatarUrl: profile.selectAvatarUrl,
      avatarProgress: profile.selectAvatarProgress,
      avatarError: profile.selectAvatarError,
      profileForm: profile.selectProfileForm,
      credentialsForm: profile.selectCredentialsForm,
    });
  });
});

describe('connect-account selectors', () => {
  it('the screen for the platform, and busy while connecting', () => {
    expect(connect.selectScreen(at(connectAccountMachine, 'invalidPlatform'))).toBe('invalid');
    expect(connect.selectScreen(at(connectAccountMachine, 'editing'))).toBe('form');
    expect(connect.selectIsBusy(at(connectAccountMachine, 'connecting'))).toBe(true);
    expect(connect.selectIsBusy(at(connectAccountMachine, 'editing'))).toBe(false);
    const context = { form: {}, oauthForm: {}, error: 'e' };
    expectFields(at(connectAccountMachine, 'editing', context as never), context, {
      form: connect.selectForm,
      oauthForm: connect.selectOAuthForm,
      error: connect.selectError,
    });
    // OAuth first; the app password once chosen, and through to connected.
    expect(connect.selectMode(at(connectAccountMachine, 'oauthEditing'))).toBe('oauth');
    expect(connect.selectMode(at(connectAccountMachine, 'editing'))).toBe('appPassword');
    expect(connect.selectMode(at(connectAccountMachine, 'connected', { returned: null } as never))).toBe('appPassword');
    expect(connect.selectMode(at(connectAccountMachine, 'connected', { returned: { outcome: 'connected', handle: 'a.b' } } as never))).toBe(
      'oauth',
    );
    expect(connect.selectIsRedirecting(at(connectAccountMachine, 'redirecting'))).toBe(true);
    expect(connect.selectIsBusy(at(connectAccountMachine, 'oauthStarting'))).toBe(true);
  });
});

describe('social-accounts selectors', () => {
  it('the view and the disconnect steps', () => {
    expect(social.selectView(at(socialAccountsMachine, 'loading'))).toBe('loading');
    expect(social.selectView(at(socialAccountsMachine, 'failed'))).toBe('failed');
    expect(social.selectView(at(socialAccountsMachine, 'empty'))).toBe('empty');
    expect(social.selectView(at(socialAccountsMachine, { ready: 'idle' }))).toBe('ready');
    expect(social.selectIsConfirming(at(socialAccountsMachine, { ready: 'confirming' }))).toBe(true);
    expect(social.selectIsConfirming(at(socialAccountsMachine, { ready: 'idle' }))).toBe(false);
    expect(social.selectIsDisconnecting(at(socialAccountsMachine, { ready: 'disconnecting' }))).toBe(true);
    expect(social.selectIsDisconnecting(at(socialAccountsMachine, { ready: 'confirming' }))).toBe(false);
    const context = { accounts: [], pending: {}, disconnectError: 'e' };
    expectFields(at(socialAccountsMachine, { ready: 'idle' }, context as never), context, {
      accounts: social.selectAccounts,
      pending: social.selectPending,
      disconnectError: social.selectDisconnectError,
    });
  });
});

describe('publish, verify-email and reset-password selectors', () => {
  it('publish: the state by name and the last result', () => {
    expect(publish.selectState(at(publishMachine, 'publishing'))).toBe('publishing');
    expect(publish.selectState(at(publishMachine, 'failed'))).toBe('failed');
    const context = { result: {}, error: 'e' };
    expectFields(at(publishMachine, 'published', context as never), context, { result: publish.selectResult, error: publish.selectError });
    // The review step is one state by name; its changes show once read.
    const preview = { firstPublish: true, works: { added: 1, updated: 0, removed: 0 }, collections: { added: 0, updated: 0, removed: 0 } };
    expect(publish.selectState(at(publishMachine, { reviewing: 'loading' }))).toBe('reviewing');
    expect(publish.selectReview(at(publishMachine, { reviewing: 'loading' }, { preview } as never))).toEqual({ preview: null });
    expect(publish.selectReview(at(publishMachine, { reviewing: 'ready' }, { preview } as never))).toEqual({ preview });
    expect(publish.selectReview(at(publishMachine, 'idle', { preview } as never))).toBeNull();
  });

  it('verify-email: checking the link counts as verifying', () => {
    expect(verify.selectState(at(verifyEmailMachine, 'checking'))).toBe('verifying');
    expect(verify.selectState(at(verifyEmailMachine, 'verifying'))).toBe('verifying');
    expect(verify.selectState(at(verifyEmailMachine, 'verified'))).toBe('verified');
    expect(verify.selectState(at(verifyEmailMachine, 'failed'))).toBe('failed');
    expect(verify.selectMessage(at(verifyEmailMachine, 'failed', { message: 'm' } as never))).toBe('m');
  });

  it('reset-password: the form shows while editing and submitting; invalid link; done; busy', () => {
    expect(reset.selectScreen(at(resetPasswordMachine, 'editing'))).toBe('form');
    expect(reset.selectScreen(at(resetPasswordMachine, 'submitting'))).toBe('form');
    expect(reset.selectScreen(at(resetPasswordMachine, 'done'))).toBe('done');
    expect(reset.selectScreen(at(resetPasswordMachine, 'invalidLink'))).toBe('invalidLink');
    expect(reset.selectScreen(at(resetPasswordMachine, 'checking'))).toBe('checking');
    expect(reset.selectIsBusy(at(resetPasswordMachine, 'submitting'))).toBe(true);
    expect(reset.selectIsBusy(at(resetPasswordMachine, 'editing'))).toBe(false);
    const context = { form: {}, error: 'e', notice: 'n' };
    expectFields(at(resetPasswordMachine, 'editing', context as never), context, {
      form: reset.selectForm,
      error: reset.selectError,
      notice: reset.selectNotice,
    });
  });
});

describe('your-data selectors', () => {
  it('the export and deletion states (deleting shows the confirmation, busy)', () => {
    expect(yourData.selectExportState(at(dataExportMachine, 'idle'))).toBe('idle');
    expect(yourData.selectExportState(at(dataExportMachine, 'downloading'))).toBe('downloading');
    expect(yourData.selectExportState(at(dataExportMachine, 'saved'))).toBe('saved');
    expect(yourData.selectExportState(at(dataExportMachine, 'failed'))).toBe('failed');
    expect(yourData.selectDeletionState(at(accountDeletionMachine, 'closed'))).toBe('closed');
    expect(yourData.selectDeletionState(at(accountDeletionMachine, 'confirming'))).toBe('confirming');
    expect(yourData.selectDeletionState(at(accountDeletionMachine, 'deleting'))).toBe('confirming');
    expect(yourData.selectDeletionState(at(accountDeletionMachine, 'deleted'))).toBe('deleted');
    expect(yourData.selectIsDeleting(at(accountDeletionMachine, 'deleting'))).toBe(true);
    expect(yourData.selectIsDeleting(at(accountDeletionMachine, 'confirming'))).toBe(false);
    const exported = { progress: { loaded: 1, total: 2 }, savedBytes: 3, error: 'e' };
    expectFields(at(dataExportMachine, 'saved', exported), exported, {
      progress: yourData.selectExportProgress,
      savedBytes: yourData.selectSavedBytes,
      error: yourData.selectExportError,
    });
    const deletion = { form: {}, error: 'e' };
    expectFields(at(accountDeletionMachine, 'confirming', deletion as never), deletion, {
      form: yourData.selectDeletionForm,
      error: yourData.selectDeletionError,
    });
  });
});

describe('calendar selectors', () => {
  it('the state as one name, and the context fields', () => {
    expect(calendar.selectState(at(calendarMachine, 'loading'))).toBe('loading');
    expect(calendar.selectState(at(calendarMachine, { loaded: 'watching' }))).toBe('loaded.watching');
    const context = { view: 'week', anchor: '2026-01-01', today: '2026-01-02', posts: [], timeZone: 'UTC', error: 'e', refreshError: 'r' };
    expectFields(at(calendarMachine, { loaded: 'idle' }, context as never), context, {
      view: calendar.selectView,
      anchor: calendar.selectAnchor,
      today: calendar.selectToday,
      posts: calendar.selectPosts,
      timeZone: calendar.selectTimeZone,
      error: calendar.selectError,
      refreshError: calendar.selectRefreshError,
    });
  });
});

describe('list selectors', () => {
  const context = {
    mode: 'grid',
    aspect: 'square',
    sort: { field: 'createdAt', direction: 'desc' },
    filters: { text: '', facets: {} },
    items: [{}, {}],
    error: null,
    page: 2,
    pageSize: 10,
    pageSizes: [10, 20],
    total: 12,
  };
  const loaded = at(listMachine, 'loaded', context as never);

  it('toolbar, body and paging are built of the context fields themselves, so shallowEqual holds between reads', () => {
    expect(list.selectToolbar(loaded)).toEqual({ mode: 'grid', aspect: 'square', sort: context.sort, filters: context.filters });
    expect(list.selectToolbar(loaded).filters).toBe(context.filters);
    const body = list.selectBody(loaded);
    expect(body).toEqual({ state: 'loaded', mode: 'grid', aspect: 'square', sort: context.sort, items: context.items, error: null });
    expect(body.items).toBe(context.items);
    expect(list.selectPaging(loaded)).toEqual({ page: 2, pageSize: 10, pageSizes: context.pageSizes, total: 12, shown: 2 });
  });

  it('filters in use: text (not blank) or a facet', () => {
    expect(list.selectHasFilters(loaded)).toBe(false);
    expect(list.selectHasFilters(at(listMachine, 'loaded', { ...context, filters: { text: '  ', facets: {} } } as never))).toBe(false);
    expect(list.selectHasFilters(at(listMachine, 'loaded', { ...context, filters: { text: 'cat', facets: {} } } as never))).toBe(true);
    expect(
      list.selectHasFilters(at(listMachine, 'loaded', { ...context, filters: { text: '', facets: { medium: ['oil'] } } } as never)),
    ).toBe(true);
  });
});
