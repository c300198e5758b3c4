import { Suspense, lazy, useEffect } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { Route, Switch, useLocation } from 'wouter';
import { css } from 'styled-system/css';
import { shellMachine } from '../../machines/shell/shell.machine';
import { selectIsPhone } from '../../machines/shell/shell.selectors';
import { WIDE_SCREEN_QUERY } from '../../theme/breakpoints';
import { NotFoundPage } from '../errors/ErrorPage';
import { Spinner } from '../ui/spinner';
import { MainNav } from './MainNav';
import { LeaveGuardRouter } from './leave-guard';
import { MenuButton, NavDrawer } from './NavDrawer';
import { PhoneLayoutProvider } from './phone-layout';
import { SideNav } from './SideNav';
import { TopBar } from './TopBar';
import { qaInspect } from '../../qa/qa-mode';

const HomePage = lazy(() => import('../home/HomePage'));
const ProfileRoute = lazy(() => import('../profile/profile-route'));
const JournalRoute = lazy(() => import('../journal/journal-route'));
const ArtworkListRoute = lazy(() => import('../artwork-list/artwork-list-route'));
const ArtworkEditorRoute = lazy(() => import('../artwork-editor/artwork-editor-route'));
const CollectionListPage = lazy(() => import('../collection-list/CollectionListPage'));
const InquiriesRoute = lazy(() => import('../inquiries/inquiries-route'));
const CollectionEditorRoute = lazy(() => import('../collection-editor/collection-editor-route'));
const CustomDomainRoute = lazy(() => import('../custom-domain/custom-domain-route'));
const SocialCalendarRoute = lazy(() => import('../calendar/calendar-route'));
const SocialAccountsRoute = lazy(() => import('../social-accounts/social-accounts-route'));
const SocialConnectRoute = lazy(() => import('../connect-account/connect-account-route'));
const SocialHomeRoute = lazy(() => import('../social-accounts/social-home-route'));
const PostEditorRoute = lazy(() => import('../post-editor/post-editor-route'));

const wideScreen = () => window.matchMedia(WIDE_SCREEN_QUERY);

/** The application shell for a signed-in artist, and its route table. */
export default function SignedInApp({ logic = shellMachine }: { logic?: typeof shellMachine }) {
  const shell = useActorRef(logic, { input: { wide: wideScreen().matches }, ...qaInspect });
  const phone = useSelector(shell, selectIsPhone);
  const [location] = useLocation();

  useEffect(() => {
    const query = wideScreen();
    const follow = () => shell.send({ type: query.matches ? 'viewport.wide' : 'viewport.narrow' });
    query.addEventListener('change', follow);
    return () => query.removeEventListener('change', follow);
  }, [shell]);

  useEffect(() => shell.send({ type: 'shell.navigated' }), [shell, location]);

  return (
    <PhoneLayoutProvider value={phone}>
      <LeaveGuardRouter>
        <div className={css({ minH: '100vh', display: 'flex', flexDirection: 'column' })}>
          <a
            href="#main"
            className={css({
              position: 'absolute',
              left: '-9999px',
              _focus: { left: '2', top: '2', bg: 'bg.surface', p: '2', zIndex: 'skipLink' },
            })}
          >
            Skip to content
          </a>
          <TopBar menuButton={phone ? <MenuButton shell={shell} /> : null} />
          <MainNav />
          <div className={css({ display: 'flex', flex: '1' })}>
            {phone ? <NavDrawer shell={shell} /> : <SideNav placement="aside" />}
            <main id="main" className={css({ flex: '1', p: { base: '4', md: '6' }, minW: 0 })}>
              <Suspense fallback={<Spinner />}>
                <Switch>
                  <Route path="/" component={HomePage} />
                  <Route path="/profile" component={ProfileRoute} />
                  <Route path="/journal" component={JournalRoute} />
                  <Route path="/portfolio/artwork" component={ArtworkListRoute} />
                  <Route path="/portfolio/artwork/:id/:mediaType?" component={ArtworkEditorRoute} />
                  <Route path="/portfolio/collections" component={CollectionListPage} />
                  <Route path="/portfolio/inquiries" component={InquiriesRoute} />
                  <Route path="/portfolio/collections/:id" component={CollectionEditorRoute} />
                  <Route path="/portfolio/domain" component={CustomDomainRoute} />
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
      </LeaveGuardRouter>
    </PhoneLayoutProvider>
  );
}
