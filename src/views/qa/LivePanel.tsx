import { useEffect, useSyncExternalStore } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useLocation } from 'wouter';
import { css } from 'styled-system/css';
import { qaLiveMachine } from '../../machines/qa-live/qa-live.machine';
import { selectIsOpen } from '../../machines/qa-live/qa-live.selectors';
import type { LiveFeed } from '../../qa/live-feed';
import { Button } from '../ui/button';
import { LiveActorCard } from './LiveActorCard';

/** QA mode's floating "Statecharts" button and the panel it opens: the actors running in this tab (`feed`), live. */
export default function LivePanel({ feed }: { feed: LiveFeed }) {
  const panel = useActorRef(qaLiveMachine);
  const open = useSelector(panel, selectIsOpen);
  const actors = useSyncExternalStore(feed.subscribe, feed.getSnapshot);
  const [location] = useLocation();
  useEffect(() => {
    if (!open) return;
    const close = (e: KeyboardEvent) => e.key === 'Escape' && panel.send({ type: 'panel.close' });
    addEventListener('keydown', close);
    return () => removeEventListener('keydown', close);
  }, [open, panel]);
  // The studio's own pages show charts already; /qa/live follows the app's tabs.
  if (location.startsWith('/qa')) return null;

  return (
    <>
      <Button
        variant="solid"
        aria-expanded={open}
        aria-controls="qa-live-panel"
        onClick={() => panel.send({ type: 'panel.toggle' })}
        className={css({ position: 'fixed', left: '3', bottom: '3', zIndex: 'toast', boxShadow: 'md' })}
      >
        Statecharts
      </Button>
      {open ? (
        <aside
          id="qa-live-panel"
          aria-labelledby="qa-live-title"
          className={css({
            position: 'fixed',
            left: '3',
            bottom: '16',
            zIndex: 'toast',
            w: 'min(560px, calc(100vw - 24px))',
            maxH: 'calc(100vh - 100px)',
            overflowY: 'auto',
            bg: 'bg.surface',
            color: 'fg.default',
            borderWidth: '1px',
            borderColor: 'border.strong',
            borderRadius: 'lg',
            boxShadow: 'lg',
            p: '4',
            display: 'flex',
            flexDirection: 'column',
            gap: '3',
          })}
        >
          <div className={css({ display: 'flex', justifyContent: 'space-between', alignItems: 'center' })}>
            <h2 id="qa-live-title" className={css({ fontSize: 'lg', fontWeight: 'bold' })}>
              Statecharts in this tab
            </h2>
            <Button size="sm" variant="ghost" onClick={() => panel.send({ type: 'panel.close' })}>
              Close
            </Button>
          </div>
          <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>
            Active states are highlighted.{' '}
            <a href="/qa/live" target="_blank" className={css({ color: 'accent.default', textDecoration: 'underline' })}>
              Open /qa/live
            </a>{' '}
            to follow this tab from another window.
          </p>
          {actors.map((actor) => (
            <LiveActorCard key={actor.id} actor={actor} />
          ))}
        </aside>
      ) : null}
    </>
  );
}
