/* global self, clients */
/**
 * Web push in the service worker (imported by the generated worker, see vite.config.ts importScripts).
 * A push carries contracts' PushPayload: { notificationId, title, body, link, unreadCount }.
 */
self.addEventListener('push', (event) => {
  let payload;
  try {
    payload = event.data ? event.data.json() : null;
  } catch {
    return;
  }
  if (!payload || typeof payload.title !== 'string') return;
  event.waitUntil(
    self.registration.showNotification(payload.title, {
      body: payload.body,
      tag: payload.notificationId,
      icon: '/icon-192.png',
      badge: '/icon-192.png',
      data: { notificationId: payload.notificationId, link: payload.link },
    }),
  );
});

/** Opening a push marks it read (every device follows through the live event) and opens its deep link. */
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const { notificationId, link } = event.notification.data || {};
  // Only paths inside the app, as the server enforces; anything else opens the centre.
  const path = typeof link === 'string' && /^\/(?!\/)/.test(link) ? link : '/notifications';
  const target = new URL(path, self.location.origin).href;
  // Marked read before the app opens, so the page it loads counts it read; a slow network delays opening
  // by at most three seconds, and a failed request (offline) opens at once.
  const markRead = notificationId
    ? fetch(`/api/notifications/${encodeURIComponent(notificationId)}/read`, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'Idempotency-Key': `push-open-${notificationId}` },
        signal: AbortSignal.timeout(3_000),
      }).catch(() => undefined)
    : Promise.resolve();
  event.waitUntil(
    markRead.then(() =>
      clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
        const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
        if (!open) return clients.openWindow(target);
        // focus() may be refused (it needs the click's user activation); that must not stop the navigation.
        return open
          .focus()
          .catch(() => open)
          .then(() => open.navigate(target))
          .catch(() => clients.openWindow(target));
      }),
    ),
  );
});
