import { useEffect, useState } from 'react';
import { css } from 'styled-system/css';
import type { LiveActor } from '../../qa/live-feed';
import { chartOf } from '../../qa/studio-services';
import { ChartThumbnail } from './ChartView';

const time = (t: number) => new Date(t).toISOString().slice(11, 23);

/** One running actor: its chart with the active states marked, and its event log (newest first). */
export function LiveActorCard({ actor }: { actor: LiveActor }) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    chartOf(actor.machineId).then((s) => live && setSvg(s));
    return () => {
      live = false;
    };
  }, [actor.machineId]);
  const leaves = actor.active.filter((id) => !actor.active.some((o) => o.startsWith(`${id}.`)));
  const titleId = `live-${actor.id}`;

  return (
    <article
      aria-labelledby={titleId}
      data-actor={actor.machineId}
      className={css({ borderWidth: '1px', borderRadius: 'md', p: '3', display: 'flex', flexDirection: 'column', gap: '2' })}
    >
      <h3 id={titleId} className={css({ fontWeight: 'bold' })}>
        {actor.machineId}
        {actor.parent ? <span className={css({ fontWeight: 'normal', color: 'fg.muted' })}> (in {actor.parent})</span> : null}
      </h3>
      <p data-testid="active-states" className={css({ fontSize: 'sm' })}>
        In: {leaves.join(', ') || '(starting)'}
      </p>
      {svg ? <ChartThumbnail svg={svg} active={actor.active} /> : null}
      <details>
        <summary className={css({ cursor: 'pointer', fontSize: 'sm' })}>Event log ({actor.log.length})</summary>
        <ol
          data-testid="event-log"
          className={css({ fontSize: 'xs', fontFamily: 'mono', display: 'flex', flexDirection: 'column', gap: '1', mt: '1' })}
        >
          {actor.log.map((entry, i) => (
            <li key={actor.log.length - i}>
              {time(entry.time)} <strong>{entry.type}</strong>: {entry.before.join(', ') || '(none)'} → {entry.after.join(', ')}
            </li>
          ))}
        </ol>
      </details>
    </article>
  );
}
