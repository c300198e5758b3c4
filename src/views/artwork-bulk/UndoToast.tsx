import type { ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import { css } from 'styled-system/css';
import type { ArtworkBulkRef } from '../../machines/artwork-bulk/artwork-bulk.machine';
import { selectIsUndoing, selectUndoable } from '../../machines/artwork-bulk/artwork-bulk.selectors';
import { MESSAGES } from '../../schemas/messages';
import { Button } from '../ui/button';

/**
 * The one toast a bulk change leaves: what was done, and Undo (a consignment's leads to Consignments instead). It sits
 * at the bottom, clear of the page's controls and of the app's own toasts (top centre on a laptop), and waits while the
 * pointer or focus is on it.
 */
const bulkToast = css({
  position: 'fixed',
  zIndex: 'toast',
  left: '2',
  right: '2',
  bottom: 'calc(0.5rem + env(safe-area-inset-bottom, 0px))',
  md: { left: '50%', right: 'auto', transform: 'translateX(-50%)', w: 'max-content', maxW: 'lg' },
  display: 'flex',
  alignItems: 'center',
  gap: '3',
  px: '4',
  py: '2.5',
  borderRadius: 'md',
  boxShadow: 'lg',
  bg: 'fg.default',
  color: 'bg.surface',
});

/** The frame both bulk toasts share: held while pointed at or focused, and a close button. */
export function BulkToast({ bulk, label, children }: { bulk: ArtworkBulkRef; label: string; children: ReactNode }) {
  return (
    <div
      role="status"
      aria-label={label}
      className={bulkToast}
      onPointerEnter={() => bulk.send({ type: 'bulk.hold' })}
      onPointerLeave={() => bulk.send({ type: 'bulk.release' })}
      onFocus={() => bulk.send({ type: 'bulk.hold' })}
      onBlur={() => bulk.send({ type: 'bulk.release' })}
    >
      {children}
      <button
        type="button"
        aria-label={MESSAGES.close}
        className={css({ cursor: 'pointer', px: '1', color: 'inherit' })}
        onClick={() => bulk.send({ type: 'bulk.dismiss' })}
      >
        ×
      </button>
    </div>
  );
}

export function UndoToast({ bulk }: { bulk: ArtworkBulkRef }) {
  const done = useSelector(bulk, selectUndoable);
  const undoing = useSelector(bulk, selectIsUndoing);
  if (!done) return null;
  return (
    <BulkToast bulk={bulk} label="Undo">
      <span className={css({ flex: '1' })}>{done.message}</span>
      <Button
        size="sm"
        variant="outline"
        className={css({ color: 'inherit', borderColor: 'currentColor', bg: 'transparent' })}
        disabled={undoing}
        onClick={() => bulk.send({ type: 'bulk.undo' })}
      >
        {undoing ? 'Undoing...' : 'Undo'}
      </Button>
    </BulkToast>
  );
}
