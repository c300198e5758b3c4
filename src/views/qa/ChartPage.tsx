import { useActorRef, useSelector } from '@xstate/react';
import type { ActorOptions } from 'xstate';
import { css } from 'styled-system/css';
import { provideQaChart } from '../../machines/qa-chart/qa-chart.provide';
import {
  selectChart,
  selectFailure,
  selectInternals,
  selectIsLoading,
  selectIsPlaying,
  selectIsRedrawing,
  selectPaths,
  selectReport,
  selectSelectedState,
  selectStepping,
} from '../../machines/qa-chart/qa-chart.selectors';
import { eventName, innermost, pathTitle } from '../../qa/qa-report';
import { drawChart, loadChart } from '../../qa/studio-services';
import { Button } from '../ui/button';
import { Checkbox } from '../ui/checkbox';
import { Spinner } from '../ui/spinner';
import { ChartView } from './ChartView';
import { MODEL_TEST_COMMAND, NO_TEST_RUN, coverageText, writtenText } from './coverage-text';
import { StateDetails } from './StateDetails';
import { TestPathList } from './TestPathList';

const defaultLogic = provideQaChart({ loadChart, drawChart });
const heading = css({ fontSize: 'lg', fontWeight: 'bold' });
const muted = css({ color: 'fg.muted', fontSize: 'sm' });

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
  const internals = useSelector(actor, selectInternals);
  const redrawing = useSelector(actor, selectIsRedrawing);
  const covered = (id: string) => report?.coveredTransitionIds.includes(id) ?? false;

  return (
    <section aria-labelledby="chart-title" className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
      <h1 id="chart-title" className={css({ fontSize: '2xl', fontWeight: 'bold', overflowWrap: 'anywhere' })}>
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
                ? `The last test run did not test this machine: run ${MODEL_TEST_COMMAND}.`
                : NO_TEST_RUN}
          </p>
          {report?.writtenAt ? (
            <p data-testid="coverage-written" className={muted}>
              Coverage written {writtenText(report.writtenAt)}; {MODEL_TEST_COMMAND} refreshes it.
            </p>
          ) : null}
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
                <strong>{pathTitle(stepping.path, internals)}</strong>: step {stepping.step} of {stepping.total}
                {stepping.event ? ` (${eventName(stepping.event, internals)})` : ' (start)'}, in {innermost(stepping.states).join(', ')}
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
          <div
            className={css({
              display: 'grid',
              gridTemplateColumns: { base: '1fr', lg: selected ? 'minmax(0, 1fr) 22rem' : '1fr' },
              gap: '4',
            })}
          >
            <ChartView
              svg={chart.svg}
              label={`Statechart of ${machineId}`}
              onSelect={(stateId) => actor.send({ type: 'state.select', stateId })}
              selected={selected?.state.id ?? null}
              active={stepping?.states ?? []}
              taken={stepping?.transitions ?? []}
              coverage={report ? { states: report.coveredStateIds, transitions: report.coveredTransitionIds } : null}
            >
              <Checkbox
                label="XState internals"
                checked={internals}
                onCheckedChange={(show) => actor.send({ type: 'chart.internals', show })}
              />
              {redrawing ? (
                <span role="status" className={muted}>
                  Drawing the chart again…
                </span>
              ) : null}
            </ChartView>
            {selected ? (
              <StateDetails
                selected={selected}
                covered={report ? covered : null}
                internals={internals}
                onSelect={(stateId) => actor.send({ type: 'state.select', stateId })}
                onClose={() => actor.send({ type: 'state.clear' })}
              />
            ) : null}
          </div>
          {selected ? null : (
            <p className={muted}>Click a state, or press Enter on it, to see its description, its transitions and the paths reaching it.</p>
          )}
          <h2 className={heading}>Test paths ({paths.length})</h2>
          {paths.length ? (
            <TestPathList paths={paths} internals={internals} onStep={(pathId) => actor.send({ type: 'path.step', pathId })} />
          ) : (
            <p className={muted}>{chart.recorded ? 'No test path of this machine was recorded.' : NO_TEST_RUN}</p>
          )}
        </>
      ) : null}
    </section>
  );
}
