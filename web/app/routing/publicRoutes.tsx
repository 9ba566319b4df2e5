import { Route } from 'react-router';
import { PUBLIC_PAGES } from '../publicPages';
import { TitledPage } from './TitledPage';

/**
 * The public pages (reset password, signup widget), open to everyone. They use neither the query
 * cache nor the modals manager, so they get no DataProviders: a cold visit loads none of their
 * code (decision 027).
 */
export const publicRoutes = Object.entries(PUBLIC_PAGES).map(([path, { title, Page }]) => (
  <Route key={path} path={path} element={<TitledPage title={title} Page={Page} />} />
));
