import { AppShell } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Fragment, Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { SIDEBAR_COLLAPSE_BREAKPOINT } from '../../../shared/constants';
import { AppErrorBoundary } from '../../components/AppErrorBoundary';
import { FullPageLoader } from '../../components/FullPageLoader';
import { useRequiredSession } from '../../lib/useSession';
import { AppHeader } from './AppHeader';
import { HEADER_HEIGHT, NAVBAR_WIDTH } from './layoutSizes';
import { LOGIN_AS_BANNER_HEIGHT, LoginAsBanner } from './LoginAsBanner';
import { Sidebar } from './Sidebar';
import { useSessionRefresh } from './useSessionRefresh';
import { useSidebarMenu } from './useSidebarMenu';

const NARROW_QUERY = `(max-width: ${SIDEBAR_COLLAPSE_BREAKPOINT}px)`;
/** Below Mantine's `sm` the sidebar overlays the page, so following a link closes it. */
const PHONE_QUERY = '(max-width: 48em)';

/** docs/domains/roles-and-navigation.md "Screens and routes": at 1280 px or less the sidebar starts collapsed; the burger toggles it. */
function useSidebarOpened() {
  const narrow = useMediaQuery(NARROW_QUERY, undefined, { getInitialValueInEffect: false });
  const [opened, setOpened] = useState(!narrow);
  // Crossing the breakpoint (resizing, rotating a tablet) applies the default again.
  useEffect(() => setOpened(!narrow), [narrow]);
  return [opened, setOpened] as const;
}

export default function AppLayout() {
  const session = useRequiredSession();
  const { pathname } = useLocation();
  const [navOpened, setNavOpened] = useSidebarOpened();
  const phone = useMediaQuery(PHONE_QUERY, undefined, { getInitialValueInEffect: false });
  const menu = useSidebarMenu(session);
  useSessionRefresh(session.user._id);
  const actingAs = session.actor !== null;
  const headerHeight = HEADER_HEIGHT + (actingAs ? LOGIN_AS_BANNER_HEIGHT : 0);

  return (
    <AppShell
      header={{ height: headerHeight }}
      // An empty menu (a student's pages are not built yet) would look broken: no sidebar then,
      // and the page takes the full width.
      navbar={
        menu.empty
          ? undefined
          : { width: NAVBAR_WIDTH, breakpoint: 'sm', collapsed: { mobile: !navOpened, desktop: !navOpened } }
      }
      padding="lg"
    >
      <AppShell.Header>
        {actingAs && <LoginAsBanner user={session.user} />}
        <div style={{ height: HEADER_HEIGHT }}>
          <AppHeader
            user={session.user}
            nav={menu.empty ? null : { opened: navOpened, onToggle: () => setNavOpened((open) => !open) }}
            timerStudentId={menu.timerStudentId}
          />
        </div>
      </AppShell.Header>
      {!menu.empty && (
        <AppShell.Navbar p="sm">
          <Sidebar menu={menu} onNavigate={() => phone && setNavOpened(false)} />
        </AppShell.Navbar>
      )}
      <AppShell.Main>
        {/* A new identity (login-as) starts every page afresh. */}
        <Fragment key={session.user._id}>
          <AppErrorBoundary resetKey={pathname}>
            <Suspense fallback={<FullPageLoader />}>
              <Outlet />
            </Suspense>
          </AppErrorBoundary>
        </Fragment>
      </AppShell.Main>
    </AppShell>
  );
}
