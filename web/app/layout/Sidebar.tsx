import { Divider, ScrollArea } from '@mantine/core';
import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { menuFor, showSupportLink, type MenuEntry } from '../../../shared/menus';
import type { Session } from '../../lib/session';
import { hasMountedPage } from '../routing/mountedRoutes';
import { useMountedRoutes } from '../routing/useMountedRoutes';
import { SidebarMenu } from './SidebarMenu';
import { useMenuContext } from './useMenuContext';

const SUPPORT_PATH = '/support';
/** Spec section 2: "Contact for More Features", below the menu, for staff only. */
const SUPPORT_ENTRIES: MenuEntry[] = [{ label: 'Contact for More Features', path: SUPPORT_PATH }];

type Props = { session: Session; onNavigate: () => void };

/**
 * The role's menu (shared/menus.ts), limited to pages this client has. The Practice Timer that
 * students see here (spec section 2) belongs to the practice feature, which is not built yet.
 */
export function Sidebar({ session, onNavigate }: Props) {
  const { pathname } = useLocation();
  const routes = useMountedRoutes();
  const ctx = useMenuContext(session);
  const entries = useMemo(() => menuFor(ctx, (path) => hasMountedPage(routes, path)), [ctx, routes]);
  const supportShown = showSupportLink(ctx) && hasMountedPage(routes, SUPPORT_PATH);

  return (
    <>
      <ScrollArea component="nav" aria-label="Main menu" style={{ flex: 1 }}>
        <SidebarMenu entries={entries} pathname={pathname} onNavigate={onNavigate} />
      </ScrollArea>
      {supportShown && (
        <>
          <Divider my="sm" />
          <SidebarMenu entries={SUPPORT_ENTRIES} pathname={pathname} onNavigate={onNavigate} />
        </>
      )}
    </>
  );
}
