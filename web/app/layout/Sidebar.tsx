import { Divider, ScrollArea } from '@mantine/core';
import { useLocation } from 'react-router';
import type { MenuEntry } from '../../../shared/menus';
import { SidebarMenu } from './SidebarMenu';
import { SUPPORT_PATH, type SidebarMenuData } from './useSidebarMenu';

const SUPPORT_ENTRIES: MenuEntry[] = [{ label: 'Contact for More Features', path: SUPPORT_PATH }];

type Props = { menu: SidebarMenuData; onNavigate: () => void };

/**
 * The sidebar: the role's menu and, for staff, the support link (useSidebarMenu). The Practice
 * Timer that students see here (spec section 2) belongs to the practice feature, which is not
 * built yet.
 */
export function Sidebar({ menu, onNavigate }: Props) {
  const { pathname } = useLocation();
  return (
    <>
      <ScrollArea component="nav" aria-label="Main menu" style={{ flex: 1 }}>
        <SidebarMenu entries={menu.entries} pathname={pathname} onNavigate={onNavigate} />
      </ScrollArea>
      {menu.supportShown && (
        <>
          <Divider my="sm" />
          <SidebarMenu entries={SUPPORT_ENTRIES} pathname={pathname} onNavigate={onNavigate} />
        </>
      )}
    </>
  );
}
