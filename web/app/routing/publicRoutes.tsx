import { Route } from 'react-router';
import { PUBLIC_PAGES } from '../pages';
import { lazyPage } from './lazyPage';
import { TitledPage } from './TitledPage';

export const DataProviders = lazyPage(() => import('../DataProviders'));

/** The public pages (reset password, ...), open to everyone; they get the data providers. */
export const publicRoutes = (
  <Route element={<DataProviders />}>
    {Object.entries(PUBLIC_PAGES).map(([path, { title, Page }]) => (
      <Route key={path} path={path} element={<TitledPage title={title} Page={Page} />} />
    ))}
  </Route>
);
