import { useEffect, useState } from 'react';
import { css } from 'styled-system/css';
import type { LiveActor } from '../../qa/live-feed';
import { chartOf } from '../../qa/studio-services';
import { ChartThumbnail } from './ChartView';

/** One running actor: its active states and its chart with them marked. `folded`: the chart shows on demand. */
export function LiveActorCard({ actor, folded = false }: { actor: LiveActor; folded?: boolean }) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    chartOf(actor.machineId).then((s) => live && setSvg(s));
    return () => {
      live = false;
    };
  }, [actor.machineId]);
  const leaves = actor.active.filter((id) => !actor.active.some((o) => o.startsWith(`${id}.`)));
  const title = (
    <>
      {actor.machineId}
      {actor.parent ? <span className={css({ fontWeight: 'normal', color: 'fg.muted' })}> (in {actor.parent})</span> : null}
    </>
  );
  const inStates = `In: ${leaves.join(', ') || '(starting)'}`;
  const chart = svg ? <ChartThumbnail svg={svg} active={actor.active} /> : null;
  const card = css({ borderWidth: '1px', borderRadius: 'md', p: '3', display: 'flex', flexDirection: 'column', gap: '2', minW: 0 });

  if (folded)
    return (
      <details
        data-actor={actor.machineId}
        className={css({ borderWidth: '1px', borderRadius: 'md', p: '3', minW: 0, '&[open] > summary': { mb: '2' } })}
      >
        <summary className={css({ cursor: 'pointer', overflowWrap: 'anywhere' })}>
          <strong>{title}</strong>{' '}
          <span data-testid="active-states" className={css({ fontSize: 'sm' })}>
            {inStates}
          </span>
        </summary>
        {chart}
      </details>
    );
  return (
    <article aria-labelledby={`live-${actor.id}`} data-actor={actor.machineId} className={card}>
      <h3 id={`live-${actor.id}`} className={css({ fontWeight: 'bold' })}>
        {title}
      </h3>
      <p data-testid="active-states" className={css({ fontSize: 'sm', overflowWrap: 'anywhere' })}>
        {inStates}
      </p>
      {chart}
    </article>
  );
}
