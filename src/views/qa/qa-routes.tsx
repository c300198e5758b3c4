import type { ReactNode } from 'react';
import { Link, Route, Switch, useSearch } from 'wouter';
import { css } from 'styled-system/css';
import { NotFoundPage } from '../errors/ErrorPage';
import { ChartPage } from './ChartPage';
import { ChartsPage } from './ChartsPage';
import { LiveWindowPage } from './LiveWindowPage';
import { SourcePage } from './SourcePage';

const navLink = css({ color: 'accent.default', textDecoration: 'underline', fontWeight: 'medium' });

function QaLayout({ children }: { children: ReactNode }) {
  return (
    <div className={css({ minH: '100vh', bg: 'bg.canvas', color: 'fg.default' })}>
      <header
        className={css({
          display: 'flex',
          flexWrap: 'wrap',
          columnGap: '6',
          rowGap: '1',
          alignItems: 'baseline',
          px: { base: '4', md: '6' },
          py: '3',
          borderBottomWidth: '1px',
        })}
      >
        <p className={css({ fontWeight: 'bold' })}>Statechart studio (QA)</p>
        <nav aria-label="Studio" className={css({ display: 'flex', flexWrap: 'wrap', columnGap: '4' })}>
          <Link href="/" className={navLink}>
            Charts
          </Link>
          <Link href="/live" className={navLink}>
            Live
          </Link>
          <a href="/" className={navLink}>
            Back to the app
          </a>
        </nav>
      </header>
      <main id="main" className={css({ p: { base: '4', md: '6' } })}>
        {children}
      </main>
    </div>
  );
}

/** /qa/source?file=…&line=…: the file and line a test path links to. */
function SourceRoute() {
  const search = new URLSearchParams(useSearch());
  const file = search.get('file') ?? '';
  const line = Number(search.get('line')) || null;
  return <SourcePage key={file} file={file} line={line} />;
}

/** The QA studio's pages under /qa (QA mode only; this chunk is never downloaded otherwise). */
export default function QaStudio() {
  return (
    <QaLayout>
      <Switch>
        <Route path="/">{() => <ChartsPage />}</Route>
        <Route path="/charts/:machineId">{(params) => <ChartPage key={params.machineId} machineId={params.machineId} />}</Route>
        <Route path="/live" component={LiveWindowPage} />
        <Route path="/source" component={SourceRoute} />
        <Route component={NotFoundPage} />
      </Switch>
    </QaLayout>
  );
}
