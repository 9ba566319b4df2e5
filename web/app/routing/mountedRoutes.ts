import { pathMatches, routesFor, type RouteEntry } from '../../../shared/routes';
import type { Role } from '../../../shared/roles';
import { PAGES } from '../pages';
import type { LazyPage } from './lazyPage';

export type MountedRoute = RouteEntry & { Page: LazyPage };

/** The role's route table (shared/routes.ts) intersected with the pages this client has. */
export function mountedRoutes(role: Role | null | undefined): MountedRoute[] {
  return routesFor(role).flatMap((entry) => {
    const Page = PAGES[entry.path];
    return Page ? [{ ...entry, Page }] : [];
  });
}

/** Whether a concrete path (a menu link) would open a mounted page. */
export function hasMountedPage(routes: readonly RouteEntry[], path: string): boolean {
  return routes.some((route) => pathMatches(route.path, path));
}
