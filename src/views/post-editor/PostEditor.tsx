import { useActorRef, useSelector } from '@xstate/react';
import type { ActorOptions } from 'xstate';
import { css, cx } from 'styled-system/css';
import { badge } from 'styled-system/recipes/badge';
import { card } from 'styled-system/recipes/card';
import type { PostEditorRef, postEditorMachine } from '../../machines/post-editor/post-editor.machine';
import { POST_EDITOR_MESSAGES as M } from '../../machines/post-editor/post-editor.messages';
import type { FileLimit, PostEditorInput } from '../../machines/post-editor/post-editor.types';
import { ErrorPage } from '../errors/ErrorPage';
import { Alert } from '../ui/alert';
import { Spinner } from '../ui/spinner';
import { useChartLeaveGuard } from '../shell/leave-guard';
import { LeaveDialog } from '../shell/LeaveDialog';
import { AccountsField } from './AccountsField';
import { QuotaLines } from './QuotaLines';
import { ContentField } from './ContentField';
import { PostActions } from './PostActions';
import { PostFiles } from './PostFiles';
import { PostResponses } from './PostResponses';
import { PublishedPost } from './PublishedPost';
import { ScheduleCheck } from './ScheduleCheck';
import { ScheduleField } from './ScheduleField';
import { TagList } from './TagFields';
import {
  isConfirmingLeave,
  labelOf,
  selectError,
  selectLinkCard,
  selectShareHint,
  viewOf,
} from '../../machines/post-editor/post-editor.selectors';
import { useInspection } from '../inspection';
import { LocationField } from './LocationField';
import { NetworkProblems } from './NetworkProblems';
import { LabelsField } from './LabelsField';
import { LanguageField } from './LanguageField';
import { LinkCard } from '../link-card/LinkCard';
import { LocalCopyStatus, losesWorkOnUnload, RestoredNotice } from './LocalCopy';
import { PostPreviews } from './preview/PostPreviews';
import { EditorLoadFailed, EditorNotFound } from '../shell/editor-frame';

const page = css({ display: 'flex', flexDirection: 'column', gap: '5', maxW: '3xl' });
/** The form, and beside it on a wide screen (under it on a phone) the post as it will look. */
const composer = css({ maxW: { base: '3xl', lg: '6xl' } });
const columns = css({
  display: 'grid',
  gap: '5',
  gridTemplateColumns: { base: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) minmax(18rem, 24rem)' },
  alignItems: 'start',
});
const aside = css({ position: { lg: 'sticky' }, top: { lg: '4' } });
const title = css({ fontSize: '2xl', fontWeight: 'bold' });
const HEADINGS = { unsaved: 'New Post', draft: 'Edit Post', published: 'Published Post' } as const;
const LABEL_TONES = { 'Scheduled Draft': 'accent', Draft: 'neutral', Published: 'success' } as const;

/** The last failure (save, upload, publish, status check), kept up until the next attempt. */
function FailureAlert({ editor }: { editor: PostEditorRef }) {
  const error = useSelector(editor, selectError);
  return error ? <Alert status="danger">{error}</Alert> : null;
}

/** Why a shared artwork's link may not work yet (the portfolio not published, or not since the artwork was made). */
function ShareHint({ editor }: { editor: PostEditorRef }) {
  const hint = useSelector(editor, selectShareHint);
  return hint ? (
    <Alert status="info">
      <span data-testid="share-hint">{hint}</span>
    </Alert>
  ) : null;
}

/** The card of the text's first link, under the text (its chart runs beside the editor's while the post is editable). */
function PostLinkCard({ editor }: { editor: PostEditorRef }) {
  const card = useSelector(editor, selectLinkCard);
  return card ? <LinkCard card={card} /> : null;
}

export interface PostEditorProps {
  logic: typeof postEditorMachine;
  input: Pick<PostEditorInput, 'postId' | 'artworkId'>;
  /** At most this many files (the app passes 'perNetwork': the chosen networks' limit); absent means no limit. */
  maxFiles?: FileLimit;
  /** The timers' clock (polling); tests pass a SimulatedClock. */
  clock?: ActorOptions<typeof postEditorMachine>['clock'];
  /** The current time (epoch ms), when a scheduled draft comes due; tests pass their clock's. */
  now?: () => number;
}

