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
const JournalRoute = lazy(() => import('../routes/journal-route'));
const ArtworkListRoute = lazy(() => import('../routes/artwork-list-route'));
const ArtworkEditorRoute = lazy(() => import('../routes/artwork-editor-route'));
const CollectionsPage = lazy(() => import('../portfolio/CollectionsPage'));
const SocialCalendarRoute = lazy(() => import('../routes/social-calendar-route'));
const SocialAccountsRoute = lazy(() => import('../routes/social-accounts-route'));
const SocialConnectRoute = lazy(() => import('../routes/social-connect-route'));
const SocialHomeRoute = lazy(() => import('../routes/social-home-route'));
const PostEditorRoute = lazy(() => import('../routes/post-editor-route'));

/** The application shell for a signed-in artist, and its route table. */
export default function SignedInApp() {
  return (
    <div className={css({ minH: '100vh', display: 'flex', flexDirection: 'column' })}>
      <a href="#main" className={css({ position: 'absolute', left: '-9999px', _focus: { left: '2', top: '2', bg: 'bg.surface', p: '2', zIndex: 'skipLink' } })}>
        Skip to content
      </a>
      <TopBar />
      <MainNav />
      {/* On a phone the sections sit above the page instead of beside it, so the page keeps the screen's width. */}
      <div className={css({ display: 'flex', flexDirection: { base: 'column', md: 'row' }, flex: '1' })}>
        <SideNav />
        <main id="main" className={css({ flex: '1', p: { base: '4', md: '6' }, minW: 0 })}>
          <Suspense fallback={<Spinner />}>
            <Switch>
              <Route path="/" component={HomePage} />
              <Route path="/profile" component={ProfileRoute} />
              <Route path="/journal" component={JournalRoute} />
              <Route path="/portfolio/artwork" component={ArtworkListRoute} />
              <Route path="/portfolio/artwork/:id/:mediaType?" component={ArtworkEditorRoute} />
              <Route path="/portfolio/collections" component={CollectionsPage} />
              <Route path="/social-media" component={SocialCalendarRoute} />
              <Route path="/social-media/accounts" component={SocialAccountsRoute} />
              <Route path="/social-media/accounts/connect/:platform" component={SocialConnectRoute} />
              <Route path="/social-media/account/:account" component={SocialHomeRoute} />
              <Route path="/social-media/post/:postId" component={PostEditorRoute} />
              <Route component={NotFoundPage} />
            </Switch>
          </Suspense>
        </main>
      </div>
    </div>
  );
}
