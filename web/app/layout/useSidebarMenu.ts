import { useMemo } from 'react';
import { menuFor, showPracticeTimer, showSupportLink, type MenuEntry } from '../../../shared/menus';
import type { Session } from '../../lib/session';
import { hasMountedPage } from '../routing/mountedRoutes';
import { useMountedRoutes } from '../routing/useMountedRoutes';
import { useMenuContext } from '../../lib/useMenuContext';

export const SUPPORT_PATH = '/support';

export type SidebarMenuData = {
  /** The role's menu (shared/menus.ts), limited to pages this client has. */
  entries: MenuEntry[];
  /** docs/domains/roles-and-navigation.md "Screens and routes": "Contact for More Features", below the menu, for staff only. */
  supportShown: boolean;
  /** docs/domains/roles-and-navigation.md "Screens and routes": the Practice Timer, for a student (or staff acting as one): whose timer it is. */
  timerStudentId: string | null;
  /** Nothing to show: the layout then has no sidebar and no burger. */
  empty: boolean;
};

export function useSidebarMenu(session: Session): SidebarMenuData {
  const routes = useMountedRoutes();
  const ctx = useMenuContext(session);
  return useMemo(() => {
    const entries = menuFor(ctx, (path) => hasMountedPage(routes, path));
    const supportShown = showSupportLink(ctx) && hasMountedPage(routes, SUPPORT_PATH);
    const timerStudentId = showPracticeTimer(ctx) ? session.user._id : null;
    return { entries, supportShown, timerStudentId, empty: entries.length === 0 && !supportShown && !timerStudentId };
  }, [ctx, routes, session.user._id]);
}
