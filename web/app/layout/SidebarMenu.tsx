import { NavLink } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { MenuEntry } from '../../../shared/menus';
import { activeSectionLabel, containsActivePath, isActiveEntry } from './menuState';

type LinkProps = { entry: MenuEntry; pathname: string; onNavigate?: () => void };

function MenuLink({ entry, pathname, onNavigate }: LinkProps) {
  const active = isActiveEntry(entry, pathname);
  return (
    <NavLink
      component={Link}
      to={entry.path ?? '/'}
      label={entry.label}
      active={active}
      aria-current={active ? 'page' : undefined}
      onClick={onNavigate}
    />
  );
}

type Props = {
  entries: MenuEntry[];
  pathname: string;
  /** Called after a link is followed, e.g. to close the sidebar on a phone. */
  onNavigate?: () => void;
};

/**
 * One level of the sidebar menu. docs/domains/roles-and-navigation.md "Screens and routes": one expanded section at a time, so opening a
 * section closes its sibling; the section holding the current page starts open.
 */
export function SidebarMenu({ entries, pathname, onNavigate }: Props) {
  const [openLabel, setOpenLabel] = useState(() => activeSectionLabel(entries, pathname));

  // Arriving at a page from elsewhere (header link, redirect) reveals where it sits in the menu.
  const activeLabel = activeSectionLabel(entries, pathname);
  useEffect(() => {
    if (activeLabel) setOpenLabel(activeLabel);
  }, [activeLabel]);

  return entries.map((entry) =>
    entry.children ? (
      <NavLink
        key={entry.label}
        component="button"
        type="button"
        label={entry.label}
        opened={openLabel === entry.label}
        aria-expanded={openLabel === entry.label}
        onChange={(opened) => setOpenLabel(opened ? entry.label : null)}
        active={containsActivePath(entry, pathname) && openLabel !== entry.label}
        variant="subtle"
      >
        <SidebarMenu entries={entry.children} pathname={pathname} onNavigate={onNavigate} />
      </NavLink>
    ) : (
      <MenuLink key={entry.label} entry={entry} pathname={pathname} onNavigate={onNavigate} />
    ),
  );
}
