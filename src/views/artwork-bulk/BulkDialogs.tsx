import { Portal } from '@ark-ui/react/portal';
import { useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { css } from 'styled-system/css';
import type { ArtworkBulkRef } from '../../machines/artwork-bulk/artwork-bulk.machine';
import {
  selectCollections,
  selectCount,
  selectError,
  selectIsApplying,
  selectIsConfirming,
  selectPicking,
  selectRequest,
} from '../../machines/artwork-bulk/artwork-bulk.selectors';
import { BATCH_TEXT } from '../../schemas/artwork-batch.schema';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { ConfirmDialog, Dialog } from '../ui/dialog';
import { Spinner } from '../ui/spinner';

export const PICK_TEXT = {
  title: 'Add to collection',
  question: (n: number) => `Which collection should ${n === 1 ? 'the artwork' : `the ${n} artworks`} join?`,
  none: 'You have no collections yet.',
  newCollection: 'New Collection',
  add: 'Add',
  adding: 'Adding...',
} as const;

/** The one confirmation of a bulk change (delete, sale status, site). */
export function BulkConfirm({ bulk }: { bulk: ArtworkBulkRef }) {
  const confirming = useSelector(bulk, selectIsConfirming);
  const applying = useSelector(bulk, selectIsApplying);
  const request = useSelector(bulk, selectRequest);
  const count = useSelector(bulk, selectCount);
  const open = (confirming || applying) && request !== null && request.action !== 'addToCollection';
  return (
    <ConfirmDialog
      open={open}
      title={request ? BATCH_TEXT.confirmTitle[request.action] : ''}
      message={request ? BATCH_TEXT.confirm(request, count) : ''}
      confirmLabel={request?.action === 'delete' ? 'Delete' : 'Confirm'}
      busyLabel="Saving..."
      busy={applying}
      onConfirm={() => bulk.send({ type: 'bulk.confirm' })}
      onCancel={() => bulk.send({ type: 'bulk.cancel' })}
    />
  );
}

/** Which collection the chosen artworks join: choosing one and Add is the confirmation. */
export function CollectionPick({ bulk }: { bulk: ArtworkBulkRef }) {
  const picking = useSelector(bulk, selectPicking);
  const applying = useSelector(bulk, selectIsApplying);
  const request = useSelector(bulk, selectRequest);
  const collections = useSelector(bulk, selectCollections);
  const count = useSelector(bulk, selectCount);
  const error = useSelector(bulk, selectError);
  const adding = applying && request?.action === 'addToCollection';
  const chosen = request?.action === 'addToCollection' ? request.collectionId : null;
  return (
    <Dialog.Root
      open={picking !== null || adding}
      lazyMount
      unmountOnExit
      closeOnInteractOutside={!adding}
      closeOnEscape={!adding}
      onOpenChange={(d) => {
        if (!d.open) bulk.send({ type: 'bulk.cancel' });
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Title>{PICK_TEXT.title}</Dialog.Title>
            <Dialog.Description>{PICK_TEXT.question(count)}</Dialog.Description>
            {picking === 'loading' ? <Spinner /> : null}
            {picking === 'failed' ? (
              <Alert status="danger">
                {error}{' '}
                <Button variant="link" onClick={() => bulk.send({ type: 'bulk.retry' })}>
                  Try again
                </Button>
              </Alert>
            ) : null}
            {picking === 'empty' ? (
              <p>
                {PICK_TEXT.none}{' '}
                <Link href="/portfolio/collections/new" className={css({ color: 'accent.default', textDecoration: 'underline' })}>
                  {PICK_TEXT.newCollection}
                </Link>
              </p>
            ) : null}
            {picking === 'ready' || adding ? (
              <fieldset className={css({ display: 'flex', flexDirection: 'column', gap: '1.5', maxH: '64', overflowY: 'auto' })}>
                <legend className={css({ srOnly: true })}>Collections</legend>
                {collections.map((c) => (
                  <label key={c.collectionId} className={css({ display: 'flex', alignItems: 'center', gap: '2', cursor: 'pointer' })}>
                    <input
                      type="radio"
                      name="bulk-collection"
                      value={c.collectionId}
                      checked={chosen === c.collectionId}
                      disabled={adding}
                      onChange={() => bulk.send({ type: 'bulk.chooseCollection', collectionId: c.collectionId })}
                    />
                    <span className={css({ overflowWrap: 'anywhere' })}>{c.title}</span>
                  </label>
                ))}
              </fieldset>
            ) : null}
            <div className={css({ display: 'flex', gap: '3', justifyContent: 'flex-end' })}>
              <Button variant="outline" disabled={adding} onClick={() => bulk.send({ type: 'bulk.cancel' })}>
                Cancel
              </Button>
              {picking === 'ready' || adding ? (
                <Button disabled={!chosen || adding} onClick={() => bulk.send({ type: 'bulk.confirm' })}>
                  {adding ? PICK_TEXT.adding : PICK_TEXT.add}
                </Button>
              ) : null}
            </div>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