/**
 * The social-media post editor: a thin renderer of the post editor machine. The root subscribes only to which view
 * shows; each part subscribes to its own slice, so typing re-renders the text field alone.
 */
export function PostEditor({ logic, input, maxFiles, clock, now }: PostEditorProps) {
  const actorInput = { postId: input.postId, artworkId: input.artworkId ?? null, maxFiles: maxFiles ?? null, now };
  // An explicit `clock: undefined` would replace XState's own clock (and break every timer).
  const inspection = useInspection();
  const editor = useActorRef(logic, clock ? { input: actorInput, clock, ...inspection } : { input: actorInput, ...inspection });
  const view = useSelector(editor, viewOf);
  const label = useSelector(editor, labelOf);
  const confirmingLeave = useSelector(editor, isConfirmingLeave);
  // An in-app navigation asks the chart; it holds it (and asks) only when unsaved changes have no copy in this
  // browser. A reload or closing the tab is held whenever something would be lost (the copy not written yet).
  useChartLeaveGuard(editor, losesWorkOnUnload, isConfirmingLeave);

  if (view === 'left') return null;
  if (view === 'loading') return <Spinner />;
  if (view === 'sharing') return <Spinner label={M.sharing} />;
  if (view === 'notFound')
    return (
      <EditorNotFound
        titleId="post-editor-title"
        title={M.notFound}
        text="This post does not exist, or it belongs to another account."
        back={{ href: '/social-media', label: 'Back to the calendar' }}
      />
    );
  if (view === 'badRequest') return <ErrorPage status={400} />;
  if (view === 'forbidden') return <ErrorPage status={403} />;
  if (view === 'loadFailed')
    return (
      <EditorLoadFailed
        titleId="post-editor-title"
        title="Social Media Post"
        failure={<FailureAlert editor={editor} />}
        onRetry={() => editor.send({ type: 'post.reload' })}
      />
    );

  return (
    <section className={cx(page, view !== 'published' && composer)} aria-labelledby="post-editor-title" data-view={view}>
      <header className={css({ display: 'flex', alignItems: 'center', gap: '3', flexWrap: 'wrap' })}>
        <h1 id="post-editor-title" className={title}>
          {HEADINGS[view]}
        </h1>
        {label ? (
          <span data-testid="post-label" className={badge({ tone: LABEL_TONES[label] })}>
            {label}
          </span>
        ) : null}
      </header>
      <FailureAlert editor={editor} />
      {view === 'published' ? null : <RestoredNotice editor={editor} />}
      {view === 'published' ? null : <ShareHint editor={editor} />}
      {view === 'published' ? (
        <div className={card()}>
          <div className={css({ display: 'flex', flexDirection: 'column', gap: '5' })}>
            <PublishedPost editor={editor} />
            <PostFiles editor={editor} />
            <PostResponses editor={editor} />
          </div>
        </div>
      ) : (
        <div className={columns}>
          <div className={card()}>
            <form
              noValidate
              aria-label="Post"
              className={css({ display: 'flex', flexDirection: 'column', gap: '5' })}
              onSubmit={(e) => e.preventDefault()}
            >
              <ContentField editor={editor} />
              <PostLinkCard editor={editor} />
              <PostFiles editor={editor} />
              <NetworkProblems editor={editor} />
              <LabelsField editor={editor} />
              <TagList editor={editor} field="hashtags" />
              <TagList editor={editor} field="mentions" />
              <LocationField editor={editor} />
              <LanguageField editor={editor} />
              <AccountsField editor={editor} />
              <QuotaLines editor={editor} />
              <ScheduleField editor={editor} />
              <ScheduleCheck editor={editor} />
              <PostActions editor={editor} />
              <LocalCopyStatus editor={editor} />
            </form>
          </div>
          <div className={aside}>
            <PostPreviews editor={editor} />
          </div>
        </div>
      )}
      <LeaveDialog
        open={confirmingLeave}
        onLeave={() => editor.send({ type: 'leave.confirm' })}
        onStay={() => editor.send({ type: 'leave.stay' })}
      />
    </section>
  );
}
