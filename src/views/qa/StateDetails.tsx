import { css } from 'styled-system/css';
import type { selectSelectedState } from '../../machines/qa-chart/qa-chart.selectors';
import { edgeText } from '../../qa/chart-graph';
import { pathTitle } from '../../qa/qa-report';
import { Button } from '../ui/button';

const heading = css({ fontSize: 'lg', fontWeight: 'bold' });
const stateLink = css({ color: 'accent.default', textDecoration: 'underline', cursor: 'pointer', fontFamily: 'mono', fontSize: 'xs' });

/**
 * The selected state: its description, where it sits (the state it is part of, the states inside it, each a button that
 * selects it), its transitions with their coverage and the test paths that reach it.
 */
export function StateDetails({
  selected,
  covered,
  internals,
  onSelect,
  onClose,
}: {
  selected: NonNullable<ReturnType<typeof selectSelectedState>>;
  /** null: no test run covers this machine. */
  covered: ((transitionId: string) => boolean) | null;
  internals: boolean;
  onSelect: (stateId: string) => void;
  onClose: () => void;
}) {
  const { state, transitions, children, paths } = selected;
  const pick = (id: string) => (
    <button type="button" className={stateLink} onClick={() => onSelect(id)}>
      {id}
    </button>
  );
  return (
    <aside aria-labelledby="state-title" className={css({ display: 'flex', flexDirection: 'column', gap: '2', minW: 0 })}>
      <h2 id="state-title" className={heading}>
        {state.id}
      </h2>
      <div data-testid="state-details" className={css({ display: 'flex', flexDirection: 'column', gap: '2', fontSize: 'sm' })}>
        <Button size="sm" variant="ghost" onClick={onClose} className={css({ alignSelf: 'flex-start' })}>
          Close details
        </Button>
        <p>{state.description ?? 'No description.'}</p>
        {state.parent ? <p>Part of {pick(state.parent)}</p> : null}
        {children.length ? (
          <p className={css({ display: 'flex', flexWrap: 'wrap', columnGap: '2' })}>
            States inside:{' '}
            {children.map((id) => (
              <span key={id}>{pick(id)}</span>
            ))}
          </p>
        ) : null}
        {state.tags.length ? <p>Tags: {state.tags.join(', ')}</p> : null}
        {state.invoke.length ? <p>Invokes: {state.invoke.map((i) => i.src).join(', ')}</p> : null}
        <h3 className={css({ fontWeight: 'bold' })}>Transitions</h3>
        {transitions.length ? (
          <ul className={css({ listStyle: 'disc', pl: '5' })}>
            {transitions.map((t) => (
              <li key={t.id} data-transition-id={t.id} data-covered={covered ? String(covered(t.id)) : undefined}>
                {edgeText(t, internals)} → {t.targets.length ? t.targets.join(', ') : '(stays)'}
                {covered ? (covered(t.id) ? ' (covered)' : ' (not covered)') : ''}
              </li>
            ))}
          </ul>
        ) : (
          <p>None.</p>
        )}
        <h3 className={css({ fontWeight: 'bold' })}>Test paths reaching it</h3>
        {paths.length ? (
          <ul className={css({ listStyle: 'disc', pl: '5' })}>
            {paths.map((p) => (
              <li key={p.id}>{pathTitle(p, internals)}</li>
            ))}
          </ul>
        ) : (
          <p>None.</p>
        )}
      </div>
    </aside>
  );
}
