// Enabling push on this device, from the preferences page's push section (webpush/).
// The section is loaded and replaced by htmx, so the button is found by delegation.
(function () {
  "use strict";

  function keyBytes(base64url) {
    const text = atob(base64url.replace(/-/g, "+").replace(/_/g, "/"));
    return Uint8Array.from(text, (c) => c.charCodeAt(0));
  }

  function say(status, which) {
    status.textContent = status.dataset[which];
    status.hidden = false;
  }

  function csrfToken() {
    const headers = document.body.getAttribute("hx-headers");
    return headers ? JSON.parse(headers)["X-CSRFToken"] : "";
  }

  async function enable(button) {
    const status = document.querySelector("[data-push-status]");
    if (!("serviceWorker" in navigator) || !("PushManager" in window)) {
      return say(status, "unsupported");
    }
    button.disabled = true;
    try {
      if ((await Notification.requestPermission()) !== "granted") {
        return say(status, "denied");
      }
      await navigator.serviceWorker.register("/sw.js", { scope: "/" });
      const registration = await navigator.serviceWorker.ready;
      const subscription =
        (await registration.pushManager.getSubscription()) ||
        (await registration.pushManager.subscribe({
          userVisibleOnly: true,
          applicationServerKey: keyBytes(button.dataset.key),
        }));
      const json = subscription.toJSON();
      const response = await fetch(button.dataset.devices, {
        method: "POST",
        credentials: "same-origin",
        headers: { "Content-Type": "application/json", "X-CSRFToken": csrfToken() },
        body: JSON.stringify({ endpoint: json.endpoint, keys: json.keys }),
      });
      if (!response.ok) {
        return say(status, "failed");
      }
      await htmx.ajax("GET", button.dataset.section, { target: "#push" });
      say(document.querySelector("[data-push-status]"), "done");
    } catch (error) {
      say(status, "failed");
    } finally {
      button.disabled = false;
    }
  }

  document.addEventListener("click", function (event) {
    const button = event.target.closest("[data-push-enable]");
    if (button) {
      enable(button);
    }
  });
})();
