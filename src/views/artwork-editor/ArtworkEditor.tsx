import { useEffect, type ReactNode } from 'react';
import { Tabs as ArkTabs } from '@ark-ui/react/tabs';
import { useActorRef, useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { css } from 'styled-system/css';
import { button } from 'styled-system/recipes/button';
import { card } from 'styled-system/recipes/card';
import {
  hasUnsavedChanges,
  type ArtworkEditorInput,
  type EditorTab,
  type artworkEditorMachine,
} from '../../machines/artwork-editor/artwork-editor.machine';
import {
  selectArtworkId,
  selectError,
  selectForm,
  selectIsConfirmingDelete,
  selectIsConfirmingLeave,
  selectIsDeleting,
  selectMedia,
  selectMediaOpened,
  selectTab,
  selectView,
} from '../../machines/artwork-editor/artwork-editor.selectors';
import { mediaTypeLabel } from '../../schemas/media-type.schema';
import { ErrorPage } from '../errors/ErrorPage';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { ConfirmDialog } from '../ui/dialog';
import { Spinner } from '../ui/spinner';
import { Tabs } from '../ui/tabs';
import { useChartLeaveGuard } from '../shell/leave-guard';
import { LeaveDialog } from '../shell/LeaveDialog';
import { ArtworkForm } from './ArtworkForm';
import { MediaPanel } from '../artwork-media/MediaPanel';
import { PrimaryPreview } from './PrimaryPreview';
import { NewArtworkFiles } from './NewArtworkFiles';
import { useInspection } from '../inspection';
import { EditorLoadFailed, EditorNotFound } from '../shell/editor-frame';

export const DELETE_ARTWORK_CONFIRM = 'Are you sure you want to delete this artwork?';
export const ARTWORK_NOT_FOUND = 'Artwork not found';
/** Share: a new post prefilled from the saved artwork. */
export const shareAddress = (artworkId: string) => `/social-media/post/new?artwork=${encodeURIComponent(artworkId)}`;

const page = css({ display: 'flex', flexDirection: 'column', gap: '5', maxW: '6xl' });
const title = css({ fontSize: '2xl', fontWeight: 'bold' });
// Three tabs fit a 360 px screen only with narrower padding there.
const tab = css({ px: { base: '2.5', sm: '4' } });

/**
 * Create or edit an artwork: its details, its media (once saved), the primary image, and deleting it. A saved
 * artwork's Inventory tab (where its pieces are, with their actions and history) is the route's `inventory`, drawn
 * only while that tab is open.
 */
export function ArtworkEditor({
  logic,
  input,
  inventory,
}: {
  logic: typeof artworkEditorMachine;
  input: ArtworkEditorInput;
  inventory?: (artworkId: string) => ReactNode;
}) {
  const editor = useActorRef(logic, { input, ...useInspection() });
  const view = useSelector(editor, selectView);
  const error = useSelector(editor, selectError);
  const form = useSelector(editor, selectForm);
  const media = useSelector(editor, selectMedia);
  const confirming = useSelector(editor, selectIsConfirmingDelete);
  const deleting = useSelector(editor, selectIsDeleting);
  const confirmingLeave = useSelector(editor, selectIsConfirmingLeave);
  const artworkId = useSelector(editor, selectArtworkId);
  const tabOpen = useSelector(editor, selectTab);
  const mediaOpened = useSelector(editor, selectMediaOpened);
  // Saved for the first time, the work opens on its Media: from the top of the page, where its pictures start.
  useEffect(() => {
    if (mediaOpened) window.scrollTo({ top: 0 });
  }, [mediaOpened]);
  // An in-app navigation asks the chart; it holds it (and asks) only when the form has unsaved changes.
  useChartLeaveGuard(editor, hasUnsavedChanges, selectIsConfirmingLeave);

  if (view === 'left') return null;
  if (view === 'loading') return <Spinner />;
  if (view === 'notFound')
    return (
      <EditorNotFound
        titleId="artwork-editor-title"
        title={ARTWORK_NOT_FOUND}
        text="This artwork does not exist, or it was deleted."
        back={{ href: '/portfolio/artwork', label: 'Back to My Artworks' }}
      />
    );
  if (view === 'badRequest') return <ErrorPage status={400} />;
  if (view === 'forbidden') return <ErrorPage status={403} />;
  if (view === 'loadFailed')
    return (
      <EditorLoadFailed
        titleId="artwork-editor-title"
        title="Edit Artwork"
        failure={<Alert status="danger">{error}</Alert>}
        onRetry={() => editor.send({ type: 'artwork.retry' })}
      />
    );
  if (view === 'deleted') {
    return (
      <section className={page} data-view={view}>
        <p role="status">Artwork deleted.</p>
      </section>
    );
  }

  const isNew = view === 'creating';
  return (
    <section className={page} aria-labelledby="artwork-editor-title" data-view={view}>
      <header className={css({ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: '4', flexWrap: 'wrap' })}>
        <div>
          <h1 id="artwork-editor-title" className={title}>
            {isNew ? 'Create New Artwork' : 'Edit Artwork'}
          </h1>
          <p className={css({ color: 'fg.muted' })}>
            Media type: <span data-testid="media-type">{mediaTypeLabel(form.values.mediaType)}</span>
          </p>
        </div>
        {isNew ? null : (
          <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap' })}>
            {/* A link: it goes to the post editor, which reads the artwork itself (the leave guard asks if the form has changes). */}
            <Link href={shareAddress(artworkId!)} className={button({ variant: 'outline' })}>
              Share
            </Link>
            <Button variant="danger" onClick={() => editor.send({ type: 'artwork.delete' })} disabled={deleting}>
              Delete Artwork
            </Button>
          </div>
        )}
      </header>
      <div
        className={css({
          display: 'grid',
          gridTemplateColumns: { base: '1fr', lg: 'minmax(0, 1fr) 400px' },
          gap: '6',
          alignItems: 'start',
        })}
      >
        <div className={card()}>
          <Tabs.Root value={tabOpen} onValueChange={(d) => editor.send({ type: 'editor.tab', tab: d.value as EditorTab })}>
            <Tabs.List aria-label="Artwork sections">
              <Tabs.Trigger value="details" className={tab}>
                Details
              </Tabs.Trigger>
              <Tabs.Trigger value="media" className={tab}>
                Media
              </Tabs.Trigger>
              {inventory && !isNew ? (
                <Tabs.Trigger value="inventory" className={tab}>
                  Inventory
                </Tabs.Trigger>
              ) : null}
            </Tabs.List>
            <Tabs.Content value="details">
              <ArtworkForm editor={editor} />
            </Tabs.Content>
            <Tabs.Content value="media">
              {/* Media goes to a saved artwork: files dropped on a new one save it first. */}
              {media ? <MediaPanel media={media} /> : <NewArtworkFiles editor={editor} />}
            </Tabs.Content>
            {inventory && !isNew ? (
              <Tabs.Content value="inventory">
                <ArkTabs.Context>{(tabs) => (tabs.value === 'inventory' ? inventory(artworkId!) : null)}</ArkTabs.Context>
              </Tabs.Content>
            ) : null}
          </Tabs.Root>
        </div>
        <aside aria-label="Preview">
          <PrimaryPreview media={media} title={form.values.title} />
        </aside>
      </div>
      <ConfirmDialog
        open={confirming || deleting}
        title="Delete artwork"
        message={DELETE_ARTWORK_CONFIRM}
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={deleting}
        onConfirm={() => editor.send({ type: 'artwork.confirmDelete' })}
        onCancel={() => editor.send({ type: 'artwork.cancelDelete' })}
      />
      <LeaveDialog
        open={confirmingLeave}
        onLeave={() => editor.send({ type: 'leave.confirm' })}
        onStay={() => editor.send({ type: 'leave.stay' })}
      />
    </section>
  );
}
