// The embed's first paint and its start: plain JavaScript that runs before Python.
// Before Play the frame shows the tutorial's title (or the game's), a Play button and the position
// itself: a built-in tutorial's first step as the build drew it (web/posters/<id>.html), else a
// neutral picture until the engine draws it.  It registers no service worker and stores nothing.
// It answers `hello` at once (a `waiting` message: `phase` idle, or starting after Play), keeps
// `goto`, `load` and `reset` until the engine runs them (web/view.js hands the queue to it), and
// reports the frame's height to the host page (the only message sent without a `parent` origin).
// It speaks the frame's language as the engine picks it (web/embed_main.py) (lang=de|en, else the browser's
// languages; a malformed lang: English, and Python says why): the build writes each language's words
// into the page (#lc-embed-words), its posters (web/posters/<lang>/) and the tutorials' titles.
(function () {
  "use strict";
  var params = new URLSearchParams(location.search);
  var GAMES = { card: "The card game", roll: "Roll & Write", board: "The board game" };
  var lang = "en";
  var words = {};
  function pickLanguage() {
    var holder = document.getElementById("lc-embed-words");
    var languages = (holder ? holder.getAttribute("data-languages") || "en" : "en").split(",");
    function known(code) {
      code = String(code || "").trim().toLowerCase().replace("_", "-").split("-")[0];
      return languages.indexOf(code) >= 0 ? code : null;
    }
    var asked = params.get("lang");
    if (asked !== null) {
      lang = known(asked) === asked.trim().toLowerCase() ? known(asked) : "en";
    } else {
      var wanted = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language];
      for (var i = 0; i < wanted.length && lang === "en"; i++) lang = known(wanted[i]) || "en";
    }
    try { words = JSON.parse(holder ? holder.getAttribute("data-words-" + lang) || "{}" : "{}"); } catch (err) { words = {}; }
    document.documentElement.lang = lang;
  }
  // A text in the frame's language (`english` when the build gave none), its {fields} filled in.
  function say(key, english, fields) {
    var text = words[key] || english;
    Object.keys(fields || {}).forEach(function (name) { text = text.split("{" + name + "}").join(fields[name]); });
    return text;
  }
  function gameName(game) { return say("game-" + game, GAMES[game]); }
  var QUEUE_LIMIT = 16;
  var parent = null;
  var rawParent = params.get("parent");
  try {
    if (rawParent) {
      var url = new URL(rawParent);
      if ((url.protocol === "http:" || url.protocol === "https:") && (url.pathname === "/" || url.pathname === "")
          && !url.search && !url.hash && !url.username) parent = url.origin;
    }
  } catch (err) { parent = null; }
  var ident = (params.get("id") || "").slice(0, 64);
  // Shared with web/view.js: `queue` holds the host page's messages until the engine has drawn the
  // frame (then view.js sets `live` and forwards them, and every later one, to the engine).
  var shared = { parent: parent, id: ident, queue: [], live: false, engine: null };
  window.__lostcitiesEmbed = shared;

  // The engine asked for as early as the frame can: with autoplay=1 while the page still parses
  // (before its style sheets and the rest of its scripts), else when the reader presses Play.  The
  // host page's shared worker (web/engine.mjs) starts Pyodide on a frame's first `boot`, so the
  // first frame's start begins while the frames' pages still load, and later frames find it
  // starting.  web/view.js takes the connection over (`shared.engine`: the worker, the texts
  // posted to it, the errors heard before view.js listened) and falls back to a worker of the
  // frame's own as before.  A browser without SharedWorker, or that throws: view.js decides.
  function connectEngine() {
    if (shared.engine || typeof SharedWorker !== "function") return;
    var running;
    try {
      running = new SharedWorker(new URL("./web/engine.mjs", document.baseURI), { type: "module", name: "lostcities-embed" });
    } catch (err) {
      return;
    }
    var failedKey = null;
    try { failedKey = localStorage.getItem("lostcities:snapshot-failed"); } catch (err) { failedKey = null; }
    var boot = JSON.stringify({ type: "boot", snapshot: params.get("snapshot") !== "off", failed: failedKey });
    var engine = { running: running, posted: [boot], errors: [] };
    running.onerror = function (event) { engine.errors.push(event); };
    running.port.postMessage(boot);  // the port keeps the worker's answers until view.js listens
    performance.mark("lostcities:engine-asked");  // (where a start's time goes: benchmarks/embed_frames.py)
    shared.engine = engine;
  }
  if (params.get("autoplay") === "1") {
    connectEngine();
    // web/view.js downloads meanwhile (start() runs it once the page is parsed).
    var preload = document.createElement("link");
    preload.rel = "preload";
    preload.as = "script";
    preload.href = "./web/view.js";
    document.head.appendChild(preload);
  }

  function framed() { return window.parent !== window; }
  function post(message) {
    if (!framed()) return;
    message.lc = 1;
    message.id = ident;
    // Only the size goes anywhere without a parent origin; every other message goes to `parent` only.
    if (message.type !== "resize" && !parent) return;
    window.parent.postMessage(message, parent || "*");
  }

  // The page that really frames this one: Chromium and Safari name it (ancestorOrigins), else the
  // referrer (its origin, as browsers send it by default).  A `parent` that differs is said in the
  // console: the frame's messages would go where no page listens.
  function realParent() {
    try {
      if (location.ancestorOrigins && location.ancestorOrigins.length) return location.ancestorOrigins[0];
      if (document.referrer) return new URL(document.referrer).origin;
    } catch (err) { return null; }
    return null;
  }
  function checkParent() {
    if (!framed()) return;
    var real = realParent();
    if (rawParent && !parent) return;  // refused in the frame itself, with an `error` (web/embed_main.py)
    if (!parent) {
      console.info("Lost Cities embed: no parent parameter, so this frame sends only its height. Add parent="
                   + (real || "<your page's origin>") + " to the frame's address to receive its messages.");
    } else if (real && real !== "null" && real !== parent) {
      console.warn("Lost Cities embed: parent=" + parent + " but this frame is in a page of " + real
                   + ": its messages go only to " + parent + " and it reads messages only from there."
                   + " Write parent=" + real + " in the frame's address.");
    }
  }

  var lastHeight = 0;
  function reportSize() {
    var root = document.documentElement;
    var height = Math.ceil(root.getBoundingClientRect().height);
    // What overflows the page's own box counts too (a table that cannot shrink to the frame's height,
    // as the board game's in a phone-wide frame): the frame grows to it, and settles where the table
    // has its designed height (--frame-h, web/embed.css) or no longer overflows.  A page that fits
    // reports its box, so a frame also shrinks.
    if (root.scrollHeight > root.clientHeight + 1) height = Math.max(height, root.scrollHeight);
    if (height && height !== lastHeight) {
      lastHeight = height;
      post({ type: "resize", height: height });
    }
  }

  function lateStyles() {
    // The tables' styles: with the poster, else with the engine (the first paint needs two small sheets).
    if (document.documentElement.dataset.tableStyles) return;
    document.documentElement.dataset.tableStyles = "1";
    (document.documentElement.getAttribute("data-late-styles") || "").split(",").filter(Boolean).forEach(
      function (href) {
        var css = document.createElement("link");
        css.rel = "stylesheet";
        css.href = href;
        document.head.appendChild(css);
      });
  }

  function phase() { return document.documentElement.dataset.starting ? "starting" : "idle"; }
  function waiting() {
    post({ type: "waiting", phase: phase(), game: params.get("game") || null, tutorial: params.get("tut") || null,
           queued: shared.queue.length });
  }

  function start() {
    var button = document.getElementById("embed-play");
    if (document.documentElement.dataset.starting) return;
    document.documentElement.dataset.starting = "1";
    if (button) button.hidden = true;
    var text = document.getElementById("loading-text");
    if (text) text.hidden = false;
    lateStyles();
    connectEngine();
    // The engine: the host page's shared worker (connected above, web/view.js takes it over), where the
    // frame's screen runs (web/embed_main.py); this thread only draws and forwards.
    document.documentElement.dataset.engine = "worker";
    var view = document.createElement("script");
    view.src = "./web/view.js";
    document.head.appendChild(view);
  }

  // What Play opens, before the engine runs: the poster of a built-in tutorial opened at its start,
  // else a neutral picture (a position from the address, free play, a step or a message's change).
  function neutral(words) {
    var poster = document.getElementById("embed-poster");
    if (!poster) return;
    poster.innerHTML = "";
    var box = document.createElement("p");
    box.className = "lc-embed-neutral";
    box.textContent = words;
    poster.appendChild(box);
    poster.hidden = false;
  }
  function showPoster() {
    var tut = params.get("tut");
    var mode = params.get("mode");
    var plain = tut && !params.get("step") && !/step=/.test(location.hash) && (!mode || mode === "tutorial")
      && !params.get("s") && !params.get("rec") && /^[a-z0-9-]{1,64}$/.test(tut);
    if (!plain) {
      neutral(params.get("rec") ? say("open-record", "A game to step through: press Play to open it here.")
              : params.get("s") ? say("open-position", "A position: press Play to open it here.")
              : say("open-table", "The table: press Play to open it here."));
      return;
    }
    fetch("./web/posters/" + (lang === "en" ? "" : lang + "/") + tut + ".html").then(function (response) {
      if (!response.ok) throw new Error("no poster");
      return response.text();
    }).then(function (markup) {
      var poster = document.getElementById("embed-poster");
      if (!poster || document.documentElement.dataset.ready || poster.dataset.changed) return;
      lateStyles();
      poster.innerHTML = markup;
      poster.hidden = false;
    }).catch(function () { neutral(say("open-tutorial", "A tutorial: press Play to start it here.")); });
  }

  function describe() {
    var title = document.getElementById("embed-title");
    var summary = document.getElementById("embed-summary");
    var kicker = document.getElementById("embed-kicker");
    var game = params.get("game");
    if (summary) summary.textContent = say("summary", summary.textContent);
    var play = document.getElementById("embed-play");
    if (play) play.textContent = say("play", play.textContent);
    var loading = document.getElementById("loading-text");
    if (loading) loading.textContent = say("loading", loading.textContent);
    if (game && GAMES[game] && kicker) kicker.textContent = "Lost Cities \u00b7 " + gameName(game);
    var tut = params.get("tut");
    if (!tut) {
      if (params.get("rec") && title) title.textContent = say("record", "A game to step through");
      else if (params.get("s") && title) title.textContent = say("your-move", "Your move");
      return;
    }
    fetch("./web/tutorials.json").then(function (response) { return response.json(); }).then(function (index) {
      var entry = index[tut];
      if (!entry) return;
      var texts = (entry.texts && entry.texts[lang]) || null;
      if (title) title.textContent = texts ? texts.title : entry.title;
      if (summary) summary.textContent = texts ? texts.line : entry.summary + " (" + entry.steps + " steps)";
      if (kicker && GAMES[entry.game]) {
        kicker.textContent = "Lost Cities \u00b7 " + gameName(entry.game) + " \u00b7 " + say("tutorial", "tutorial");
      }
    }).catch(function () { /* the title stays generic */ });
  }

  // The host page's messages before the engine runs them (then web/view.js forwards them to it):
  // from `parent` and from the parent window only, as the engine reads them.
  addEventListener("message", function (event) {
    if (shared.live || !parent || event.origin !== parent || event.source !== window.parent) return;
    var data = event.data;
    if (!data || typeof data !== "object" || data.lc !== 1) return;
    if (data.type === "hello") {
      waiting();
    } else if (data.type === "goto" || data.type === "load" || data.type === "reset") {
      if (shared.queue.length >= QUEUE_LIMIT) {
        post({ type: "error", code: "bad_message",
               message: say("too-many", "Too many messages before Play: the frame keeps {limit} until the engine runs.",
                            { limit: String(QUEUE_LIMIT) }) });
        return;
      }
      shared.queue.push(data);
      var poster = document.getElementById("embed-poster");
      if (poster) poster.dataset.changed = "1";
      neutral(data.type === "goto" ? say("goto", "Press Play to open step {step} here.", { step: String(data.step) })
              : data.type === "reset" ? say("reset", "Press Play to start again from the beginning.")
              : say("load", "Press Play to open what this page asked for."));
      waiting();
    } else {
      post({ type: "error", code: "bad_message",
             message: say("unknown", "Unknown message type {type}: the frame reads hello, goto, load and reset.",
                          { type: JSON.stringify(String(data.type)).slice(0, 60) }) });
    }
  });

  document.addEventListener("DOMContentLoaded", function () {
    pickLanguage();
    checkParent();
    describe();
    if (params.get("autoplay") !== "1") showPoster();
    var button = document.getElementById("embed-play");
    if (button) button.addEventListener("click", start);
    if (params.get("autoplay") === "1") start();
    if ("ResizeObserver" in window) new ResizeObserver(reportSize).observe(document.documentElement);
    reportSize();
  });
})();
