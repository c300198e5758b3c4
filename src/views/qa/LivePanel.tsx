import { useEffect, useSyncExternalStore } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useLocation } from 'wouter';
import { css } from 'styled-system/css';
import { qaLiveMachine } from '../../machines/qa-live/qa-live.machine';
import { selectIsOpen } from '../../machines/qa-live/qa-live.selectors';
import { isAroundEveryPage, type LiveFeed } from '../../qa/live-feed';
import { Button } from '../ui/button';
import { LiveActorCard } from './LiveActorCard';
import { LiveEventLog } from './LiveEventLog';

/**
 * Where the studio sits beside the app (QaFrame's "qa" area): on a laptop a rail of its own right of the app, and the
 * panel docked beside it; on a phone a strip above the app, and the panel a sheet from the bottom. The button is in
 * that rail or strip, never over the app.
 */
const dock = css({
  gridArea: 'qa',
  display: 'flex',
  bg: 'bg.surface',
  color: 'fg.default',
  borderColor: 'border.strong',
  borderBottomWidth: { base: '1px', lg: '0' },
  borderLeftWidth: { base: '0', lg: '1px' },
  px: { base: '2', lg: '0' },
  py: { base: '1', lg: '0' },
  lg: { position: 'sticky', top: '0', h: '100vh', alignSelf: 'start', flexDirection: 'row-reverse' },
});
const toggle = css({ lg: { writingMode: 'vertical-rl', h: 'auto', py: '4', px: '2', m: '1', alignSelf: 'flex-start' } });
const panel = css({
  bg: 'bg.surface',
  color: 'fg.default',
  display: 'flex',
  flexDirection: 'column',
  gap: '3',
  p: '4',
  overflowY: 'auto',
  // A phone: a sheet over the lower part of the page.
  position: 'fixed',
  insetX: '0',
  bottom: '0',
  maxH: '75vh',
  zIndex: 'toast',
  borderTopWidth: '1px',
  borderColor: 'border.strong',
  borderTopRadius: 'xl',
  boxShadow: 'lg',
  // A laptop: docked beside the app, the height of the screen.
  lg: { position: 'static', maxH: 'none', h: '100vh', w: '26rem', borderTopWidth: '0', borderTopRadius: 'none', boxShadow: 'none' },
});

/** QA mode's "Statecharts" button and the panel it opens: the actors running in this tab (`feed`), live. */
export default function LivePanel({ feed }: { feed: LiveFeed }) {
  const live = useActorRef(qaLiveMachine);
  const open = useSelector(live, selectIsOpen);
  const actors = useSyncExternalStore(feed.subscribe, feed.getSnapshot);
  const [location] = useLocation();
  useEffect(() => {
    if (!open) return;
    const close = (e: KeyboardEvent) => e.key === 'Escape' && live.send({ type: 'panel.close' });
    addEventListener('keydown', close);
    return () => removeEventListener('keydown', close);
  }, [open, live]);
  // The studio's own pages show charts already; /qa/live follows the app's tabs.
  if (location.startsWith('/qa')) return null;
  const page = actors.filter((a) => !isAroundEveryPage(a));
  const around = actors.filter(isAroundEveryPage);

  return (
    <div className={dock} data-testid="qa-dock">
      <Button
        variant={open ? 'solid' : 'outline'}
        size="sm"
        aria-expanded={open}
        aria-controls="qa-live-panel"
        onClick={() => live.send({ type: 'panel.toggle' })}
        className={toggle}
      >
        Statecharts
      </Button>
      {open ? (
        <aside id="qa-live-panel" aria-labelledby="qa-live-title" className={panel}>
          <div className={css({ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: '2' })}>
            <h2 id="qa-live-title" className={css({ fontSize: 'lg', fontWeight: 'bold' })}>
              Statecharts in this tab
            </h2>
            <Button size="sm" variant="ghost" onClick={() => live.send({ type: 'panel.close' })}>
              Close
            </Button>
          </div>
          <LiveEventLog actors={actors} label="Events in this tab" />
          <section aria-labelledby="qa-live-page" className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
            <h3 id="qa-live-page" className={css({ fontWeight: 'bold' })}>
              This page
            </h3>
            {page.length ? (
              page.map((actor) => <LiveActorCard key={actor.id} actor={actor} />)
            ) : (
              <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>This page runs no chart of its own.</p>
            )}
          </section>
          <section aria-labelledby="qa-live-around" className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
            <h3 id="qa-live-around" className={css({ fontWeight: 'bold' })}>
              Around every page
            </h3>
            {around.map((actor) => (
              <LiveActorCard key={actor.id} actor={actor} folded />
            ))}
          </section>
          <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>
            Active states are highlighted.{' '}
            <a href="/qa/live" target="_blank" className={css({ color: 'accent.default', textDecoration: 'underline' })}>
              Open /qa/live
            </a>{' '}
            to follow this tab from another window.
          </p>
        </aside>
      ) : null}
    </div>
  );
}
