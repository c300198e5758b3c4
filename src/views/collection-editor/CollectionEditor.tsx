import { useInspection } from '../inspection';
import { useActorRef, useSelector } from '@xstate/react';
import { css } from 'styled-system/css';
import { card } from 'styled-system/recipes/card';
import type { CollectionFieldChange } from '../../machines/collection-editor/collection-editor.form';
import {
  hasUnsavedChanges,
  type CollectionEditorInput,
  type collectionEditorMachine,
} from '../../machines/collection-editor/collection-editor.machine';
import {
  selectAnnouncement,
  selectError,
  selectErrors,
  selectIsBusy,
  selectIsConfirmingDelete,
  selectIsConfirmingLeave,
  selectIsDeleting,
  selectIsSaving,
  selectValues,
  selectView,
} from '../../machines/collection-editor/collection-editor.selectors';
import { COLLECTION_SORT_FIELDS, COLLECTION_SORT_LABELS, type CollectionSortField } from '../../schemas/collection.schema';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { ConfirmDialog } from '../ui/dialog';
import { TextField } from '../ui/field';
import { SelectField } from '../ui/select-field';
import { Spinner } from '../ui/spinner';
import { TagsField } from '../ui/tags-input';
import { TextareaField } from '../ui/textarea-field';
import { useChartLeaveGuard } from '../shell/leave-guard';
import { LeaveDialog } from '../shell/LeaveDialog';
import { ArtworkPicker } from './ArtworkPicker';
import { CollectionArtworks } from './CollectionArtworks';
import { VisibilityField } from './VisibilityField';
import { EditorLoadFailed, EditorNotFound } from '../shell/editor-frame';

export const COLLECTION_EDITOR_TEXT = {
  newTitle: 'New Collection',
  editTitle: 'Edit Collection',
  notFound: 'Collection not found',
  notFoundText: 'This collection does not exist, or it was deleted.',
  back: 'Back to Collections',
  deleteButton: 'Delete Collection',
  deleteTitle: 'Delete collection',
  deleteConfirm: 'Are you sure you want to delete this collection? Its artworks stay in My Artworks.',
  deleted: 'Collection deleted.',
  save: 'Save Collection',
  saving: 'Saving...',
} as const;

const MANUAL = '';
const ORDER_OPTIONS: ReadonlyArray<{ value: CollectionSortField | typeof MANUAL; label: string }> = [
  { value: MANUAL, label: 'Manual order' },
  ...COLLECTION_SORT_FIELDS.map((f) => ({ value: f, label: COLLECTION_SORT_LABELS[f] })),
];
const DIRECTION_OPTIONS = [
  { value: 'asc' as const, label: 'Ascending' },
  { value: 'desc' as const, label: 'Descending' },
];

const page = css({ display: 'flex', flexDirection: 'column', gap: '5', maxW: '4xl' });
const heading = css({ fontSize: '2xl', fontWeight: 'bold' });

