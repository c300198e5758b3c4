import { useState } from 'react';
import { css, cx } from 'styled-system/css';

const blank = css({ display: 'block', bg: 'bg.subtle', borderWidth: '1px', borderColor: 'border.default' });

/**
 * A decorative picture of an artwork beside its title (alt ''), or a blank mat when it has none or it fails to load:
 * the title next to it already says what it is.
 */
export function Thumb({ src, className, size }: { src: string | null | undefined; className: string; size: number }) {
  // Which address failed to load: a local fact about this <img>, not part of the flow.
  const [failed, setFailed] = useState<string | null>(null);
  if (!src || failed === src) return <span aria-hidden="true" className={cx(blank, className)} data-state="no-picture" />;
  return (
    <img src={src} alt="" width={size} height={size} loading="lazy" decoding="async" className={className} onError={() => setFailed(src)} />
  );
}
