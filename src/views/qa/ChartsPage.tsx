import { useActorRef, useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { css } from 'styled-system/css';
import { provideQaCharts } from '../../machines/qa-charts/qa-charts.provide';
import { selectCharts, selectFailure, selectIsLoading, selectReport } from '../../machines/qa-charts/qa-charts.selectors';
import { loadCharts } from '../../qa/studio-services';
import { Button } from '../ui/button';
import { Spinner } from '../ui/spinner';
import { MODEL_TEST_COMMAND, NO_TEST_RUN, coverageText, writtenText } from './coverage-text';

const cell = css({ textAlign: 'left', px: '3', py: '2', borderBottomWidth: '1px' });
const defaultLogic = provideQaCharts({ loadCharts });

/** /qa: every chart of src/machines, by id, with its counts and its coverage from the last test run. */
export function ChartsPage({ logic = defaultLogic }: { logic?: typeof defaultLogic }) {
  const actor = useActorRef(logic);
  const loading = useSelector(actor, selectIsLoading);
  const failure = useSelector(actor, selectFailure);
  const charts = useSelector(actor, selectCharts);
  const report = useSelector(actor, selectReport);

  return (
    <section aria-labelledby="charts-title" className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
      <h1 id="charts-title" className={css({ fontSize: '2xl', fontWeight: 'bold' })}>
        Charts
      </h1>
      {loading ? <Spinner /> : null}
      {failure ? (
        <div role="alert" className={css({ display: 'flex', gap: '3', alignItems: 'center' })}>
          <p>{failure}</p>
          <Button variant="outline" onClick={() => actor.send({ type: 'charts.retry' })}>
            Retry
          </Button>
        </div>
      ) : null}
      {!loading && !failure ? (
        <>
          <p data-testid="report-note" className={css({ color: 'fg.muted' })}>
            {report
              ? `Coverage from the model test runs: each machine's as its last run wrote it. ${MODEL_TEST_COMMAND} runs them alone and refreshes it.`
              : NO_TEST_RUN}
          </p>
          {/* A wide table scrolls sideways on a phone, from the keyboard too. */}
          {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
          <div tabIndex={0} role="region" aria-label="Charts and their coverage" className={css({ overflowX: 'auto', maxW: '6xl' })}>
            <table className={css({ borderCollapse: 'collapse', w: 'full' })}>
              <thead>
                <tr>
                  <th className={cell}>Machine</th>
                  <th className={cell}>States</th>
                  <th className={cell}>Transitions</th>
                  <th className={cell}>States covered</th>
                  <th className={cell}>Transitions covered</th>
                  <th className={cell}>Coverage written</th>
                </tr>
              </thead>
              <tbody>
                {charts.map((chart) => {
                  const tested = report?.machines[chart.id];
                  return (
                    <tr key={chart.id} data-machine-id={chart.id}>
                      <td className={cell}>
                        <Link href={`/charts/${chart.id}`} className={css({ color: 'accent.default', textDecoration: 'underline' })}>
                          {chart.id}
                        </Link>
                      </td>
                      <td className={cell}>{chart.states}</td>
                      <td className={cell}>{chart.transitions}</td>
                      <td className={cell}>{report ? coverageText(tested?.states) : '–'}</td>
                      <td className={cell}>{report ? coverageText(tested?.transitions) : '–'}</td>
                      <td className={cell}>{tested?.writtenAt ? writtenText(tested.writtenAt) : '–'}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </>
      ) : null}
    </section>
  );
}
