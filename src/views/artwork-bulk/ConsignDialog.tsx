import { Portal } from '@ark-ui/react/portal';
import { useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { css } from 'styled-system/css';
import type { ArtworkBulkRef } from '../../machines/artwork-bulk/artwork-bulk.machine';
import {
  selectConsignDraft,
  selectConsigned,
  selectConsigning,
  selectCount,
  selectError,
} from '../../machines/artwork-bulk/artwork-bulk.selectors';
import { CONSIGNMENT_MESSAGES as TEXT } from '../../schemas/consignment.schema';
import { ConsignTermsFields } from '../consignments/ConsignTermsFields';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { TextField } from '../ui/field';
import { Spinner } from '../ui/spinner';
import { BulkToast } from './UndoToast';

const form = css({ display: 'flex', flexDirection: 'column', gap: '3' });
const actions = css({ display: 'flex', gap: '3', justifyContent: 'flex-end' });

/**
 * Consign... for the chosen works: a gallery (or one added by name when there is none), the commission and the dates,
 * the same fields as a piece's Consign on its Inventory tab. A refusal keeps everything typed, with the server's reason.
 */
export function ConsignDialog({ bulk }: { bulk: ArtworkBulkRef }) {
  const step = useSelector(bulk, selectConsigning);
  const draft = useSelector(bulk, selectConsignDraft);
  const count = useSelector(bulk, selectCount);
  const loadError = useSelector(bulk, selectError);
  const busy = step === 'sending' || step === 'addingGallery';
  const cancel = () => bulk.send({ type: 'bulk.cancel' });
  const cancelButton = (
    <Button type="button" variant="outline" disabled={busy} onClick={cancel}>
      Cancel
    </Button>
  );
  return (
    <Dialog.Root
      open={step !== null}
      lazyMount
      unmountOnExit
      closeOnInteractOutside={!busy}
      closeOnEscape={!busy}
      onOpenChange={(d) => {
        if (!d.open) cancel();
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content className={css({ maxH: '90vh', overflowY: 'auto' })}>
            <Dialog.Title>{TEXT.bulkTitle}</Dialog.Title>
            <Dialog.Description>{TEXT.bulkQuestion(count)}</Dialog.Description>
            {step === 'loading' ? (
              <>
                <Spinner />
                <div className={actions}>{cancelButton}</div>
              </>
            ) : null}
            {step === 'failed' ? (
              <>
                <Alert status="danger">
                  {loadError}{' '}
                  <Button variant="link" onClick={() => bulk.send({ type: 'bulk.retry' })}>
                    Try again
                  </Button>
                </Alert>
                <div className={actions}>{cancelButton}</div>
              </>
            ) : null}
            {draft && (step === 'noGallery' || step === 'addingGallery') ? (
              <form
                noValidate
                aria-label={TEXT.addGallery}
                className={form}
                onSubmit={(e) => {
                  e.preventDefault();
                  bulk.send({ type: 'consign.addGallery' });
                }}
              >
                {draft.error ? <Alert status="danger">{draft.error}</Alert> : null}
                <p>{TEXT.noGallery}</p>
                <TextField
                  label={TEXT.galleryName}
                  name="galleryName"
                  value={draft.galleryName}
                  error={draft.fieldErrors.galleryName}
                  disabled={busy}
                  onValueChange={(value) => bulk.send({ type: 'consign.change', field: 'galleryName', value })}
                />
                <div className={actions}>
                  {cancelButton}
                  <Button type="submit" disabled={busy}>
                    {step === 'addingGallery' ? 'Adding...' : TEXT.addGallery}
                  </Button>
                </div>
              </form>
            ) : null}
            {draft && (step === 'editing' || step === 'sending') ? (
              <form
                noValidate
                aria-label={TEXT.bulkTitle}
                className={form}
                onSubmit={(e) => {
                  e.preventDefault();
                  bulk.send({ type: 'bulk.confirm' });
                }}
              >
                {draft.error ? <Alert status="danger">{draft.error}</Alert> : null}
                <ConsignTermsFields
                  values={{ ...draft.terms }}
                  fieldErrors={draft.fieldErrors}
                  galleries={draft.galleries}
                  disabled={busy}
                  onChange={(field, value) => bulk.send({ type: 'consign.change', field: field as keyof typeof draft.terms, value })}
                />
                <div className={actions}>
                  {cancelButton}
                  <Button type="submit" disabled={busy}>
                    {step === 'sending' ? 'Consigning...' : 'Consign'}
                  </Button>
                </div>
              </form>
            ) : null}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** What a consignment did, the way to Consignments, and how it is undone there; it waits while pointed at or focused. */
export function ConsignedToast({ bulk }: { bulk: ArtworkBulkRef }) {
  const message = useSelector(bulk, selectConsigned);
  if (!message) return null;
  return (
    <BulkToast bulk={bulk} label="Consigned">
      <span className={css({ flex: '1' })}>
        {message}. {TEXT.bulkUndoHint}
      </span>
      <Link href="/portfolio/consignments" className={css({ color: 'inherit', textDecoration: 'underline', whiteSpace: 'nowrap' })}>
        {TEXT.bulkSee}
      </Link>
    </BulkToast>
  );
}
