// Plain JavaScript that runs before Python starts: progress text, the service
// worker (offline play) and its update banner.  Everything else is Python.
(function () {
  "use strict";
  var started = performance.now();
  // Where Python runs: index.html says "worker" (web/view.js, web/engine.mjs); ?engine=page or a
  // browser without module workers keeps it on the page (PyScript, web/main.py): that is
  // engine-page.html, the same page built with the policy PyScript needs ('unsafe-eval', which
  // index.html does not allow), with the same address's query and fragment.
  var html = document.documentElement;
  // The app does not run inside another page's frame (a game could be clicked blindly; embed.html is
  // the page made for frames): no engine starts, nothing is downloaded for one, and web/page.js shows
  // why with a link to a tab of its own.  A server's headers normally refuse the frame first; a
  // static host that sends none would otherwise start the engine in every such frame.
  var framed = true;
  try { framed = window.self !== window.top; } catch (err) { framed = true; }
  if (framed && !html.classList.contains("lc-embed-page") && html.hasAttribute("data-engine")) {
    html.setAttribute("data-engine", "none");  // web/view.js starts no worker, PyScript is not added
  }
  if (html.getAttribute("data-engine") === "worker" &&
      (/[?&]engine=page(&|$)/.test(location.search) || typeof Worker !== "function")) {
    html.setAttribute("data-engine", "page");  // web/view.js starts no worker meanwhile
    location.replace(new URL("./engine-page.html" + location.search + location.hash, document.baseURI).href);
    return;
  }
  // Python on the page: PyScript's style sheet now, its module once the page's <script type="py">
  // is parsed (index.html declares neither: the worker needs no PyScript).
  if (html.getAttribute("data-engine") === "page") {
    var styles = document.createElement("link");
    styles.rel = "stylesheet";
    styles.href = new URL("./pyscript/core.css", document.baseURI).href;
    document.head.appendChild(styles);
    document.addEventListener("DOMContentLoaded", function () {
      var module = document.createElement("script");
      module.type = "module";
      module.src = new URL("./pyscript/core.js", document.baseURI).href;
      document.head.appendChild(module);
    });
  }
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

  // Without storage (site data blocked, or a frame whose third-party storage is refused)
  // PyScript still opens IndexedDB for its packages cache, and a refusal would stop the
  // start.  The site's config never uses that cache ("passthrough"), so a refused
  // IndexedDB is replaced for this page by one kept in memory: the game starts and plays
  // (its screens say that progress will not be kept).
  function memoryRequest(produce) {
    var request = { result: undefined, error: null, onsuccess: null, onerror: null };
    setTimeout(function () {
      request.result = produce();
      if (request.onsuccess) request.onsuccess({ target: request, type: "success" });
    });
    return request;
  }
  function memoryDatabase() {
    var stores = {};
    function store(name) {
      var data = stores[name];
      return {
        count: function () { return memoryRequest(function () { return data.size; }); },
        clear: function () { return memoryRequest(function () { data.clear(); }); },
        delete: function (key) { return memoryRequest(function () { data.delete(key); }); },
        get: function (key) { return memoryRequest(function () { return data.get(key); }); },
        getKey: function (key) { return memoryRequest(function () { return data.has(key) ? key : undefined; }); },
        getAllKeys: function () { return memoryRequest(function () { return Array.from(data.keys()); }); },
        put: function (value, key) { return memoryRequest(function () { data.set(key, value); return key; }); }
      };
    }
    return {
      objectStoreNames: { get length() { return Object.keys(stores).length; },
                          contains: function (name) { return name in stores; } },
      createObjectStore: function (name) { stores[name] = new Map(); return store(name); },
      transaction: function () { return { objectStore: store }; },
      close: function () {}
    };
  }
  function memoryIndexedDB() {
    return {
      open: function () {
        var request = { result: null, error: null, onupgradeneeded: null, onsuccess: null, onerror: null };
        setTimeout(function () {
          var db = memoryDatabase();
          var transaction = { oncomplete: null };
          request.result = db;
          if (request.onupgradeneeded) request.onupgradeneeded({ target: { result: db, transaction: transaction } });
          if (transaction.oncomplete) transaction.oncomplete({ target: transaction });
          if (request.onsuccess) request.onsuccess({ target: request, type: "success" });
        });
        return request;
      }
    };
  }
  function useMemory() {
    document.documentElement.dataset.storage = "memory";
    return memoryIndexedDB();
  }
  // The browser's IndexedDB, falling back to memory when opening a database fails at once
  // (it throws) or later (its request fails).  Events pass through to the caller's handlers.
  function guardedIndexedDB(real) {
    var guarded = {};
    ["deleteDatabase", "databases", "cmp"].forEach(function (method) {
      if (typeof real[method] === "function") guarded[method] = real[method].bind(real);
    });
    guarded.open = function (name, version) {
      var outer = { result: null, error: null, onupgradeneeded: null, onsuccess: null, onerror: null, onblocked: null };
      function forward(request) {
        ["onupgradeneeded", "onsuccess", "onblocked"].forEach(function (kind) {
          request[kind] = function (event) {
            outer.result = request.result;
            if (outer[kind]) outer[kind](event);
          };
        });
      }
      var inner;
      try {
        inner = version === undefined ? real.open(name) : real.open(name, version);
      } catch (err) {
        forward(useMemory().open(name));
        return outer;
      }
      forward(inner);
      inner.onerror = function (event) {
        if (event && event.preventDefault) event.preventDefault();
        forward(useMemory().open(name));
      };
      return outer;
    };
    return guarded;
  }
  var idb = null;
  try { idb = typeof indexedDB.open === "function" ? indexedDB : null; } catch (err) { idb = null; }
  Object.defineProperty(window, "indexedDB", { configurable: true, value: idb ? guardedIndexedDB(idb) : useMemory() });

  // -- installing as an app: the browser's offer becomes an "Install" button in the top bar.
  var installPrompt = null;
  addEventListener("beforeinstallprompt", function (event) {
    event.preventDefault();
    installPrompt = event;
    var button = document.getElementById("install");
    if (button) button.hidden = false;
  });
  addEventListener("appinstalled", function () {
    installPrompt = null;
    var button = document.getElementById("install");
    if (button) button.hidden = true;
  });
  document.addEventListener("click", function (event) {
    var button = event.target && event.target.closest ? event.target.closest("#install") : null;
    if (!button || !installPrompt) return;
    var prompt = installPrompt;
    installPrompt = null;
    button.hidden = true;
    prompt.prompt();
  });

  // What the start downloads (build.py lists it in the page's data-preloads), announced at once so
  // it comes in parallel rather than one file after another, and the interpreter's early start.  A page that starts Python at once
  // (data-preload="now") announces it after its first paint, so the downloads never hold up the
  // skeleton; the embed when the reader presses Play.
  var preloaded = false;
  window.__lostcitiesPreload = function () {
    if (preloaded) return;
    preloaded = true;
    // The engine in a Web Worker (web/view.js) downloads what it needs itself: a preload of the
    // page's would not serve the worker's requests.  A framed app ("none") starts no engine at all.
    var engine = html.getAttribute("data-engine");
    if (engine === "worker" || engine === "none") return;
    var list = document.documentElement.getAttribute("data-preloads") || "";
    // The start-up snapshot is left out when web/interpreter.mjs will not download it: turned off
    // in the address, this browser failed to restore that file before (it kept the file's name),
    // or a later visit (it reads the service worker's copy).
    var skipped = null;
    try {
      skipped = /[?&]snapshot=off(&|$)/.test(location.search) || navigator.serviceWorker.controller
        ? "snapshot-" : localStorage.getItem("lostcities:snapshot-failed");
    } catch (err) {
      skipped = null;
    }
    list.split(",").filter(Boolean).forEach(function (item) {
      var parts = item.split(" ");
      var name = parts[1].split("/").pop();
      if (skipped && /^snapshot-/.test(name) && name.indexOf(skipped) === 0) return;
      var link = document.createElement("link");
      link.rel = parts[0];
      link.href = parts[1];
      if (parts[0] === "preload") {
        link.as = "fetch";
        link.crossOrigin = "anonymous";
      }
      document.head.appendChild(link);
    });
    // The interpreter starts now, while PyScript's own modules still download and start
    // (web/interpreter.mjs hands it to PyScript when PyScript asks for one).
    import(new URL("./web/interpreter.mjs", document.baseURI).href).then(function (module) {
      return module.prestart();
    }).catch(function (err) {
      console.warn("The early start was skipped: " + err);
    });
  };
  if (document.documentElement.getAttribute("data-preload") === "now") {
    requestAnimationFrame(function () { setTimeout(window.__lostcitiesPreload, 0); });
    setTimeout(window.__lostcitiesPreload, 300);  // no frames (a hidden tab): a little later
  }

  // A lesson's panel (Learn to play in the app, a tutorial in the embed) stands above the table:
  // its height, kept in --lesson-h, is taken from the height the table may fill (style.css).
  if ("ResizeObserver" in window && "MutationObserver" in window) {
    var lessonHeight = -1;
    var lessonShown = null;
    var measureLesson = function () {
      var height = lessonShown ? Math.ceil(lessonShown.getBoundingClientRect().height) : 0;
      if (height === lessonHeight) return;
      lessonHeight = height;
      document.documentElement.style.setProperty("--lesson-h", height + "px");
    };
    var lessonSizes = new ResizeObserver(measureLesson);
    var findLesson = function () {
      var lesson = document.querySelector(".lc-lesson");
      if (lesson === lessonShown) return;
      if (lessonShown) lessonSizes.unobserve(lessonShown);
      lessonShown = lesson;
      if (lesson) lessonSizes.observe(lesson);
      measureLesson();
    };
    document.addEventListener("DOMContentLoaded", function () {
      new MutationObserver(findLesson).observe(document.body, { childList: true, subtree: true });
      findLesson();
    });
  }

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

  // The app's pages keep the whole site for offline play; the embed (data-service-worker="none")
  // never does: a rules site's reader gets the engine only, and only after Play.  Nor does the app in
  // another page's frame (data-engine="none"), which runs nothing.
  if ("serviceWorker" in navigator && location.protocol !== "file:"
      && document.documentElement.getAttribute("data-service-worker") !== "none"
      && html.getAttribute("data-engine") !== "none") {
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
