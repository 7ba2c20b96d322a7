// Plain JavaScript that runs before Python starts: progress text, the service
// worker (offline play) and its update banner.  Everything else is Python.
(function () {
  "use strict";
  var started = performance.now();
  function setText(text) {
    var el = document.getElementById("loading-text");
    if (el) el.textContent = text;
  }
  addEventListener("py:progress", function (event) {
    if (typeof event.detail === "string") setText(event.detail + "\u2026");
  });
  // A slow device still gets feedback; a broken one gets a reason.
  setTimeout(function () {
    if (!document.documentElement.dataset.ready) setText("Still starting Python (the first visit downloads about 10 MB)\u2026");
  }, 8000);
  addEventListener("error", function (event) {
    if (!document.documentElement.dataset.ready && /wasm|WebAssembly/i.test(String(event.message))) {
      setText("This browser cannot run the game engine (WebAssembly failed to start).");
    }
  });

  function showUpdate(registration) {
    var notice = document.getElementById("notice");
    if (!notice || !registration.waiting) return;
    notice.hidden = false;
    notice.className = "notice update";
    notice.innerHTML = 'A new version is ready. <button type="button" id="update-now">Update</button>';
    document.getElementById("update-now").addEventListener("click", function () {
      registration.waiting.postMessage("skip-waiting");
    });
  }

  if ("serviceWorker" in navigator && location.protocol !== "file:") {
    var reloading = false;
    navigator.serviceWorker.addEventListener("controllerchange", function () {
      // Only after the player asked for the update: never mix two builds.
      if (reloading || !window.__lostcitiesUpdating) return;
      reloading = true;
      location.reload();
    });
    addEventListener("load", function () {
      navigator.serviceWorker.register("./sw.js").then(function (registration) {
        if (registration.waiting && navigator.serviceWorker.controller) showUpdate(registration);
        registration.addEventListener("updatefound", function () {
          var worker = registration.installing;
          if (!worker) return;
          worker.addEventListener("statechange", function () {
            if (worker.state === "installed" && navigator.serviceWorker.controller) showUpdate(registration);
          });
        });
        return navigator.serviceWorker.ready;
      }).then(function () {
        document.documentElement.dataset.offline = "1";
      }).catch(function (err) {
        console.warn("Offline play is unavailable: " + err);
      });
    });
    document.addEventListener("click", function (event) {
      if (event.target && event.target.id === "update-now") window.__lostcitiesUpdating = true;
    }, true);
  }
  window.__lostcitiesBootStarted = started;
})();
