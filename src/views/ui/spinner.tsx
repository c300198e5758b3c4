import { css } from 'styled-system/css';
import { MESSAGES } from '../../schemas/messages';

const spin = css({
  display: 'inline-block',
  w: '5',
  h: '5',
  borderWidth: '2px',
  borderColor: 'accent.default',
  borderTopColor: 'transparent',
  borderRadius: 'full',
  animation: 'spin',
});

/** A spinner with its text, announced to screen readers. */
export function Spinner({ label = MESSAGES.loading }: { label?: string }) {
  return (
    <div role="status" className={css({ display: 'flex', alignItems: 'center', gap: '3', color: 'fg.muted', p: '4' })}>
      <span className={spin} aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
