import { pathMatches, routesFor, type RouteEntry } from '../../../shared/routes';
import { HUB_PATH, HUB_SLUG, REPORT_CARDS, SLUG_PATTERN } from '../../../shared/report-cards';
import type { Role } from '../../../shared/roles';
import { PAGES } from '../pages';
import type { LazyPage } from './lazyPage';

export type MountedRoute = RouteEntry & { Page: LazyPage };

const HUB_TITLE = 'Reports & Info';

/**
 * /reports/{slug} (decision 044): for a role whose table has it, each report card's slug opens
 * that report's page when the role opens it, and `all` opens the hub. Unknown slugs fall to the
 * `/reports/:slug` page itself (a not-found state). A concrete path (/reports/payment-reporting)
 * is already mounted and left as it is.
 */
function reportAliases(mounted: MountedRoute[]): MountedRoute[] {
  if (!mounted.some((route) => route.path === SLUG_PATTERN)) return [];
  const byPath = new Map(mounted.map((route) => [route.path, route]));
  const hubPage = PAGES[HUB_PATH];
  const targets: [string, MountedRoute | undefined][] = [
    ...REPORT_CARDS.map((card): [string, MountedRoute | undefined] => [card.slug, byPath.get(card.path)]),
    [HUB_SLUG, hubPage ? { path: HUB_PATH, title: HUB_TITLE, Page: hubPage } : undefined],
  ];
  return targets.flatMap(([slug, target]) => {
    const path = `/reports/${slug}`;
    return target && !byPath.has(path) ? [{ path, title: target.title, Page: target.Page }] : [];
  });
}

/** The role's route table (shared/routes.ts) intersected with the pages this client has. */
export function mountedRoutes(role: Role | null | undefined): MountedRoute[] {
  const mounted = routesFor(role).flatMap((entry) => {
    const Page = PAGES[entry.path];
    return Page ? [{ ...entry, Page }] : [];
  });
  return [...mounted, ...reportAliases(mounted)];
}

/** Whether a concrete path (a menu link) would open a mounted page. */
export function hasMountedPage(routes: readonly RouteEntry[], path: string): boolean {
  return routes.some((route) => pathMatches(route.path, path));
}
