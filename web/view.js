// The page's side of the engine in a Web Worker (index.html's data-engine="worker"; embed.html's
// once the reader presses Play, web/embed.js): starts web/engine.mjs, applies what the screens draw (web/channel.py's operations: regions of HTML,
// data attributes, classes, marks, spots and their arrows, focus) and sends the worker what
// happens as plain data: each input with the form's values, where the keyboard is and a copy of
// the site's storage (the worker has none); another tab's storage changes; a write the browser
// refused.  Python never runs on this thread: the page answers at once, whatever the engine does.
//
// An embed's frame shares one engine with every other frame of its host page: a SharedWorker of
// this site (the browser keeps one per host site), each frame its own session in it; a browser
// without SharedWorker gives each frame a worker of its own.  The frame also carries the host
// page's protocol: the messages web/embed.js kept before the engine ran, then every message from
// `parent` and the parent window (checked here, read in the worker), and the screen's messages to
// the host page (`post` operations), posted to `parent` only.
(function () {
  "use strict";
  var html = document.documentElement;
  var search = new URLSearchParams(location.search);
  if (html.dataset.engine !== "worker") return;  // web/boot.js decided: Python on the page
  // PyScript (index.html's <script type="py">) does not start: the worker is the engine.
  Array.prototype.forEach.call(document.querySelectorAll('script[type="py"]'), function (node) { node.remove(); });

  var embedded = html.classList.contains("lc-embed-page");
  var shared = embedded ? window.__lostcitiesEmbed || { parent: null, id: "", queue: [], live: false } : null;
  var PREFIX = "lostcities:";
  var FAILED_KEY = "lostcities:snapshot-failed";
  var EVENTS = ["click", "change", "keydown"];
  var app = document.getElementById("app");
  var notice = document.getElementById("notice");
  var info = document.getElementById("topbar-info");
  var crumb = document.getElementById("topbar-crumb");
  var roots = {};      // id -> {el, adopted, listener, arrows, watch}
  var acked = 0;       // the last of the worker's writes applied here
  var sent = 0;        // the messages sent to the worker; <html data-pending> while it owes answers

  function store() {
    try { return window.localStorage || null; } catch (err) { return null; }
  }
  // The site's stored texts (null: no storage), for the worker's copy.
  function storedItems() {
    var storage = store();
    if (!storage) return null;
    var items = {};
    try {
      for (var i = 0; i < storage.length; i++) {
        var key = storage.key(i);
        if (key && key.indexOf(PREFIX) === 0) items[key] = storage.getItem(key);
      }
    } catch (err) {
      return null;
    }
    return items;
  }
  function dataOf(el) {
    var found = {};
    Array.prototype.forEach.call(el.attributes, function (attr) {
      if (attr.name.indexOf("data-") === 0) found[attr.name.slice(5)] = attr.value;
    });
    return found;
  }
  function selectorOf(data) {
    return Object.keys(data).map(function (key) {
      return "[data-" + key + '="' + CSS.escape(String(data[key])) + '"]';
    }).join("");
  }
  function sameMarkup(el, text) {
    var probe = document.createElement("template");
    probe.innerHTML = text;
    return probe.innerHTML === el.innerHTML;
  }
  function setMarkup(el, text) {
    if (!sameMarkup(el, text)) el.innerHTML = text;
  }
  function isLost() {
    var active = document.activeElement;
    return !active || active === document.body || !active.isConnected;
  }
  function focusIn(el) {
    var active = document.activeElement;
    if (!active || active === document.body || !el.contains(active)) return null;
    var found = dataOf(active);
    return Object.keys(found).length ? found : null;
  }
  function formValues(el) {
    var found = {};
    Array.prototype.forEach.call(el.querySelectorAll("input[name], select[name], textarea[name]"), function (field) {
      if ((field.type === "radio" || field.type === "checkbox") && !field.checked) return;
      found[field.name] = String(field.value);
    });
    return found;
  }

  // The engine: a dedicated worker for the app's tab, the host page's shared one for an embed.
  var engineURL = new URL("./web/engine.mjs", document.baseURI);
  var worker = null;   // what the page posts to: the dedicated worker, or its port of the shared one
  var running = null;  // the worker itself (its errors)
  var heard = false;   // the engine has answered once
  var unheard = [];    // what was posted before that: posted again to a worker of the frame's own
  var early = embedded ? shared.engine : null;  // connected by web/embed.js, its boot posted
  var SHARED_WAIT_MS = 10000;  // how long a frame waits for the shared engine's first word
  if (early) {
    running = early.running;
    worker = running.port;
    unheard = early.posted.slice();
    html.dataset.engineShared = "1";
  } else if (embedded && typeof SharedWorker === "function") {
    try {
      running = new SharedWorker(engineURL, { type: "module", name: "lostcities-embed" });
      worker = running.port;
      html.dataset.engineShared = "1";
    } catch (err) {
      running = null;  // refused at once here: a worker of the frame's own
    }
  }
  if (!worker) worker = running = new Worker(engineURL, { type: "module" });
  performance.mark("lostcities:engine-asked");  // (the marks: where a start's time goes, benchmarks/)
  function post(text) {
    if (!heard) unheard.push(text);
    worker.postMessage(text);
  }
  // The worker's copy of the site's storage: the whole of it with the first message (and whenever
  // storage appears or goes), then only what changed since the last message (a key's text, or
  // null for a key removed): a saved game is not sent again with every click.
  var copied;          // the storage as last sent (undefined: nothing sent yet)
  function addStorage(message) {
    var items = storedItems();
    if (copied === undefined || items === null || copied === null) {
      message.storage = items;
    } else {
      var changes = {};
      Object.keys(items).forEach(function (key) { if (copied[key] !== items[key]) changes[key] = items[key]; });
      Object.keys(copied).forEach(function (key) { if (!(key in items)) changes[key] = null; });
      message.changes = changes;
    }
    copied = items;
  }
  function send(message) {
    addStorage(message);
    message.acked = acked;
    message.seq = ++sent;
    html.dataset.pending = "1";
    post(JSON.stringify(message));
  }
  function report(id) {
    var root = roots[id];
    if (root) send({ type: "report", root: Number(id), focus: focusIn(root.el), lost: isLost() });
  }

  // -- input -------------------------------------------------------------------------------------
  // An arrow key (Home, End) inside a data-roving group moves the focus and the group's one Tab
  // stop (as web/screen.py's roving_index says).
  function rove(event) {
    var group = event.target && event.target.closest ? event.target.closest("[data-roving]") : null;
    if (!group) return false;
    var buttons = Array.prototype.filter.call(group.querySelectorAll("button"), function (b) { return !b.hidden; });
    var index = buttons.indexOf(event.target);
    var count = buttons.length;
    var steps = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 };
    var to = null;
    if (index < 0 || !count) return false;
    if (event.key === "Home") to = 0;
    else if (event.key === "End") to = count - 1;
    else if (event.key in steps) to = (index + steps[event.key] + count) % count;
    if (to === null) return false;
    event.preventDefault();
    buttons.forEach(function (b, i) { b.setAttribute("tabindex", i === to ? "0" : "-1"); });
    buttons[to].focus();
    return true;
  }
  function inputOf(event, id, el) {
    var message = { type: "input", root: id, values: formValues(el), focus: focusIn(el), lost: isLost() };
    if (event.type === "keydown") {
      message.kind = "key";
      message.key = String(event.key || "");
      return message;
    }
    message.kind = event.type;
    var target = event.target;
    var holder = target && target.closest ? target.closest("[data-action], [data-target]") : null;
    if (event.type === "change" && target && "value" in target) message.value = String(target.value || "");
    if (holder) {
      message.action = holder.getAttribute("data-action") || "";
      message.target = holder.getAttribute("data-target") || "";
      message.data = dataOf(holder);
    }
    return message;
  }
  // -- the host page (an embed) -------------------------------------------------------------------
  function framed() { return window.parent !== window; }
  // A message of the screen to the host page: to `parent` only (no parent: not sent).
  function postToHost(message) {
    if (shared && shared.parent && framed()) window.parent.postMessage(message, shared.parent);
  }
  // A message of the host page, as JSON text for the worker (null: not writable as JSON).
  function forward(data) {
    var text = null;
    try { text = JSON.stringify(data); } catch (err) { text = null; }
    send({ type: "host", text: typeof text === "string" ? text : null });
  }
  // The engine has drawn the frame: the messages kept before it ran go to it, in order, and from
  // now on every message of the host page does (web/embed.js stops answering them).
  function goLive() {
    if (!shared || shared.live) return;
    shared.live = true;
    var queued = shared.queue;
    shared.queue = [];
    queued.forEach(forward);
  }
  if (embedded) {
    addEventListener("message", function (event) {
      // Only the host page named by `parent`, and only its own window (not another frame of it).
      if (!shared.live || !shared.parent || event.origin !== shared.parent || event.source !== window.parent) return;
      forward(event.data);
    });
  }

  function listen(id, root) {
    root.listener = function (event) {
      if (event.type === "keydown" && rove(event)) return;
      send(inputOf(event, id, root.el));
    };
    EVENTS.forEach(function (name) { root.el.addEventListener(name, root.listener); });
    root.el.addEventListener("focusin", function () { report(id); });
  }
  // The page speaks the engine's language: <html lang>, and the address loses its lang=, which
  // would override a later choice (the engine remembers the choice in storage).
  function setLanguage(code) {
    html.lang = code;
    if (embedded) return;  // the frame's address is the host page's: it keeps its lang
    var manifest = document.querySelector('link[rel="manifest"]');  // its language's (web/page.js)
    if (manifest) manifest.setAttribute("href", "./web/manifest" + (code === "en" ? "" : "." + code) + ".webmanifest");
    try {
      var url = new URL(location.href);
      if (url.searchParams.has("lang")) {
        url.searchParams.delete("lang");
        history.replaceState(history.state, "", url.pathname + url.search + url.hash);
      }
    } catch (err) { /* an address the browser cannot rewrite keeps its lang */ }
  }
  // A language link (home page, menu): the engine switches and draws the page again (its href,
  // ?lang=, is for the page before the engine runs).
  document.addEventListener("click", function (event) {
    var link = event.target && event.target.closest ? event.target.closest("a[data-lang]") : null;
    if (!link || !html.dataset.ready) return;
    event.preventDefault();
    send({ type: "language", lang: link.getAttribute("data-lang"), hash: location.hash });
  });
  // The shell's own actions: the brand link (home) and the notice's dismiss button.
  document.addEventListener("click", function (event) {
    var target = event.target && event.target.closest ? event.target.closest("[data-action]") : null;
    if (!target || !html.dataset.ready) return;
    var action = target.getAttribute("data-action");
    if (action !== "home" && action !== "dismiss") return;
    if (action === "home") event.preventDefault();
    send({ type: "action", action: action, hash: location.hash });
  });
  addEventListener("hashchange", function () { send({ type: "route", hash: location.hash }); });
  addEventListener("storage", function (event) {
    if (typeof event.key === "string" && event.key.indexOf(PREFIX) === 0) {
      send({ type: "storage-event", key: event.key, value: event.newValue });
    }
  });

  // -- the operations ------------------------------------------------------------------------------
  function arrowsSvg(el, arrows) {
    var box = el.getBoundingClientRect();
    var lines = arrows.map(function (pair) {
      var one = el.querySelector('[data-spot="' + CSS.escape(pair[0]) + '"]');
      var two = el.querySelector('[data-spot="' + CSS.escape(pair[1]) + '"]');
      if (!one || !two) return "";
      var a = one.getBoundingClientRect(), b = two.getBoundingClientRect();
      var x1 = a.left + a.width / 2 - box.left, y1 = a.top + a.height / 2 - box.top;
      var x2 = b.left + b.width / 2 - box.left, y2 = b.top + b.height / 2 - box.top;
      return '<line x1="' + x1.toFixed(0) + '" y1="' + y1.toFixed(0) + '" x2="' + x2.toFixed(0) + '" y2="' +
        y2.toFixed(0) + '" marker-end="url(#lc-arrowhead)"/>';
    }).join("");
    if (!lines) return "";
    return '<svg class="lc-arrows" aria-hidden="true" width="100%" height="100%">' +
      '<defs><marker id="lc-arrowhead" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="6" ' +
      'markerHeight="6" orient="auto-start-reverse"><path d="M0 0L10 5L0 10z"/></marker></defs>' + lines + "</svg>";
  }
  function drawArrows(root) {
    var old = root.el.querySelector(":scope > svg.lc-arrows");
    if (old) old.remove();
    if (root.arrows.length) root.el.insertAdjacentHTML("beforeend", arrowsSvg(root.el, root.arrows));
  }
  function mount(op) {
    var built = app.hasAttribute("data-built") ? app.firstElementChild : null;
    app.removeAttribute("data-built");
    var el = null;
    if (built) {
      // The build drew this screen's first panel: the screen takes that element over when it is
      // the same screen (its shell's element and classes).
      var probe = document.createElement("template");
      probe.innerHTML = op.shell;
      var wanted = probe.content.firstElementChild;
      if (wanted && wanted.tagName === built.tagName && Array.prototype.every.call(wanted.classList, function (name) {
        return built.classList.contains(name);
      })) el = built;
    }
    var adopted = !!el;
    if (!el) {
      app.innerHTML = op.shell;
      el = app.firstElementChild;
    }
    roots[op.root] = { el: el, adopted: adopted, listener: null, arrows: [], watch: null };
    listen(op.root, roots[op.root]);
  }
  function download(name, text) {
    var url = URL.createObjectURL(new Blob([text], { type: "text/plain;charset=utf-8" }));
    var link = document.createElement("a");
    link.href = url;
    link.download = name;
    link.hidden = true;
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(function () { URL.revokeObjectURL(url); }, 60000);
  }
  // A write of the worker: once applied, the worker's copy holds it already (web/channel.py applies
  // the writes the page has confirmed), so it is not sent back; a write that failed is (the page's
  // own text, or its absence, goes with the next message).
  function write(op) {
    var storage = store();
    try {
      if (!storage) throw new DOMException("no localStorage", "SecurityError");
      if (op.op === "store") storage.setItem(op.key, op.text);
      else storage.removeItem(op.key);
      if (copied && op.op === "store") copied[op.key] = op.text;
      else if (copied) delete copied[op.key];
    } catch (err) {
      if (copied) delete copied[op.key];
      if (op.op === "store") {
        var value = null;
        try { value = storage ? storage.getItem(op.key) : null; } catch (failure) { value = null; }
        acked = Math.max(acked, op.seq);
        send({ type: "storage-refused", key: op.key, error: String(err), value: value });
      } else {
        console.warn("localStorage.removeItem failed: " + err);
      }
    }
    acked = Math.max(acked, op.seq);
  }
  function apply(ops) {
    var touched = {};
    var chain = null;  // the focus chain in progress: {root, done}
    ops.forEach(function (op) {
      var root = op.root !== undefined ? roots[op.root] : null;
      if (op.op !== "focus") chain = null;
      if (root) touched[op.root] = true;
      switch (op.op) {
        case "mount": mount(op); touched[op.root] = true; break;
        case "html": {
          if (!root) break;
          var target = root.el.querySelector('[data-region="' + CSS.escape(op.region) + '"]');
          if (!target) break;
          if (root.adopted) {
            if (sameMarkup(target, op.html)) break;
            root.adopted = false;
          }
          if (window.lcMotion) window.lcMotion.before(root.el);  // web/motion.js: cards travel
          target.innerHTML = op.html;
          break;
        }
        case "data": if (root) root.el.setAttribute("data-" + op.name, op.value); break;
        case "class": if (root) root.el.classList.toggle(op.name, !!op.on); break;
        case "focus": {
          if (!root) break;
          if (!chain || chain.root !== op.root) chain = { root: op.root, done: false };
          if (chain.done) break;
          // Only where the keyboard is on this screen, or nowhere: never taken from the top bar.
          var active = document.activeElement;
          if (active && active !== document.body && active.isConnected && !root.el.contains(active)) {
            chain.done = true;
            break;
          }
          var selector = selectorOf(op.data);
          var el = selector ? root.el.querySelector(selector + ':not([aria-hidden="true"])') : null;
          if (el) {
            el.focus({ preventScroll: true });
            chain.done = el.matches(":focus");
          }
          break;
        }
        case "mark": {
          if (!root) break;
          Array.prototype.forEach.call(root.el.querySelectorAll(".is-hinted"), function (el) { el.classList.remove("is-hinted"); });
          op.places.forEach(function (place) {
            var selector = selectorOf(place);
            if (!selector) return;
            Array.prototype.forEach.call(root.el.querySelectorAll(selector), function (el) { el.classList.add("is-hinted"); });
          });
          break;
        }
        case "spot": {
          if (!root) break;
          Array.prototype.forEach.call(root.el.querySelectorAll("[data-spot]"), function (el) {
            el.classList.toggle("is-spot", op.names.indexOf(el.getAttribute("data-spot")) >= 0);
          });
          root.arrows = op.arrows;
          drawArrows(root);
          if (root.arrows.length && !root.watch && "ResizeObserver" in window) {
            // The layout settles after a render: the arrows follow the elements they join.
            root.watch = new ResizeObserver(function () { drawArrows(root); });
            root.watch.observe(root.el);
          }
          break;
        }
        case "close": {
          if (!root) break;
          EVENTS.forEach(function (name) { root.el.removeEventListener(name, root.listener); });
          if (root.watch) root.watch.disconnect();
          root.el.remove();
          delete roots[op.root];
          delete touched[op.root];
          break;
        }
        case "show": app.removeAttribute("data-built"); setMarkup(app, op.html); break;
        case "notify":
          notice.hidden = false;
          notice.className = "notice " + op.kind;
          notice.innerHTML = op.html;
          break;
        case "clear-notice": notice.hidden = true; notice.innerHTML = ""; break;
        case "info": if (info) info.textContent = op.text; break;
        case "console": (op.level === "error" ? console.error : op.level === "warn" ? console.warn : console.log)(op.text); break;
        case "download": download(op.name, op.text); break;
        case "store": case "unstore": write(op); break;
        case "crumb": if (crumb) setMarkup(crumb, op.html); break;
        case "route": html.dataset.route = op.route; html.dataset.ready = "1"; goLive(); break;
        case "post": postToHost(op.message); break;
        case "page-class": html.classList.toggle(op.name, !!op.on); break;
        case "home": location.hash = ""; break;
        case "lang": setLanguage(op.lang); break;
        default: console.warn("An operation this page does not know: " + op.op);
      }
    });
    Object.keys(touched).forEach(report);
  }

  function snapshotFailed() {
    try { return store() ? store().getItem(FAILED_KEY) : null; } catch (err) { return null; }
  }
  function receive(event) {
    heard = true;
    unheard = [];
    var message = JSON.parse(event.data);
    if (message.type === "ops") {
      var starting = !html.dataset.ready;
      var began = performance.now();
      if (!performance.getEntriesByName("lostcities:engine-drew").length) performance.mark("lostcities:engine-drew");
      apply(message.ops);
      if (starting) performance.measure("lostcities:apply", { start: began });  // until the page is ready
    }
    else if (message.type === "done") {
      // The worker has handled every message up to seq (and sent what they drew).
      if (message.seq >= sent) delete html.dataset.pending;
    }
    else if (message.type === "connected") performance.mark("lostcities:engine-connected");
    else if (message.type === "engine") {
      performance.mark("lostcities:engine-answered");
      if (message.snapshot) html.dataset.snapshot = "restored";
      html.dataset.enginePages = String(message.pages);  // the pages the engine serves as this one joins
    }
    else if (message.type === "installed") html.dataset.snapshotFiles = "installed";
    else if (message.type === "snapshot-failed") {
      console.warn("The start-up snapshot is not used: " + message.error);
      html.dataset.snapshot = "failed";
      try { if (store()) store().setItem(FAILED_KEY, message.file); } catch (err) { /* tried again next time */ }
    } else if (message.type === "failed") {
      console.error("The game engine did not start: " + message.error);
      var text = document.getElementById("loading-text");
      if (text) text.textContent = "The game engine did not start. Reload the page to try again.";
    }
  }

  function failed(event) {
    if (!heard && html.dataset.engineShared) {
      // The shared worker was refused (a browser that keeps third-party frames from sharing one, or
      // from storage), or never answered: this frame starts a worker of its own and tells it what it
      // told the other.  The other's port is closed, so that a late answer changes nothing.
      console.warn("Lost Cities embed: no shared engine here (" + (event.message || event.type) +
                   "): this frame starts its own.");
      delete html.dataset.engineShared;
      running.onerror = null;
      worker.onmessage = null;
      worker.close();
      worker = running = new Worker(engineURL, { type: "module" });
      worker.onmessage = receive;
      running.onerror = failed;
      unheard.forEach(function (text) { worker.postMessage(text); });
      return;
    }
    console.error("The game engine's worker failed: " + (event.message || event.type));
  }
  worker.onmessage = receive;
  running.onerror = failed;
  if (html.dataset.engineShared) {
    // Chromium now and then fires no error at a SharedWorker whose script did not load (about one
    // start in 70 here, under load), and the frame would wait for ever.  The engine's script says
    // `connected` as soon as it runs (web/engine.mjs), long before the interpreter starts: a frame
    // that has not heard it within SHARED_WAIT_MS takes the shared engine for refused.
    setTimeout(function () {
      if (!heard && html.dataset.engineShared) {
        failed({ type: "timeout", message: "no answer from it within " + SHARED_WAIT_MS / 1000 + " s" });
      }
    }, SHARED_WAIT_MS);
  }
  if (!early) post(JSON.stringify({ type: "boot", snapshot: search.get("snapshot") !== "off", failed: snapshotFailed() }));
  else if (early.errors.length) failed(early.errors[0]);  // refused before this script listened
  if (embedded) {
    var languages = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language || ""];
    send({ type: "start", kind: "embed", query: Array.from(search.entries()), hash: location.hash,
           parent: shared.parent, id: shared.id, languages: Array.prototype.slice.call(languages) });
    // The frame goes (closed, reloaded, navigated): its session in the shared engine ends.
    addEventListener("pagehide", function () { post(JSON.stringify({ type: "bye" })); });
    addEventListener("pageshow", function (event) { if (event.persisted) location.reload(); });
  } else {
    var inFrame = true;
    try { inFrame = window.self !== window.top; } catch (err) { inFrame = true; }
    var start = function () {
      send({ type: "start", search: location.search, hash: location.hash, href: location.href, framed: inFrame });
    };
    // What the build drew, for the tests' hook below only (a player's page copies nothing).
    var built = window.__lostcitiesTestHooks !== true ? null : {
      app: app.innerHTML, appBuilt: app.getAttribute("data-built"), notice: notice.innerHTML,
      noticeHidden: notice.hidden, crumb: crumb ? crumb.innerHTML : "", info: info ? info.textContent : "",
      classes: html.className, lang: html.lang, motion: window.lcMotion ? window.lcMotion.duration : null };
    start();
    if (built !== null) {
      // For the tests only (an init script sets the flag; a player's page never has it): the page
      // starts over as a fresh visit to its address would, with the engine already running (a start
      // of the interpreter costs seconds of CPU). The page's session in the worker ends, the page
      // takes back what the build drew, and a new session starts from the address and the storage.
      // The page's other scripts start over where a test reads them: web/motion.js's travels end and
      // its duration is its first (its count of travels since the page opened is not reset: a test
      // that reads it opens a fresh page), web/sound.js's record of cues and count of AudioContexts
      // are emptied (its AudioContext, once made, and the browser's mark that the reader pressed
      // something stay: a test of when sound may start opens a fresh page), and web/theme.js's
      // choice is read again from the storage as at a page's start.
      window.__lostcitiesStartOver = function () {
        post(JSON.stringify({ type: "start-over" }));
        if (window.lcMotion) {
          window.lcMotion.finishAll();
          window.lcMotion.duration = built.motion;
        }
        if (window.lcSounds) window.lcSounds.length = 0;  // emptied in place: web/sound.js holds it
        if (window.lcSoundContexts) window.lcSoundContexts = 0;
        Object.keys(roots).forEach(function (id) {
          var root = roots[id];
          EVENTS.forEach(function (name) { root.el.removeEventListener(name, root.listener); });
          if (root.watch) root.watch.disconnect();
        });
        roots = {};
        acked = 0;
        copied = undefined;
        ["ready", "route", "pending", "theme"].forEach(function (name) { delete html.dataset[name]; });
        html.className = built.classes;
        if (window.lcMotion) {  // as web/motion.js marks it, by the system's preference as it is now
          html.classList.toggle("lc-motion", typeof Element.prototype.animate === "function"
                                && !(window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches));
        }
        if (!html.className) html.removeAttribute("class");
        html.lang = built.lang;
        var theme = null;
        try { theme = localStorage.getItem("lostcities:theme"); } catch (err) { theme = null; }
        if (theme === "light" || theme === "dark") html.dataset.theme = theme;  // as web/theme.js at a start
        app.innerHTML = built.app;
        if (built.appBuilt !== null) app.setAttribute("data-built", built.appBuilt); else app.removeAttribute("data-built");
        notice.innerHTML = built.notice;
        notice.hidden = built.noticeHidden;
        if (crumb) crumb.innerHTML = built.crumb;
        if (info) info.textContent = built.info;
        start();
      };
    }
  }
})();
