import { useActorRef, useSelector } from '@xstate/react';
import type { ActorOptions } from 'xstate';
import { css } from 'styled-system/css';
import { provideQaChart } from '../../machines/qa-chart/qa-chart.provide';
import {
  selectChart,
  selectFailure,
  selectIsLoading,
  selectIsPlaying,
  selectPaths,
  selectReport,
  selectSelectedState,
  selectStepping,
} from '../../machines/qa-chart/qa-chart.selectors';
import type { ChartTransition } from '../../qa/chart-graph';
import { innermost } from '../../qa/qa-report';
import { loadChart } from '../../qa/studio-services';
import { Button } from '../ui/button';
import { Spinner } from '../ui/spinner';
import { ChartView } from './ChartView';
import { NO_TEST_RUN, coverageText } from './coverage-text';

const defaultLogic = provideQaChart({ loadChart });
const heading = css({ fontSize: 'lg', fontWeight: 'bold' });
const muted = css({ color: 'fg.muted', fontSize: 'sm' });

const transitionText = (t: ChartTransition) =>
  `${t.event}${t.guard ? ` [${t.guard}]` : ''}${t.actions.length ? ` / ${t.actions.join(', ')}` : ''} → ${t.targets.length ? t.targets.join(', ') : '(stays)'}`;

