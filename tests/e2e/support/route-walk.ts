/**
 * Opening a route of a table by the app's router and knowing at once that its page is there
 * (docs/decisions/096-staff-walks-and-family-lists-on-phones.md): the title is watched inside the
 * page, told of its change, instead of asked for again every 100 to 1,000 ms.
 */
import type { Page } from '@playwright/test';

/** How long a route may take to mount and set its title, an assertion's time (playwright.config.ts). */
const MOUNT_TIMEOUT = 10_000;

/**
 * Follows a link inside the app: the router's own history (pushState and a popstate event, which
 * React Router's BrowserRouter follows as it does Back), no page load. Answers the document's
 * title once it is `title`, or the title it still has after MOUNT_TIMEOUT. The router renders a
 * route in a transition: the old page stays until the new one mounts and sets its title, so the
 * title, watched for its change, is the sign the new page is there (decision 090).
 */
export async function followTo(page: Page, path: string, title: string): Promise<string> {
  return page.evaluate(
    async ({ path, title, timeout }) => {
      const titled = new Promise<void>((done) => {
        // Told of the change, not looking frame by frame: a loop of frames is drawing work the page's own loading waits behind on a busy machine (decision 096).
        const watch = new MutationObserver(() => document.title === title && finish());
        const finish = () => {
          watch.disconnect();
          done();
        };
        watch.observe(document.head, { subtree: true, childList: true, characterData: true });
        setTimeout(finish, timeout);
      });
      window.history.pushState(null, '', path);
      window.dispatchEvent(new PopStateEvent('popstate'));
      if (document.title !== title) await titled;
      return document.title;
    },
    { path, title, timeout: MOUNT_TIMEOUT },
  );
}
