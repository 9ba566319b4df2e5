import type { MenuEntry } from '../../../shared/menus';

/** A menu link is active on its own path and on the pages below it. */
export function isActivePath(path: string, pathname: string): boolean {
  const target = path.toLowerCase();
  const current = pathname.toLowerCase().replace(/\/+$/, '') || '/';
  return current === target || current.startsWith(`${target}/`);
}

/** The leaf's own path, or a page beside it that it leads to (MenuEntry.also). */
export const isActiveEntry = (entry: MenuEntry, pathname: string) =>
  [entry.path, ...(entry.also ?? [])].some((path) => path !== undefined && isActivePath(path, pathname));

export function containsActivePath(entry: MenuEntry, pathname: string): boolean {
  if (isActiveEntry(entry, pathname)) return true;
  return (entry.children ?? []).some((child) => containsActivePath(child, pathname));
}

/** The section to show open: the one holding the current page, if any. */
export function activeSectionLabel(entries: MenuEntry[], pathname: string): string | null {
  const section = entries.find((entry) => entry.children && containsActivePath(entry, pathname));
  return section?.label ?? null;
}
