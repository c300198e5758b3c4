import { screen, within } from '@testing-library/react';
import { fileLimitOf } from '../../src/machines/post-editor/post-editor.networks';
import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import type { postEditorMachine } from '../../src/machines/post-editor/post-editor.machine';
import { visiblePostError, type PostField } from '../../src/machines/post-editor/post-editor.form';
import { fileNameOf, fileTypeOf, isImageFile } from '../../src/machines/post-editor/post-editor.files';
import { LABEL_MESSAGES, LABEL_TEXTS, languageName, MAX_POST_LANGS, type ContentLabel } from '../../src/schemas/post-labels.schema';
import { composePostText } from '../../src/schemas/post-text';
import { POST_MAX_LENGTH, postCounterText, postLabel, SOCIAL_MESSAGES } from '../../src/schemas/social.schema';
import { partCounterText, THREAD_MAX_LENGTH } from '../../src/schemas/post-thread';
import { POST_EDITOR_MESSAGES as M } from '../../src/machines/post-editor/post-editor.messages';
import { ACTION_LABELS } from '../../src/views/post-editor/PostActions';

/** What the artist sees in each state of the post editor, read from the state's snapshot. */
export type Snapshot = SnapshotFrom<typeof postEditorMachine>;
export { FILE_NAMES } from './post-editor-scenarios';

const FIELDS: PostField[] = ['content', 'hashtags', 'mentions', 'accounts', 'dateScheduled', 'location', 'labels', 'langs'];

/**
 * The failure of the last attempt (save, upload, publish, status check) is shown above the form, and a failed check
 * of a scheduled draft beside its schedule; no other failure is.
 */
function expectFailure(s: Snapshot) {
  const alerts = screen.queryAllByRole('alert').map((a) => a.textContent);
  const expected = [s.context.error, s.context.checkError].filter((e): e is string => e !== null);
  expect(alerts.filter((t) => /^(Failed to|Could not)/.test(t ?? ''))).toEqual(expected);
}

const CHECK_TEXT = {
  watching: 'Its scheduled time has come: checking every few seconds for it to be published.',
  checking: 'Checking whether it has been published...',
} as const;

/** A saved scheduled draft says when it is being watched or read; otherwise the status is empty. */
function expectScheduleCheck(s: Snapshot) {
  const state = (['waiting', 'watching', 'checking'] as const).find((c) => s.matches({ draft: { editing: c } })) ?? 'none';
  const status = screen.getByTestId('schedule-check');
  expect(status).toHaveAttribute('role', 'status');
  expect(status).toHaveAttribute('data-state', state);
  expect(status.textContent).toBe(state === 'watching' || state === 'checking' ? CHECK_TEXT[state] : '');
}

