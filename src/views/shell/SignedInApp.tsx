import { Suspense, lazy } from 'react';
import { Route, Switch } from 'wouter';
import { css } from 'styled-system/css';
import { NotFoundPage } from '../errors/ErrorPage';
import { Spinner } from '../ui/spinner';
import { MainNav } from './MainNav';
import { SideNav } from './SideNav';
import { TopBar } from './TopBar';

const HomePage = lazy(() => import('../home/HomePage'));
const ProfileRoute = lazy(() => import('../routes/profile-route'));

/** The application shell for a signed-in artist, and its route table. */
export default function SignedInApp() {
  return (
    <div className={css({ minH: '100vh', display: 'flex', flexDirection: 'column' })}>
      <a href="#main" className={css({ position: 'absolute', left: '-9999px', _focus: { left: '2', top: '2', bg: 'bg.surface', p: '2', zIndex: 'skipLink' } })}>
        Skip to content
      </a>
      <TopBar />
      <MainNav />
      <div className={css({ display: 'flex', flex: '1' })}>
        <SideNav />
        <main id="main" className={css({ flex: '1', p: '6', minW: 0 })}>
          <Suspense fallback={<Spinner />}>
            <Switch>
              <Route path="/" component={HomePage} />
              <Route path="/profile" component={ProfileRoute} />
              <Route component={NotFoundPage} />
            </Switch>
          </Suspense>
        </main>
      </div>
    </div>
  );
}
