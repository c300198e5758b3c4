import { useActorRef, useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { css } from 'styled-system/css';
import { provideQaCharts } from '../../machines/qa-charts/qa-charts.provide';
import { selectCharts, selectFailure, selectIsLoading, selectReport } from '../../machines/qa-charts/qa-charts.selectors';
import { loadCharts } from '../../qa/studio-services';
import { Button } from '../ui/button';
import { Spinner } from '../ui/spinner';
import { NO_TEST_RUN, coverageText } from './coverage-text';

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
            {report ? `Coverage from the test run of ${new Date(report.generatedAt).toLocaleString()}.` : NO_TEST_RUN}
          </p>
          <table className={css({ borderCollapse: 'collapse', w: 'full', maxW: '5xl' })}>
            <thead>
              <tr>
                <th className={cell}>Machine</th>
                <th className={cell}>States</th>
                <th className={cell}>Transitions</th>
                <th className={cell}>States covered</th>
                <th className={cell}>Transitions covered</th>
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
                  </tr>
                );
              })}
            </tbody>
          </table>
        </>
      ) : null}
    </section>
  );
}
