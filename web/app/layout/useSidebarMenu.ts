import { useMemo } from 'react';
import { menuFor, showSupportLink, type MenuEntry } from '../../../shared/menus';
import type { Session } from '../../lib/session';
import { hasMountedPage } from '../routing/mountedRoutes';
import { useMountedRoutes } from '../routing/useMountedRoutes';
import { useMenuContext } from './useMenuContext';

export const SUPPORT_PATH = '/support';

export type SidebarMenuData = {
  /** The role's menu (shared/menus.ts), limited to pages this client has. */
  entries: MenuEntry[];
  /** Spec section 2: "Contact for More Features", below the menu, for staff only. */
  supportShown: boolean;
  /** Nothing to show: the layout then has no sidebar and no burger. */
  empty: boolean;
};

export function useSidebarMenu(session: Session): SidebarMenuData {
  const routes = useMountedRoutes();
  const ctx = useMenuContext(session);
  return useMemo(() => {
    const entries = menuFor(ctx, (path) => hasMountedPage(routes, path));
    const supportShown = showSupportLink(ctx) && hasMountedPage(routes, SUPPORT_PATH);
    return { entries, supportShown, empty: entries.length === 0 && !supportShown };
  }, [ctx, routes]);
}
