import { describe, expect, it } from 'vitest';
import { ROLES } from '../../shared/roles';
import { ROUTE_TABLES, pathMatches } from '../../shared/routes';
import { menuEntryPaths, type MenuContext } from '../../shared/menus';
import { PAGES } from './pages';

const registered = Object.keys(PAGES);
const hasPage = (path: string) => registered.some((pattern) => pathMatches(pattern, path));

/** Every flag that changes a menu, so that the list covers every entry any user can see. */
const contexts: MenuContext[] = ROLES.flatMap((role) =>
  [false, true].map((flag) => ({
    role,
    addrole: null,
    showStore: flag,
    allowPayrollReport: flag,
    actorRole: null,
  })),
);

describe('the page registry', () => {
  // Issue 17 closed the last gap: every menu entry and every route of docs/domains/roles-and-navigation.md "Screens and routes" has its page.
  it('leaves no menu entry and no route without a page', () => {
    const missingMenu = [...new Set(contexts.flatMap((ctx) => menuEntryPaths(ctx).filter((p) => !hasPage(p))))].sort();
    const missingRoutes = [
      ...new Set(Object.values(ROUTE_TABLES).flatMap((table) => table.map((r) => r.path).filter((p) => !registered.includes(p)))),
    ].sort();
    console.log(`menu entries without a page: [${missingMenu.join(', ')}]; routes without a page: [${missingRoutes.join(', ')}]`);
    expect(missingMenu).toEqual([]);
    expect(missingRoutes).toEqual([]);
  });

  it('registers only pages that some role’s route table has', () => {
    const routed = new Set(Object.values(ROUTE_TABLES).flat().map((r) => r.path));
    expect(registered.filter((p) => !routed.has(p))).toEqual([]);
  });

  it('gives every role a home page', () => {
    for (const role of ROLES) {
      const home = role === 'parent' ? '/member/children' : '/dashboard';
      expect(ROUTE_TABLES[role].some((r) => r.path === home), role).toBe(true);
      expect(registered, role).toContain(home);
    }
  });
});
