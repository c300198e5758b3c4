import { useSelector } from '@xstate/react';
import { useRef } from 'react';
import type { ActorRefFrom } from 'xstate';
import { css, cx } from 'styled-system/css';
import { Button } from '../ui/button';
import type { linkCardMachine } from '../../machines/link-card/link-card.machine';
import { isLoading, isRemoved, selectCard, selectError } from '../../machines/link-card/link-card.selectors';

export const LINK_CARD_TEXT = {
  region: 'Link card',
  loading: 'Loading the link card…',
  remove: 'Remove link card',
  removed: 'Link card removed: the post goes out as text.',
  failed: (reason: string) => `No link card: ${reason}`,
} as const;

const box = css({
  display: 'flex',
  flexWrap: 'wrap',
  gap: '3',
  borderWidth: '1px',
  borderColor: 'border',
  borderRadius: 'l2',
  p: '3',
  alignItems: 'start',
  overflowWrap: 'anywhere',
});
const thumb = css({ width: '24', height: '16', objectFit: 'cover', borderRadius: 'l1', flexShrink: 0 });
const quiet = css({ color: 'fg.muted', fontSize: 'sm' });

/**
 * The card Bluesky will show for the post's first link, under the text: a loading line while the page is read, the
 * card with a Remove button, or (quietly) why there is none. Nothing while the post has files: media wins. The region
 * is polite-live, so the card appearing and its removal are announced; Remove hands the focus to the region.
 */
export function LinkCard({ card: actor }: { card: ActorRefFrom<typeof linkCardMachine> }) {
  const card = useSelector(actor, selectCard);
  const loading = useSelector(actor, isLoading);
  const error = useSelector(actor, selectError);
  const removed = useSelector(actor, isRemoved);
  const region = useRef<HTMLElement>(null);
  const remove = () => {
    actor.send({ type: 'link.remove' });
    // The button goes with the card: the focus stays in place rather than falling to the page.
    region.current?.focus();
  };
  return (
    <section ref={region} tabIndex={-1} aria-label={LINK_CARD_TEXT.region} aria-live="polite" aria-busy={loading}>
      {loading && <p className={quiet}>{LINK_CARD_TEXT.loading}</p>}
      {error && <p className={quiet}>{LINK_CARD_TEXT.failed(error)}</p>}
      {removed && <p className={quiet}>{LINK_CARD_TEXT.removed}</p>}
      {card && (
        <article className={box} aria-label={card.title}>
          {card.thumbUrl && <img className={thumb} src={card.thumbUrl} alt="" />}
          <div className={css({ flex: '1', minWidth: '40' })}>
            <p className={css({ fontWeight: 'semibold' })}>{card.title}</p>
            {card.description && <p className={cx(quiet, css({ lineClamp: 3 }))}>{card.description}</p>}
            <p className={quiet}>{new URL(card.uri).hostname}</p>
          </div>
          <Button size="sm" variant="outline" onClick={remove}>
            {LINK_CARD_TEXT.remove}
          </Button>
        </article>
      )}
    </section>
  );
}
