import { useActorRef, useSelector } from '@xstate/react';
import { css } from 'styled-system/css';
import { card } from 'styled-system/recipes/card';
import type { accountDeletionMachine } from '../../machines/your-data/account-deletion.machine';
import type { dataExportMachine } from '../../machines/your-data/data-export.machine';
import {
  selectDeletionError,
  selectDeletionForm,
  selectDeletionState,
  selectExportError,
  selectExportProgress,
  selectExportState,
  selectIsDeleting,
  selectSavedBytes,
} from '../../machines/your-data/your-data.selectors';
import { visibleError } from '../../machines/shared/form';
import { formatFileSize } from '../../schemas/media.schema';
import { DELETE_CONFIRMATION } from '../../schemas/user.schema';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { TextField } from '../ui/field';
import { ProgressBar } from '../ui/progress';
import { useInspection } from '../inspection';

const stack = css({ display: 'flex', flexDirection: 'column', gap: '4', maxW: 'md' });
const row = css({ display: 'flex', gap: '3', flexWrap: 'wrap' });
const heading = css({ fontSize: 'lg', fontWeight: 'semibold' });

/** Profile's second card: take everything away, or leave. */
export function YourData({
  exportLogic,
  deletionLogic,
}: {
  exportLogic: typeof dataExportMachine;
  deletionLogic: typeof accountDeletionMachine;
}) {
  return (
    <section
      className={`${card()} ${css({ maxW: '2xl', display: 'flex', flexDirection: 'column', gap: '6' })}`}
      aria-labelledby="your-data-title"
    >
      <h2 id="your-data-title" className={css({ fontSize: 'xl', fontWeight: 'bold' })}>
        Your data
      </h2>
      <DataExport logic={exportLogic} />
      <AccountDeletion logic={deletionLogic} />
    </section>
  );
}

export function DataExport({ logic }: { logic: typeof dataExportMachine }) {
  const actor = useActorRef(logic, useInspection());
  const state = useSelector(actor, selectExportState);
  const progress = useSelector(actor, selectExportProgress);
  const savedBytes = useSelector(actor, selectSavedBytes);
  const error = useSelector(actor, selectExportError);
  return (
    <div className={stack} data-state={state}>
      <h3 className={heading}>Download my data</h3>
      <p>
        One ZIP file with your profile, artworks, collections, journal, posts and buyers' inquiries (as JSON) and every file you uploaded,
        as you uploaded it.
      </p>
      {state === 'downloading' && progress ? (
        <div className={stack}>
          <ProgressBar label="Download progress" fraction={progress.total ? progress.loaded / progress.total : 0} />
          <p role="status">
            {progress.total
              ? `Downloaded ${formatFileSize(progress.loaded)} of ${formatFileSize(progress.total)}`
              : `Downloaded ${formatFileSize(progress.loaded)}`}
          </p>
        </div>
      ) : null}
      {state === 'saved' ? <Alert status="success">Your data was downloaded ({formatFileSize(savedBytes)}).</Alert> : null}
      {state === 'failed' ? <Alert status="danger">{error}</Alert> : null}
      <div className={row}>
        {state === 'downloading' ? (
          <Button variant="outline" onClick={() => actor.send({ type: 'export.cancel' })}>
            Cancel download
          </Button>
        ) : (
          <Button variant="outline" onClick={() => actor.send({ type: 'export.start' })}>
            {state === 'failed' ? 'Try again' : 'Download my data'}
          </Button>
        )}
      </div>
    </div>
  );
}

export function AccountDeletion({ logic }: { logic: typeof accountDeletionMachine }) {
  const actor = useActorRef(logic, useInspection());
  const state = useSelector(actor, selectDeletionState);
  const busy = useSelector(actor, selectIsDeleting);
  const form = useSelector(actor, selectDeletionForm);
  const error = useSelector(actor, selectDeletionError);
  const field = (name: 'currentPassword' | 'confirmation') => ({
    name,
    value: form.values[name],
    error: visibleError(form, name),
    onValueChange: (value: string) => actor.send({ type: 'field.change', name, value }),
  });
  return (
    <div className={stack} data-state={state}>
      <h3 className={heading}>Delete my account</h3>
      {state === 'closed' ? (
        <>
          <p>Deletes your account and everything in it. Download your data first if you want to keep it.</p>
          <div className={row}>
            <Button variant="danger" onClick={() => actor.send({ type: 'deletion.open' })}>
              Delete my account
            </Button>
          </div>
        </>
      ) : null}
      {state === 'confirming' ? (
        <form
          className={stack}
          noValidate
          aria-label="Delete my account"
          onSubmit={(e) => {
            e.preventDefault();
            actor.send({ type: 'deletion.confirm' });
          }}
        >
          <Alert status="warning">
            This deletes your profile, artworks and their files, journal, posts and scheduled posts, takes your public portfolio offline and
            disconnects your Bluesky accounts. It cannot be undone.
          </Alert>
          {error ? <Alert status="danger">{error}</Alert> : null}
          <TextField label="Current Password" type="password" autoComplete="current-password" required {...field('currentPassword')} />
          <TextField label={`Type ${DELETE_CONFIRMATION} to confirm`} autoComplete="off" required {...field('confirmation')} />
          <div className={row}>
            <Button type="submit" variant="danger" disabled={busy}>
              {busy ? 'Deleting...' : 'Delete my account forever'}
            </Button>
            <Button variant="outline" disabled={busy} onClick={() => actor.send({ type: 'deletion.cancel' })}>
              Cancel
            </Button>
          </div>
        </form>
      ) : null}
      {state === 'deleted' ? <Alert status="success">Your account was deleted.</Alert> : null}
    </div>
  );
}
