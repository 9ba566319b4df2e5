/**
 * Lets code outside React (the api client) move the router. The app registers the router's
 * navigate function on mount; until then a full page load is the fallback.
 */
type Navigate = (path: string) => void;

let navigate: Navigate = (path) => window.location.assign(path);

export function registerNavigator(fn: Navigate): void {
  navigate = fn;
}

export function navigateTo(path: string): void {
  navigate(path);
}

let reload = () => window.location.reload();

/** jsdom cannot reload: tests register a recorder here, as the app registers its navigator above. */
export function registerReloader(fn: () => void): void {
  reload = fn;
}

export function reloadPage(): void {
  reload();
}
