import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { reloadPage } from '../../lib/navigation';

export type LazyPage = LazyExoticComponent<ComponentType> & {
  /** Starts fetching the code before React asks for it, to load chunks in parallel. */
  preload: () => Promise<unknown>;
};

const RELOADED_AT_KEY = 'cadenza:chunk-reload-at';
/** A second failure within this window is a real outage, not a stale deploy: stop reloading. */
const RELOAD_GUARD_MS = 10_000;

/** Reloads unless the last reload for a failed chunk was moments ago; says whether it did. */
export function reloadOnce(): boolean {
  const last = Number(sessionStorage.getItem(RELOADED_AT_KEY) ?? 0);
  if (Date.now() - last < RELOAD_GUARD_MS) return false;
  sessionStorage.setItem(RELOADED_AT_KEY, String(Date.now()));
  reloadPage();
  return true;
}

/**
 * React.lazy for a page module. After a deploy the old chunk names are gone, so a failed import
 * reloads the page once to pick up the new build (docs/domains/roles-and-navigation.md "Messages"); a repeated failure is thrown
 * to the error boundary instead of looping.
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>): LazyPage {
  let pending: Promise<{ default: ComponentType }> | undefined;
  const loadOnce = () =>
    (pending ??= load().catch((error: unknown) => {
      pending = undefined;
      throw error;
    }));
  const Page = lazy(async () => {
    try {
      return await loadOnce();
    } catch (error) {
      // Never settles: the page is going away.
      if (reloadOnce()) return new Promise<never>(() => {});
      throw error;
    }
  });
  return Object.assign(Page, { preload: () => loadOnce().catch(() => undefined) });
}
