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

/** Its own function so tests can replace it: jsdom cannot reload. */
export function reloadPage(): void {
  window.location.reload();
}
