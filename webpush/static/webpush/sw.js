// Khôra's service worker (served at /sw.js, so its scope is the whole site): it shows the
// pushes the server sends ("your turn in <game>", a game's end) and opens the game on a tap.
// It caches nothing: the pages are always the server's.
"use strict";

self.addEventListener("push", (event) => {
  let message = { title: "Khôra", body: "", url: "/" };
  try {
    message = Object.assign(message, event.data ? event.data.json() : {});
  } catch (error) {
    // Not ours to read: show the bare title rather than nothing.
  }
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      tag: message.tag,
      icon: "/static/webpush/icon-192.png",
      data: { url: message.url },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  // Only a path on this site: a push can never open another origin.
  const url = new URL(event.notification.data.url || "/", self.location.origin);
  const target = url.origin === self.location.origin ? url.href : self.location.origin + "/";
  event.waitUntil(
    self.clients.matchAll({ type: "window" }).then((windows) => {
      const open = windows.find((client) => client.url === target);
      return open ? open.focus() : self.clients.openWindow(target);
    }),
  );
});