/** /qa/charts/<machineId>: the chart, its coverage, a state's details, the test paths and Step through. */
export function ChartPage({
  machineId,
  logic = defaultLogic,
  clock,
}: {
  machineId: string;
  logic?: typeof defaultLogic;
  clock?: ActorOptions<typeof defaultLogic>['clock'];
}) {
  const actor = useActorRef(logic, clock ? { input: { machineId }, clock } : { input: { machineId } });
  const loading = useSelector(actor, selectIsLoading);
  const failure = useSelector(actor, selectFailure);
  const chart = useSelector(actor, selectChart);
  const report = useSelector(actor, selectReport);
  const paths = useSelector(actor, selectPaths);
  const selected = useSelector(actor, selectSelectedState);
  const stepping = useSelector(actor, selectStepping);
  const playing = useSelector(actor, selectIsPlaying);
  const covered = (id: string) => report?.coveredTransitionIds.includes(id) ?? false;

  return (
    <section aria-labelledby="chart-title" className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
      <h1 id="chart-title" className={css({ fontSize: '2xl', fontWeight: 'bold' })}>
        {machineId}
      </h1>
      {loading ? <Spinner /> : null}
      {failure ? (
        <div role="alert" className={css({ display: 'flex', gap: '3', alignItems: 'center' })}>
          <p>{failure}</p>
          <Button variant="outline" onClick={() => actor.send({ type: 'chart.retry' })}>
            Retry
          </Button>
        </div>
      ) : null}
      {chart ? (
        <>
          <p data-testid="chart-summary" className={muted}>
            {chart.states.length} states, {chart.transitions.length} transitions.{' '}
            {report
              ? `Covered: states ${coverageText(report.states)}, transitions ${coverageText(report.transitions)}. Green edges were taken by a test, red dashed ones never.`
              : chart.recorded
                ? 'The last test run did not test this machine.'
                : NO_TEST_RUN}
          </p>
          {stepping ? (
            <div
              role="region"
              aria-label="Step through"
              className={css({
                display: 'flex',
                gap: '2',
                alignItems: 'center',
                flexWrap: 'wrap',
                bg: 'accent.subtle',
                p: '2',
                borderRadius: 'md',
              })}
            >
              <p aria-live="polite" data-testid="step-status" className={css({ flex: '1', minW: '60' })}>
                <strong>{stepping.path.test}</strong>: step {stepping.step} of {stepping.total}
                {stepping.event ? ` (${stepping.event})` : ' (start)'}, in {innermost(stepping.states).join(', ')}
              </p>
              <Button size="sm" variant="outline" onClick={() => actor.send({ type: 'step.previous' })} disabled={stepping.step === 0}>
                Previous
              </Button>
              {playing ? (
                <Button size="sm" variant="outline" onClick={() => actor.send({ type: 'step.pause' })}>
                  Pause
                </Button>
              ) : (
                <Button size="sm" variant="outline" onClick={() => actor.send({ type: 'step.play' })}>
                  Play
                </Button>
              )}
              <Button
                size="sm"
                variant="outline"
                onClick={() => actor.send({ type: 'step.next' })}
                disabled={stepping.step === stepping.total}
              >
                Next
              </Button>
              <Button size="sm" variant="outline" onClick={() => actor.send({ type: 'path.stop' })}>
                Stop
              </Button>
            </div>
          ) : null}
          <div className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', lg: 'minmax(0, 1fr) 22rem' }, gap: '4' })}>
            <ChartView
              svg={chart.svg}
              label={`Statechart of ${machineId}`}
              onSelect={(stateId) => actor.send({ type: 'state.select', stateId })}
              selected={selected?.state.id ?? null}
              active={stepping?.states ?? []}
              taken={stepping?.transitions ?? []}
              coverage={report ? { states: report.coveredStateIds, transitions: report.coveredTransitionIds } : null}
            />
            <aside aria-labelledby="state-title" className={css({ display: 'flex', flexDirection: 'column', gap: '2', minW: 0 })}>
              <h2 id="state-title" className={heading}>
                {selected ? selected.state.id : 'State'}
              </h2>
              {selected ? (
                <div data-testid="state-details" className={css({ display: 'flex', flexDirection: 'column', gap: '2', fontSize: 'sm' })}>
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => actor.send({ type: 'state.clear' })}
                    className={css({ alignSelf: 'flex-start' })}
                  >
                    Close details
                  </Button>
                  <p>{selected.state.description ?? 'No description.'}</p>
                  {selected.state.tags.length ? <p>Tags: {selected.state.tags.join(', ')}</p> : null}
                  {selected.state.invoke.length ? <p>Invokes: {selected.state.invoke.map((i) => i.src).join(', ')}</p> : null}
                  <h3 className={css({ fontWeight: 'bold' })}>Transitions</h3>
                  {selected.transitions.length ? (
                    <ul className={css({ listStyle: 'disc', pl: '5' })}>
                      {selected.transitions.map((t) => (
                        <li key={t.id} data-transition-id={t.id} data-covered={report ? String(covered(t.id)) : undefined}>
                          {transitionText(t)}
                          {report ? (covered(t.id) ? ' (covered)' : ' (not covered)') : ''}
                        </li>
                      ))}
                    </ul>
                  ) : (
                    <p>None.</p>
                  )}
                  <h3 className={css({ fontWeight: 'bold' })}>Test paths reaching it</h3>
                  {selected.paths.length ? (
                    <ul className={css({ listStyle: 'disc', pl: '5' })}>
                      {selected.paths.map((p) => (
                        <li key={p.id}>{p.test}</li>
                      ))}
                    </ul>
                  ) : (
                    <p>None.</p>
                  )}
                </div>
              ) : (
                <p className={muted}>
                  Click a state, or press Enter on it, to see its description, its transitions and the paths reaching it.
                </p>
              )}
            </aside>
          </div>
          <h2 className={heading}>Test paths ({paths.length})</h2>
          {paths.length ? (
            <ol className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
              {paths.map((p) => (
                <li
                  key={p.id}
                  data-test-path={p.id}
                  className={css({ borderWidth: '1px', borderRadius: 'md', p: '3', display: 'flex', gap: '3', alignItems: 'flex-start' })}
                >
                  <div className={css({ flex: '1', minW: 0, fontSize: 'sm' })}>
                    <p className={css({ fontWeight: 'bold' })}>{p.test}</p>
                    <p>
                      <span className={muted}>Events: </span>
                      {p.steps.map((s) => s.event).join(' → ') || '(none)'}
                    </p>
                    <p>
                      <span className={muted}>States: </span>
                      {[p.start, ...p.steps.map((s) => s.states)].map((states) => innermost(states).join(' + ')).join(' → ')}
                    </p>
                  </div>
                  <Button
                    size="sm"
                    variant="outline"
                    aria-label={`Step through: ${p.test}`}
                    onClick={() => actor.send({ type: 'path.step', pathId: p.id })}
                  >
                    Step through
                  </Button>
                </li>
              ))}
            </ol>
          ) : (
            <p className={muted}>{chart.recorded ? 'No test path of this machine was recorded.' : NO_TEST_RUN}</p>
          )}
        </>
      ) : null}
    </section>
  );
}
