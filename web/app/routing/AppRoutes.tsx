import { Suspense } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { AppErrorBoundary } from '../../components/AppErrorBoundary';
import { FullPageLoader } from '../../components/FullPageLoader';
import { loginPathReturningTo } from '../../lib/returnTo';
import { wasSignedOutOnPurpose } from '../../lib/session';
import { useSession } from '../../lib/useSession';
import { LOGIN_PAGE } from '../publicPages';
import { lazyPage } from './lazyPage';
import { publicRoutes } from './publicRoutes';
import { TitledPage } from './TitledPage';

// Lazy so that a signed-out visitor's first load carries no route tables and no app shell.
const SignedInRoutes = lazyPage(() => import('./SignedInRoutes'));

const loginPage = <TitledPage title={LOGIN_PAGE.title} Page={LOGIN_PAGE.Page} />;

/** Sends a signed-out visitor to /login, which brings them back here once they have signed in. */
function ToLogin() {
  const { pathname, search } = useLocation();
  return <Navigate to={wasSignedOutOnPurpose() ? '/login' : loginPathReturningTo(`${pathname}${search}`)} replace />;
}

/** docs/domains/roles-and-navigation.md "Screens and routes": signed-out visitors get the public pages, and /login for everything else. */
function SignedOutRoutes() {
  return (
    <Routes>
      <Route path="/" element={loginPage} />
      <Route path="/login" element={loginPage} />
      {publicRoutes}
      <Route path="*" element={<ToLogin />} />
    </Routes>
  );
}

export function AppRoutes() {
  const session = useSession();
  const { pathname } = useLocation();
  return (
    <AppErrorBoundary resetKey={pathname}>
      <Suspense fallback={<FullPageLoader />}>
        {session ? <SignedInRoutes /> : <SignedOutRoutes />}
      </Suspense>
    </AppErrorBoundary>
  );
}
