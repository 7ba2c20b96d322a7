// The embed's first paint and its start: plain JavaScript that runs before Python.
// It shows the tutorial's title (or the game's) with a Play button, starts PyScript on
// a press (or at once with autoplay=1), and reports the frame's height to the host page
// (the only message sent without a `parent` origin).  Everything else is Python
// (web/embed_main.py): no position or move is handled here.
(function () {
  "use strict";
  var params = new URLSearchParams(location.search);
  var GAMES = { card: "The card game", roll: "Roll & Write", board: "The board game" };
  var parent = null;
  try {
    var raw = params.get("parent");
    if (raw) {
      var url = new URL(raw);
      if ((url.protocol === "http:" || url.protocol === "https:") && (url.pathname === "/" || url.pathname === "")
          && !url.search && !url.hash && !url.username) parent = url.origin;
    }
  } catch (err) { parent = null; }
  var ident = (params.get("id") || "").slice(0, 64);
  window.__lostcitiesEmbed = { parent: parent, id: ident };

  function post(message) {
    if (window.parent === window) return;
    message.lc = 1;
    message.id = ident;
    // Only the size goes anywhere without a parent origin; every other message is Python's, to `parent` only.
    window.parent.postMessage(message, parent || "*");
  }
  var lastHeight = 0;
  function reportSize() {
    // (The table fills the frame below the lesson panel: web/boot.js keeps its height in --lesson-h.)
    var height = Math.ceil(document.documentElement.getBoundingClientRect().height);
    if (height && height !== lastHeight) {
      lastHeight = height;
      post({ type: "resize", height: height });
    }
  }

  function start() {
    var button = document.getElementById("embed-play");
    if (document.documentElement.dataset.starting) return;
    document.documentElement.dataset.starting = "1";
    if (button) button.hidden = true;
    var text = document.getElementById("loading-text");
    if (text) text.hidden = false;
    // The tables' styles come with the engine: the first paint needs only the two small sheets.
    var late = (document.documentElement.getAttribute("data-late-styles") || "").split(",").filter(Boolean);
    ["./pyscript/core.css"].concat(late).forEach(function (href) {
      var css = document.createElement("link");
      css.rel = "stylesheet";
      css.href = href;
      document.head.appendChild(css);
    });
    if (window.__lostcitiesPreload) window.__lostcitiesPreload();
    var py = document.createElement("script");
    py.type = "py";
    py.src = "./web/embed_main.py";
    py.setAttribute("config", "./web/pyscript.json");
    document.body.appendChild(py);
    var core = document.createElement("script");
    core.type = "module";
    core.src = "./pyscript/core.js";
    document.head.appendChild(core);
  }

  function describe() {
    var title = document.getElementById("embed-title");
    var summary = document.getElementById("embed-summary");
    var kicker = document.getElementById("embed-kicker");
    var game = params.get("game");
    if (game && GAMES[game] && kicker) kicker.textContent = "Lost Cities \u00b7 " + GAMES[game];
    var tut = params.get("tut");
    if (!tut) {
      if (params.get("rec") && title) title.textContent = "A game to step through";
      else if (params.get("s") && title) title.textContent = "Your move";
      return;
    }
    fetch("./web/tutorials.json").then(function (response) { return response.json(); }).then(function (index) {
      var entry = index[tut];
      if (!entry) return;
      if (title) title.textContent = entry.title;
      if (summary) summary.textContent = entry.summary + " (" + entry.steps + " steps)";
      if (kicker && GAMES[entry.game]) kicker.textContent = "Lost Cities \u00b7 " + GAMES[entry.game] + " \u00b7 tutorial";
    }).catch(function () { /* the title stays generic */ });
  }

  document.addEventListener("DOMContentLoaded", function () {
    describe();
    var button = document.getElementById("embed-play");
    if (button) button.addEventListener("click", start);
    if (params.get("autoplay") === "1") start();
    if ("ResizeObserver" in window) new ResizeObserver(reportSize).observe(document.documentElement);
    reportSize();
  });
})();
