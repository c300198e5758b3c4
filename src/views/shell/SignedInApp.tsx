import { Suspense, lazy, useEffect, useMemo } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { Route, Switch, useLocation } from 'wouter';
import { css } from 'styled-system/css';
import type { shellMachine } from '../../machines/shell/shell.machine';
import { provideShell } from '../../machines/shell/shell.provide';
import { selectIsPhone } from '../../machines/shell/shell.selectors';
import { selectAvatarVersion } from '../../machines/session/session.selectors';
import { WIDE_SCREEN_QUERY } from '../../theme/breakpoints';
import { NotFoundPage } from '../errors/ErrorPage';
import { Spinner } from '../ui/spinner';
import { LeaveGuardRouter } from './leave-guard';
import { MenuButton, NavDrawer } from './NavDrawer';
import { PhoneLayoutProvider } from './phone-layout';
import { StudioNav } from './StudioNav';
import { Brand, TopBar } from './TopBar';
import { useApp } from '../app-context';
import { useInspection } from '../inspection';

const HomePage = lazy(() => import('../home/HomePage'));
const ProfileRoute = lazy(() => import('../profile/profile-route'));
const JournalRoute = lazy(() => import('../journal/journal-route'));
const ArtworkListRoute = lazy(() => import('../artwork-list/artwork-list-route'));
const ArtworkEditorRoute = lazy(() => import('../artwork-editor/artwork-editor-route'));
const ArtworkImportRoute = lazy(() => import('../artwork-import/artwork-import-route'));
const CollectionListPage = lazy(() => import('../collection-list/CollectionListPage'));
const InquiriesRoute = lazy(() => import('../inquiries/inquiries-route'));
const ConsignmentsRoute = lazy(() => import('../consignments/consignments-route'));
const ContactsRoute = lazy(() => import('../contacts/contacts-route'));
const ContactPageRoute = lazy(() => import('../contacts/contact-page-route'));
const CollectionEditorRoute = lazy(() => import('../collection-editor/collection-editor-route'));
const CustomDomainRoute = lazy(() => import('../custom-domain/custom-domain-route'));
const SocialCalendarRoute = lazy(() => import('../calendar/calendar-route'));
const SocialAccountsRoute = lazy(() => import('../social-accounts/social-accounts-route'));
const SocialConnectRoute = lazy(() => import('../connect-account/connect-account-route'));
const SocialHomeRoute = lazy(() => import('../social-accounts/social-home-route'));
const PostEditorRoute = lazy(() => import('../post-editor/post-editor-route'));

const wideScreen = () => window.matchMedia(WIDE_SCREEN_QUERY);

const skipLink = css({
  position: 'absolute',
  left: '-9999px',
  _focus: { left: '2', top: '2', bg: 'bg.surface', p: '2', zIndex: 'skipLink' },
});
// On a laptop the navigation is a column of its own, as tall as the window, that stays while the page scrolls.
const sidebar = css({
  position: 'sticky',
  top: '0',
  alignSelf: 'start',
  h: '100dvh',
  w: '60',
  flexShrink: 0,
  overflowY: 'auto',
  display: 'flex',
  flexDirection: 'column',
  gap: '6',
  px: '3',
  py: '5',
  bg: 'bg.surface',
  borderRightWidth: '1px',
  borderColor: 'border',
});

/** The application shell for a signed-in artist, and its route table. */
export default function SignedInApp({ logic }: { logic?: typeof shellMachine }) {
  const { services, session } = useApp();
  const shellLogic = useMemo(() => logic ?? provideShell({ user: services.user }), [logic, services]);
  const shell = useActorRef(shellLogic, { input: { wide: wideScreen().matches }, ...useInspection() });
  const phone = useSelector(shell, selectIsPhone);
  const avatarVersion = useSelector(session, selectAvatarVersion);
  const [location] = useLocation();

  useEffect(() => {
    const query = wideScreen();
    const follow = () => shell.send({ type: query.matches ? 'viewport.wide' : 'viewport.narrow' });
    query.addEventListener('change', follow);
    return () => query.removeEventListener('change', follow);
  }, [shell]);

  useEffect(() => shell.send({ type: 'shell.navigated' }), [shell, location]);
  useEffect(() => shell.send({ type: 'avatar.changed', version: avatarVersion }), [shell, avatarVersion]);

  return (
    <PhoneLayoutProvider value={phone}>
      <LeaveGuardRouter>
        <div className={css({ minH: '100dvh', display: 'flex' })}>
          <a href="#main" className={skipLink}>
            Skip to content
          </a>
          {phone ? (
            <NavDrawer shell={shell} />
          ) : (
            <div className={sidebar}>
              <Brand />
              <StudioNav />
            </div>
          )}
          <div className={css({ flex: '1', minW: 0, display: 'flex', flexDirection: 'column' })}>
            <TopBar shell={shell} menuButton={phone ? <MenuButton shell={shell} /> : null} />
            <main id="main" className={css({ flex: '1', px: { base: '4', md: '8' }, pt: { base: '4', md: '2' }, pb: '10', minW: 0 })}>
              <Suspense fallback={<Spinner />}>
                <Switch>
                  <Route path="/" component={HomePage} />
                  <Route path="/profile" component={ProfileRoute} />
                  <Route path="/journal" component={JournalRoute} />
                  <Route path="/portfolio/artwork" component={ArtworkListRoute} />
                  <Route path="/portfolio/artwork/:id/:mediaType?" component={ArtworkEditorRoute} />
                  <Route path="/portfolio/import" component={ArtworkImportRoute} />
                  <Route path="/portfolio/collections" component={CollectionListPage} />
                  <Route path="/portfolio/inquiries" component={InquiriesRoute} />
                  <Route path="/portfolio/consignments" component={ConsignmentsRoute} />
                  <Route path="/portfolio/contacts" component={ContactsRoute} />
                  <Route path="/portfolio/contacts/:id" component={ContactPageRoute} />
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
