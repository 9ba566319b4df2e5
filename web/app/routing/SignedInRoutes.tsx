// The stylesheet of every Mantine component; a signed-out first visit loads only the parts that
// the public pages use (web/app/publicPageStyles.ts, decision 027).
import '@mantine/core/styles.css';
import { useMemo } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { homePathFor } from '../../../shared/roles';
import { OpenablePathsContext } from '../../lib/openablePaths';
import { useRequiredSession } from '../../lib/useSession';
import { lazyPage } from './lazyPage';
import { publicRoutes } from './publicRoutes';
import { TitledPage } from './TitledPage';
import { useMountedRoutes } from './useMountedRoutes';

const DataProviders = lazyPage(() => import('../DataProviders'));
const AppLayout = lazyPage(() => import('../layout/AppLayout'));
const NoPagesView = lazyPage(() => import('../layout/NoPagesView'));

// Both wrap every signed-in page: fetch them side by side, not one after the other.
void DataProviders.preload();
void AppLayout.preload();

/**
 * docs/domains/roles-and-navigation.md "Screens and routes": a signed-in user gets the pages of their role's route table (the
 * impersonated user's in login-as mode); /, /login and unknown paths lead to their home.
 */
export default function SignedInRoutes() {
  const home = homePathFor(useRequiredSession().user.role);
  const routes = useMountedRoutes();
  // A role whose home has no page would redirect forever; it gets an explanation instead.
  const homeMounted = routes.some((route) => route.path === home);
  const toHome = <Navigate to={home} replace />;
  const openable = useMemo(() => routes.map((route) => route.path), [routes]);
  return (
    <OpenablePathsContext.Provider value={openable}>
      <Routes>
        <Route path="/" element={toHome} />
        <Route path="/login" element={toHome} />
        {publicRoutes}
        <Route element={<DataProviders />}>
          <Route element={<AppLayout />}>
            {routes.map(({ path, title, Page }) => (
              <Route key={path} path={path} element={<TitledPage title={title} Page={Page} />} />
            ))}
            <Route path="*" element={homeMounted ? toHome : <NoPagesView />} />
          </Route>
        </Route>
      </Routes>
    </OpenablePathsContext.Provider>
  );
}
