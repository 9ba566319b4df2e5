/*
 * Cadenza's service worker (issue 14): shows a web push and opens its link when it is clicked.
 * It handles no fetches, so pages load exactly as without it. A push carries { title, body, link }
 * (server/modules/web-push); the link is a path of this app, and anything else opens the home page.
 */
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

function linkOf(value) {
  try {
    const url = new URL(typeof value === 'string' ? value : '/', self.location.origin);
    return url.origin === self.location.origin ? url.href : self.location.origin + '/';
  } catch {
    return self.location.origin + '/';
  }
}

self.addEventListener('push', (event) => {
  let data;
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : '' };
  }
  if (!data || typeof data !== 'object') data = {};
  const title = typeof data.title === 'string' && data.title ? data.title : 'Cadenza';
  event.waitUntil(self.registration.showNotification(title, {
    body: typeof data.body === 'string' ? data.body : '',
    icon: '/favicon.svg',
    data: { link: linkOf(data.link) },
  }));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const link = linkOf(event.notification.data && event.notification.data.link);
  event.waitUntil((async () => {
    const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
    const same = windows.find((w) => w.url === link);
    if (same) return same.focus();
    const ours = windows.find((w) => new URL(w.url).origin === self.location.origin);
    if (ours && 'navigate' in ours) {
      const focused = await ours.focus();
      // A window this worker does not control cannot be navigated by it: open the link instead.
      return focused.navigate(link).catch(() => self.clients.openWindow(link));
    }
    return self.clients.openWindow(link);
  })());
});
