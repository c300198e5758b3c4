import { useActorRef, useSelector } from '@xstate/react';
import { css } from 'styled-system/css';
import type { artworkInventoryMachine } from '../../machines/artwork-inventory/artwork-inventory.machine';
import {
  selectCanAct,
  selectDialog,
  selectDialogContacts,
  selectDialogPiece,
  selectError,
  selectHasMoreHistory,
  selectHistory,
  selectInventory,
  selectIsLoadingMore,
  selectIsSending,
  selectView,
} from '../../machines/artwork-inventory/artwork-inventory.selectors';
import { pieceLifeRecord } from '../../machines/artwork-inventory/life-actions';
import { PRICE_DISPLAY_LABELS } from '../../schemas/inventory.schema';
import type { PaperworkService } from '../../services/paperwork.service';
import { useInspection } from '../inspection';
import { PaperworkDownload } from '../paperwork/PaperworkDownload';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { Spinner } from '../ui/spinner';
import { HistoryList } from './HistoryList';
import { LifeActionDialog } from './LifeActionDialog';
import { PieceCard } from './PieceCard';

const heading = css({ fontSize: 'lg', fontWeight: 'semibold' });

/** Where every piece of the artwork is: its copies, their sale and custody with the chart's actions, and its history. */
export function ArtworkInventoryPanel({
  logic,
  artworkId,
  paperwork,
}: {
  logic: typeof artworkInventoryMachine;
  artworkId: string;
  /** Where each piece's certificate of authenticity downloads from; without it, no certificate button. */
  paperwork?: Pick<PaperworkService, 'download'>;
}) {
  const actor = useActorRef(logic, { input: { artworkId }, ...useInspection() });
  const view = useSelector(actor, selectView);
  const inventory = useSelector(actor, selectInventory);
  const history = useSelector(actor, selectHistory);
  const hasMore = useSelector(actor, selectHasMoreHistory);
  const loadingMore = useSelector(actor, selectIsLoadingMore);
  const error = useSelector(actor, selectError);
  const dialog = useSelector(actor, selectDialog);
  const dialogPiece = useSelector(actor, selectDialogPiece);
  const contacts = useSelector(actor, selectDialogContacts);
  const sending = useSelector(actor, selectIsSending);
  const canAct = useSelector(actor, selectCanAct);

  if (view === 'loading') return <Spinner label="Loading where this work is..." />;
  if (view === 'failed' || !inventory) {
    return (
      <Alert status="danger">
        {error}{' '}
        <Button variant="link" onClick={() => actor.send({ type: 'inventory.retry' })}>
          Try again
        </Button>
      </Alert>
    );
  }
  const first = inventory.pieces[0];
  return (
    <section aria-label="Inventory" data-view={view} className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
      <div className={css({ display: 'flex', gap: '3', alignItems: 'baseline', flexWrap: 'wrap', justifyContent: 'space-between' })}>
        <p data-testid="inventory-summary">
          {inventory.edition
            ? `Edition of ${inventory.edition.size}${inventory.edition.proofs ? ` + ${inventory.edition.proofs} AP` : ''}: ${inventory.remaining} of ${inventory.pieces.length} remain`
            : 'Unique work'}
          {' · '}
          Public site: {PRICE_DISPLAY_LABELS[inventory.priceDisplay].toLowerCase()}
        </p>
        <Button
          size="sm"
          variant="outline"
          disabled={!canAct}
          onClick={() => actor.send({ type: 'action.open', action: 'edition', pieceId: first.pieceId })}
        >
          Edition
        </Button>
      </div>
      <ul aria-label="Pieces" className={css({ listStyle: 'none', display: 'flex', flexDirection: 'column', gap: '3' })}>
        {inventory.pieces.map((piece) => (
          <PieceCard
            key={`${piece.pieceId}:${JSON.stringify(pieceLifeRecord(piece))}`}
            piece={piece}
            disabled={!canAct}
            onAction={(action) => actor.send({ type: 'action.open', action, pieceId: piece.pieceId })}
            certificate={
              paperwork ? (
                <PaperworkDownload
                  paperwork={paperwork}
                  path={`/artwork/${artworkId}/certificate.pdf${piece.copy ? `?piece=${piece.pieceId}` : ''}`}
                  fileName="certificate.pdf"
                  label={piece.copy ? `Certificate of copy ${piece.copy} (PDF)` : 'Certificate of authenticity (PDF)'}
                />
              ) : null
            }
          />
        ))}
      </ul>
      <h2 className={heading}>History</h2>
      {error ? <Alert status="danger">{error}</Alert> : null}
      <HistoryList entries={history} />
      {hasMore ? (
        <Button
          variant="outline"
          disabled={!canAct}
          onClick={() => actor.send({ type: 'history.more' })}
          className={css({ alignSelf: 'center' })}
        >
          {loadingMore ? 'Loading...' : 'Older changes'}
        </Button>
      ) : null}
      <LifeActionDialog
        dialog={dialog}
        piece={dialogPiece}
        contacts={contacts}
        sending={sending}
        onChange={(field, value) => actor.send({ type: 'action.change', field, value })}
        onSubmit={() => actor.send({ type: 'action.submit' })}
        onCancel={() => actor.send({ type: 'action.cancel' })}
      />
    </section>
  );
}