/** Create or edit a collection: its details, visibility, order, cover and artworks; deleting it. */
export function CollectionEditor({ logic, input }: { logic: typeof collectionEditorMachine; input: CollectionEditorInput }) {
  const editor = useActorRef(logic, { input, ...useInspection() });
  const view = useSelector(editor, selectView);
  const error = useSelector(editor, selectError);
  const values = useSelector(editor, selectValues);
  const errors = useSelector(editor, selectErrors);
  const busy = useSelector(editor, selectIsBusy);
  const saving = useSelector(editor, selectIsSaving);
  const confirming = useSelector(editor, selectIsConfirmingDelete);
  const deleting = useSelector(editor, selectIsDeleting);
  const confirmingLeave = useSelector(editor, selectIsConfirmingLeave);
  const announcement = useSelector(editor, selectAnnouncement);
  useChartLeaveGuard(editor, hasUnsavedChanges, selectIsConfirmingLeave);

  if (view === 'left') return null;
  if (view === 'loading') return <Spinner />;
  if (view === 'notFound')
    return (
      <EditorNotFound
        titleId="collection-editor-title"
        title={COLLECTION_EDITOR_TEXT.notFound}
        text={COLLECTION_EDITOR_TEXT.notFoundText}
        back={{ href: '/portfolio/collections', label: COLLECTION_EDITOR_TEXT.back }}
      />
    );
  if (view === 'loadFailed')
    return (
      <EditorLoadFailed
        titleId="collection-editor-title"
        title={COLLECTION_EDITOR_TEXT.editTitle}
        failure={<Alert status="danger">{error}</Alert>}
        onRetry={() => editor.send({ type: 'collection.retry' })}
      />
    );
  if (view === 'deleted') {
    return (
      <section className={page} data-view={view}>
        <p role="status">{COLLECTION_EDITOR_TEXT.deleted}</p>
      </section>
    );
  }

  const isNew = view === 'creating';
  const change = (c: CollectionFieldChange) => editor.send({ type: 'form.change', ...c });
  return (
    <section className={page} aria-labelledby="collection-editor-title" data-view={view}>
      <header className={css({ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: '4', flexWrap: 'wrap' })}>
        <h1 id="collection-editor-title" className={heading}>
          {isNew ? COLLECTION_EDITOR_TEXT.newTitle : COLLECTION_EDITOR_TEXT.editTitle}
        </h1>
        {isNew ? null : (
          <Button variant="danger" onClick={() => editor.send({ type: 'collection.delete' })} disabled={busy}>
            {COLLECTION_EDITOR_TEXT.deleteButton}
          </Button>
        )}
      </header>
      <form
        noValidate
        aria-label="Collection details"
        className={css({ display: 'flex', flexDirection: 'column', gap: '5' })}
        onSubmit={(e) => {
          e.preventDefault();
          editor.send({ type: 'form.submit' });
        }}
      >
        <div className={`${card()} ${css({ display: 'flex', flexDirection: 'column', gap: '4' })}`}>
          <TextField
            label="Title"
            name="title"
            required
            value={values.title}
            error={errors.title}
            disabled={busy}
            onValueChange={(value) => change({ field: 'title', value })}
          />
          <TextareaField
            label="Description"
            name="description"
            value={values.description}
            error={errors.description}
            disabled={busy}
            onValueChange={(value) => change({ field: 'description', value })}
          />
          <VisibilityField
            value={values.visibility}
            error={errors.visibility}
            disabled={busy}
            onChange={(value) => change({ field: 'visibility', value })}
          />
          <TagsField
            label="Tags"
            name="tags"
            value={values.tags}
            hint="Press Enter or type a comma after each tag."
            error={errors.tags}
            disabled={busy}
            onValueChange={(value) => change({ field: 'tags', value })}
          />
          <div className={css({ display: 'flex', gap: '4', flexWrap: 'wrap' })}>
            <SelectField
              label="Order"
              name="sortField"
              value={values.sortField ?? MANUAL}
              options={ORDER_OPTIONS}
              error={errors.sortField}
              disabled={busy}
              onValueChange={(value) => change({ field: 'sortField', value: value === MANUAL ? null : value })}
            />
            {values.sortField ? (
              <SelectField
                label="Direction"
                name="sortDirection"
                value={values.sortDirection}
                options={DIRECTION_OPTIONS}
                error={errors.sortDirection}
                disabled={busy}
                onValueChange={(value) => change({ field: 'sortDirection', value })}
              />
            ) : null}
          </div>
        </div>
        <div className={card()}>
          <CollectionArtworks editor={editor} />
        </div>
        {errors.coverArtworkId ? <Alert status="danger">{errors.coverArtworkId}</Alert> : null}
        <div className={card()}>
          <ArtworkPicker editor={editor} />
        </div>
        <div>
          <Button type="submit" disabled={busy}>
            {saving ? COLLECTION_EDITOR_TEXT.saving : COLLECTION_EDITOR_TEXT.save}
          </Button>
        </div>
      </form>
      {/* Every add, removal, move and cover choice, said aloud once (the list itself is not a live region). */}
      <div aria-live="polite" data-testid="collection-announcer" className={css({ srOnly: true })}>
        {announcement}
      </div>
      <ConfirmDialog
        open={confirming || deleting}
        title={COLLECTION_EDITOR_TEXT.deleteTitle}
        message={COLLECTION_EDITOR_TEXT.deleteConfirm}
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={deleting}
        onConfirm={() => editor.send({ type: 'collection.confirmDelete' })}
        onCancel={() => editor.send({ type: 'collection.cancelDelete' })}
      />
      <LeaveDialog
        open={confirmingLeave}
        onLeave={() => editor.send({ type: 'leave.confirm' })}
        onStay={() => editor.send({ type: 'leave.stay' })}
      />
    </section>
  );
}
