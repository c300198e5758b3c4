import { useSelector } from '@xstate/react';
import { css, cx } from 'styled-system/css';
import type { ActorRefFrom } from 'xstate';
import type { toastsMachine, ToastRef } from '../../machines/toasts/toasts.machine';
import type { ToastType } from '../../machines/toasts/toast.machine';
import {
  selectToastDescription,
  selectToasts,
  selectToastState,
  selectToastTitle,
  selectToastType,
} from '../../machines/toasts/toasts.selectors';
import { MESSAGES } from '../../schemas/messages';

/**
 * Where toasts cover no control (docs/decisions.md, 'Messages and toasts'): on a wide screen at the top centre, over
 * the top bar's empty middle (its name sits left, the account menu right; page actions such as Delete Artwork sit
 * below, at the right); on a phone at the bottom, the full width, where no bar or button is fixed. The region itself
 * lets clicks through; only a toast takes them.
 */
const container = css({
  position: 'fixed',
  zIndex: 'toast',
  display: 'flex',
  flexDirection: 'column',
  gap: '2',
  pointerEvents: 'none',
  '& > *': { pointerEvents: 'auto' },
  left: '2',
  right: '2',
  bottom: 'calc(0.5rem + env(safe-area-inset-bottom, 0px))',
  md: { top: '2', bottom: 'auto', left: '50%', right: 'auto', transform: 'translateX(-50%)', w: 'full', maxWidth: '350px' },
});

const BORDER: Record<ToastType, string> = {
  info: css({ borderLeftColor: 'info' }),
  success: css({ borderLeftColor: 'success' }),
  warning: css({ borderLeftColor: 'warning' }),
  error: css({ borderLeftColor: 'danger' }),
};

const toastBox = css({
  bg: 'bg.surface',
  boxShadow: 'lg',
  borderRadius: 'md',
  borderLeftWidth: '4px',
  borderLeftStyle: 'solid',
  p: '3',
  display: 'flex',
  gap: '2',
  alignItems: 'flex-start',
});

/** Toasts where they cover no control, each removed after its duration; errors are announced at once, the rest politely. */
export function Toaster({ toasts }: { toasts: ActorRefFrom<typeof toastsMachine> }) {
  const list = useSelector(toasts, selectToasts);
  return (
    <section className={container} aria-label="Notifications">
      {list.map((ref) => (
        <ToastItem key={ref.id} toast={ref} />
      ))}
    </section>
  );
}

export function ToastItem({ toast }: { toast: ToastRef }) {
  const title = useSelector(toast, selectToastTitle);
  const description = useSelector(toast, selectToastDescription);
  const type = useSelector(toast, selectToastType);
  const state = useSelector(toast, selectToastState);
  return (
    <div
      role={type === 'error' ? 'alert' : 'status'}
      data-type={type}
      data-state={state}
      className={cx(toastBox, BORDER[type])}
      onPointerEnter={() => toast.send({ type: 'toast.pause' })}
      onPointerLeave={() => toast.send({ type: 'toast.resume' })}
      onFocus={() => toast.send({ type: 'toast.pause' })}
      onBlur={() => toast.send({ type: 'toast.resume' })}
    >
      <div className={css({ flex: '1' })}>
        <p className={css({ fontWeight: 'semibold' })}>{title}</p>
        {description ? <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{description}</p> : null}
      </div>
      <button
        type="button"
        aria-label={MESSAGES.close}
        className={css({ cursor: 'pointer', px: '1' })}
        onClick={() => toast.send({ type: 'toast.close' })}
      >
        ×
      </button>
    </div>
  );
}
