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

/**
 * Menu and route-table entries that have no page yet, in order: each later issue that adds a page
 * takes its path off these lists (and a page that goes missing fails the test).
 */
const MENU_WITHOUT_PAGE = [
  '/MyBiz/category/1', '/MyBizNew',
  '/musicalInteractives/earTrainer', '/quizzes',
  '/stores/order-listing/1',
];
const ROUTES_WITHOUT_PAGE = [
  '/MyBiz/category/:id', '/MyBizNew', '/build-my-biz/view-details/:id', '/category/:id',
  '/earTrainerQuiz', '/learnMore',
  '/learning/learning', '/learnings', '/members',
  '/musicalInteractives/earTrainer', '/quizCategories',
  '/quizzes',
  '/stores/order-details/:id', '/stores/order-listing/:id',
  '/studentbillings',
];

describe('the page registry', () => {
  it('leaves exactly the listed menu and route entries without a page', () => {
    const missingMenu = new Set(contexts.flatMap((ctx) => menuEntryPaths(ctx).filter((p) => !hasPage(p))));
    const missingRoutes = new Set(
      Object.values(ROUTE_TABLES).flatMap((table) => table.map((r) => r.path).filter((p) => !registered.includes(p))),
    );
    expect([...missingMenu].sort()).toEqual(MENU_WITHOUT_PAGE);
    expect([...missingRoutes].sort()).toEqual(ROUTES_WITHOUT_PAGE);
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