function expectHeader(s: Snapshot, heading: string) {
  expect(screen.getByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  const label = screen.queryByTestId('post-label');
  if (s.context.post) expect(label).toHaveTextContent(postLabel(s.context.post));
  else expect(label).toBeNull();
  expectFailure(s);
}

/** The file cards, in order, with their state; the refused files of the last choice with their reasons. */
function expectFiles(s: Snapshot, editable: boolean) {
  const cards = s.context.files.length ? within(screen.getByRole('list', { name: 'Post files' })).getAllByRole('listitem') : [];
  expect(cards.map((c) => c.getAttribute('aria-label'))).toEqual(s.context.files.map(fileNameOf));
  s.context.files.forEach((f, i) => {
    const card = within(cards[i]);
    expect(card.queryByRole('button', { name: `Remove ${fileNameOf(f)}` }) !== null).toBe(editable);
    if (isImageFile(f)) {
      // Before upload the preview is the local file, after it the server's copy.
      const img = card.getByRole('img');
      if (f.kind === 'local') expect(img.getAttribute('src')).toMatch(/^blob:/);
      else expect(img).toHaveAttribute('src', f.media.url);
      if (editable) expect(card.getByLabelText(`Alt text for ${fileNameOf(f)}`)).toHaveValue(f.altText);
    }
    if (f.kind === 'local' && f.status === 'failed') expect(card.getByRole('alert')).toHaveTextContent(f.error!);
  });
  const refused = screen.queryByRole('list', { name: 'Refused files' });
  expect(
    refused
      ? within(refused)
          .getAllByRole('listitem')
          .map((li) => li.textContent)
      : [],
  ).toEqual(s.context.refused.map((r) => r.message));
}

/**
 * Content labels are offered only with an image or a video (else the reason is shown), checked as the form holds them;
 * the languages listed are the form's, and another can be added until there are three.
 */
function expectLabelsAndLangs(s: Snapshot, enabled: boolean) {
  const { labels, langs } = s.context.form.values;
  const group = within(screen.getByRole('group', { name: /^Media labels/ }));
  if (s.context.files.some((f) => /^(image|video)\//.test(fileTypeOf(f)))) {
    const adult = labels.find((l) => l !== 'graphic-media');
    expect(group.getByRole('radio', { name: adult ? LABEL_TEXTS[adult as ContentLabel].name : 'None' })).toBeChecked();
    expect((group.getByRole('checkbox', { name: LABEL_TEXTS['graphic-media'].name }) as HTMLInputElement).checked).toBe(
      labels.includes('graphic-media'),
    );
    expect(group.getByRole('radio', { name: 'None' }).hasAttribute('disabled')).toBe(!enabled);
  } else {
    expect(group.getByText(LABEL_MESSAGES.needsMedia)).toBeInTheDocument();
    expect(group.queryByRole('radio')).toBeNull();
  }
  const chosen = within(screen.getByRole('list', { name: 'Post languages' }));
  expect(chosen.getAllByRole('listitem').map((li) => li.firstElementChild!.textContent)).toEqual(langs.map(languageName));
  expect(screen.queryByRole('button', { name: 'Add language' }) !== null).toBe(langs.length < MAX_POST_LANGS);
}

/**
 * A single post has the counter 'n / 280 characters'; a thread instead shows each part as it goes out with its own
 * counter, and between two parts the buttons moving their split (off where a part would be left empty).
 */
function expectThread(s: Snapshot, enabled: boolean) {
  const { values } = s.context.form;
  // Over the limit, a single post is offered to be split into a thread.
  const control = values.threadBreaks ? M.threadStop : values.textLength > POST_MAX_LENGTH ? M.threadSplit : M.threadStart;
  expect(screen.getByRole('button', { name: control }).hasAttribute('disabled')).toBe(!enabled);
  expect(screen.getByTestId('thread-note')).toHaveTextContent(s.context.threadNote ?? '');
  if (!values.threadBreaks) {
    expect(screen.getByTestId('post-counter')).toHaveTextContent(postCounterText(values.textLength));
    expect(screen.queryByRole('list', { name: 'Thread parts' })).toBeNull();
    return;
  }
  expect(screen.queryByTestId('post-counter')).toBeNull();
  const parts = within(screen.getByRole('list', { name: 'Thread parts' })).getAllByRole('listitem');
  expect(parts.map((p) => p.getAttribute('aria-label'))).toEqual(
    values.threadParts.map((_, i) => partCounterText(i + 1, values.threadParts.length)),
  );
  parts.forEach((li, i) => {
    const text = values.threadParts[i];
    expect(li.querySelector('p')!.textContent).toBe(text);
    expect(within(li).getByTestId('part-counter')).toHaveTextContent(postCounterText(text.length));
    for (const direction of ['earlier', 'later'] as const) {
      const move = within(li).queryByRole('button', { name: M.moveSplit(i, direction) });
      if (i === parts.length - 1) expect(move).toBeNull();
      else expect(move!.hasAttribute('disabled')).toBe(!enabled || !s.can({ type: 'thread.move', index: i, direction }));
    }
  });
}

/** The form as the machine holds it: values, counter, messages under fields, files, limit. */
function expectForm(s: Snapshot, enabled: boolean) {
  const { values } = s.context.form;
  const content = screen.getByLabelText('Content');
  expect(content).toHaveValue(values.content);
  // Nothing typed is ever cut: the input takes a whole thread's length, a single post included.
  expect(content).toHaveAttribute('maxlength', String(THREAD_MAX_LENGTH));
  expect(content.hasAttribute('disabled')).toBe(!enabled);
  expect(screen.getByLabelText('Location')).toHaveValue(values.location);
  expectThread(s, enabled);
  // With no account connected there is no box to tick, and the editor says so.
  if (!s.context.accounts.length) expect(screen.getByText('No social media account is connected yet.')).toBeInTheDocument();
  for (const box of within(screen.getByRole('group', { name: /^Accounts/ })).queryAllByRole('checkbox')) {
    const label = box.closest('label')!.textContent!;
    expect((box as HTMLInputElement).checked).toBe(values.accounts.some((a) => label.startsWith(`Bluesky @${a.handle}`)));
  }
  expectLabelsAndLangs(s, enabled);
  const form = screen.getByRole('form', { name: 'Post' });
  const shown = [...form.querySelectorAll('[data-part="error-text"]')]
    .map((e) => e.textContent)
    .filter(Boolean)
    .sort();
  expect(shown).toEqual(
    FIELDS.map((f) => visiblePostError(s.context.form, f))
      .filter(Boolean)
      .sort(),
  );
  expectFiles(s, true);
  const max = fileLimitOf(s.context.maxFiles, s.context.form.values.accounts);
  const atLimit = max !== null && s.context.files.length >= max;
  expect(screen.getByRole('button', { name: 'Upload' }).hasAttribute('disabled')).toBe(atLimit || !enabled);
  expect(screen.queryByTestId('file-limit')?.textContent ?? null).toBe(atLimit ? SOCIAL_MESSAGES.maxFiles(max!) : null);
  expectScheduleCheck(s);
  expectLocalCopy(s);
}

/** The copy kept in this browser: restored (with Discard) until saved or discarded; and said when it could not be kept. */
function expectLocalCopy(s: Snapshot) {
  const restored = screen.queryByTestId('restored-notice');
  if (s.context.restoredAt === null) expect(restored).toBeNull();
  else {
    expect(restored!.textContent).toMatch(
      s.context.postId
        ? /^Restored from this browser: your changes to this draft/
        : /^Restored from this browser: the post you had not saved yet/,
    );
    expect(screen.getByRole('button', { name: s.context.postId ? M.discardChanges : M.discard })).toBeEnabled();
  }
  const failed = screen.queryByText(/^This browser could not keep a copy of your unsaved post/);
  if (s.context.copyError) expect(failed).toHaveTextContent(M.copyFailed(s.context.copyError));
  else expect(failed).toBeNull();
}

function expectErrorPage(title: string) {
  expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/');
  expect(screen.queryByRole('heading', { name: 'Post not found' })).toBeNull();
}

/** Save and Post; with a time set, Schedule and Post now. */
export const actionLabels = (s: Snapshot) => ACTION_LABELS[s.context.form.values.dateScheduled === null ? 'now' : 'scheduled'];

/**
 * The preview shows the post as Bluesky will: the account it goes out as, the text as it goes out (a thread's parts),
 * its pictures with their alt text.
 */
function expectPreview(s: Snapshot) {
  const preview = within(screen.getByRole('article', { name: 'Bluesky preview' }));
  const { values } = s.context.form;
  const texts = values.threadBreaks ? values.threadParts : [composePostText(values)];
  expect(preview.getAllByTestId('preview-text').map((p) => p.textContent)).toEqual(texts);
  const handle = values.accounts[0]?.handle ?? s.context.accounts[0]?.handle ?? 'your.handle';
  expect(preview.getAllByText(`@${handle}`)).toHaveLength(texts.length);
  const images = s.context.files.filter(isImageFile).slice(0, 4);
  expect(preview.queryAllByRole('figure').map((f) => f.querySelector('figcaption')!.textContent)).toEqual(
    images.map((f) => (f.altText ? 'ALT' : 'No alt text')),
  );
}

const heading = (s: Snapshot) => (s.matches('unsaved') ? 'New Post' : 'Edit Post');

export const expectView = {
  loading: () => {
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(screen.queryByRole('heading')).toBeNull();
  },
  /** Sharing an artwork: the artwork, then its image, are read before the form shows. */
  sharing: () => {
    expect(screen.getByRole('status')).toHaveTextContent('Preparing a post from the artwork...');
    expect(screen.queryByRole('form')).toBeNull();
  },
  /** The error page of the answer's status (400: the id in the address is not one; 403), not the editor's not-found page. */
  badRequest: () => expectErrorPage('400 Bad Request'),
  forbidden: () => expectErrorPage('403 Forbidden'),
  notFound: () => {
    expect(screen.getByRole('heading', { name: 'Post not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the calendar' })).toHaveAttribute('href', '/social-media');
  },
  loadFailed: (s: Snapshot) => {
    expect(screen.getByRole('alert')).toHaveTextContent(s.context.error!);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
  },
  editing: (s: Snapshot) => {
    expectHeader(s, heading(s));
    expectForm(s, true);
    const L = actionLabels(s);
    expect(screen.getByRole('button', { name: L.save })).toBeEnabled();
    expect(screen.getByRole('button', { name: L.publish })).toBeEnabled();
    expectPreview(s);
  },
  /** Saving or publishing: the pressed button says so, nothing can be changed meanwhile. */
  busy: (s: Snapshot) => {
    expectHeader(s, heading(s));
    expectForm(s, false);
    const L = actionLabels(s);
    const [working, other] = s.context.intent === 'save' ? [L.saving, L.publish] : [L.publishing, L.save];
    expect(screen.getByRole('button', { name: working })).toBeDisabled();
    expect(screen.getByRole('button', { name: other })).toBeDisabled();
  },
  uploading: (s: Snapshot) => {
    expectView.busy(s);
    const file = s.context.files.find((f) => f.id === s.context.batch[0])!;
    const bar = screen.getByRole('progressbar', { name: `Uploading ${fileNameOf(file)}` });
    expect(bar).toHaveAttribute('aria-valuenow', String(Math.round((file.kind === 'local' ? file.progress : 1) * 100)));
  },
  /** Read-only: the text as it went out, its files, and how each account fared. */
  published: (s: Snapshot) => {
    const post = s.context.post!;
    expectHeader(s, 'Published Post');
    expect(screen.queryByRole('textbox', { name: 'Content' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Upload' })).toBeNull();
    expect(screen.queryByTestId('schedule-check')).toBeNull();
    expect(screen.getByTestId('published-text').textContent).toBe(
      composePostText({ content: post.content, hashtags: post.hashtags ?? [], mentions: post.mentions ?? [] }),
    );
    expectFiles(s, false);
    const rows = within(screen.getByRole('list', { name: 'Deliveries' })).getAllByRole('listitem');
    expect(rows.map((r) => [r.getAttribute('aria-label'), r.dataset.status])).toEqual(
      post.responses.map((r) => [`Bluesky @${r.handle}`, r.postStatus]),
    );
    post.responses.forEach((r, i) => {
      const row = within(rows[i]);
      if (r.postStatus === 'posted') expect(row.getByRole('link', { name: 'View on Bluesky' })).toHaveAttribute('href', r.postUrl);
      else expect(row.queryByRole('link')).toBeNull();
      if (r.postError) expect(rows[i]).toHaveTextContent(r.postError);
    });
    const status = s.matches({ published: 'waiting' })
      ? 'Some accounts are still pending: checking again every few seconds.'
      : s.matches({ published: 'refreshing' })
        ? 'Checking the pending accounts...'
        : s.matches({ published: 'retrying' })
          ? 'Trying the failed accounts again...'
          : '';
    expect(screen.getByRole('status').textContent).toBe(status);
    const failed = post.responses.some((r) => r.postStatus === 'error');
    const retry = screen.queryByRole('button', { name: s.matches({ published: 'retrying' }) ? 'Retrying...' : 'Retry failed' });
    expect(retry !== null).toBe(failed);
    if (retry) expect(retry.hasAttribute('disabled')).toBe(!s.can({ type: 'post.retryFailed' }));
  },
};
