import { Divider, ScrollArea } from '@mantine/core';
import { useLocation } from 'react-router';
import type { MenuEntry } from '../../../shared/menus';
import { PracticeTimer } from '../../features/practice';
import { SidebarMenu } from './SidebarMenu';
import { SUPPORT_PATH, type SidebarMenuData } from './useSidebarMenu';

const SUPPORT_ENTRIES: MenuEntry[] = [{ label: 'Contact for More Features', path: SUPPORT_PATH }];

type Props = { menu: SidebarMenuData; onNavigate: () => void };

/**
 * The sidebar: the role's menu, for staff the support link, and for a student (or staff acting
 * as one) the practice feature's Practice Timer (docs/domains/roles-and-navigation.md "Screens and routes"; useSidebarMenu decides).
 */
export function Sidebar({ menu, onNavigate }: Props) {
  const { pathname } = useLocation();
  return (
    <>
      <ScrollArea component="nav" aria-label="Main menu" style={{ flex: 1 }}>
        <SidebarMenu entries={menu.entries} pathname={pathname} onNavigate={onNavigate} />
      </ScrollArea>
      {menu.timerStudentId && (
        <>
          <Divider my="sm" />
          {/* Keyed by the student: login-as into another student starts from their timer. */}
          <PracticeTimer key={menu.timerStudentId} studentId={menu.timerStudentId} />
        </>
      )}
      {menu.supportShown && (
        <>
          <Divider my="sm" />
          <SidebarMenu entries={SUPPORT_ENTRIES} pathname={pathname} onNavigate={onNavigate} />
        </>
      )}
    </>
  );
}
