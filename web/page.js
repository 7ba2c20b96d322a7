// The built pages before Python runs (index.html).  The build draws the home page into <main>
// and every other page that needs no live game into a <template> (buildtools/pages.py, with the
// app's own renderers); this script shows the one of the address, says "Continue" on a tile whose
// game is saved, and keeps a tap that needs the engine (Start, the menu...) until Python is ready,
// then hands it on.  Once Python has drawn its page (html[data-ready]) it does nothing more: the
// markup Python draws is the same, so nothing moves.  Each page is built in every language
// (<template data-lang>): the language is picked first, as web/main.py picks it (?lang=, else the
// choice remembered in the browser, else the browser's languages), and <html lang> follows it.
(function () {
  "use strict";
  var root = document.documentElement;
  var app = document.getElementById("app");
  var crumb = document.getElementById("topbar-crumb");
  if (!app || !crumb) return;
  var home = app.innerHTML;
  var formats = {};
  var pages = document.getElementById("lc-pages");
  (pages ? pages.getAttribute("data-save-formats") || "" : "").split(",").forEach(function (pair) {
    var at = pair.indexOf("=");
    if (at > 0) formats[pair.slice(0, at)] = pair.slice(at + 1);
  });
  var languages = (pages ? pages.getAttribute("data-languages") || "en" : "en").split(",");
  function known(code) {
    code = String(code || "").trim().toLowerCase().replace("_", "-").split("-")[0];
    return languages.indexOf(code) >= 0 ? code : null;
  }
  var lang = (function () {
    var asked = new URLSearchParams(location.search).get("lang");
    if (asked !== null && known(asked) === asked.trim().toLowerCase()) return known(asked);
    var kept = null;
    try { kept = localStorage.getItem("lostcities:lang"); } catch (err) { kept = null; }
    if (kept && known(kept) === kept) return kept;
    var wanted = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language];
    for (var i = 0; i < wanted.length; i++) if (known(wanted[i])) return known(wanted[i]);
    return "en";
  })();
  root.lang = lang;
  // The web app manifest in the page's language (the build writes web/manifest.<lang>.webmanifest).
  var manifest = document.querySelector('link[rel="manifest"]');
  if (manifest && lang !== "en") manifest.setAttribute("href", "./web/manifest." + lang + ".webmanifest");
  function word(key, english) {
    return (pages && pages.getAttribute("data-" + key + "-" + lang)) || english;
  }
  var pending = null;  // the tap that waits for the engine: {route, selector}
  var typed = null;    // what the person chose in a form before Python drew it: {route, fields}

  function isReady() { return root.dataset.ready === "1"; }
  // As web/main.py reads it: the first two parts of the hash, in lower case.
  function route() {
    var parts = location.hash.replace(/^#/, "").toLowerCase().split("/");
    return parts[0] + (parts.length > 1 && parts[1] ? "/" + parts[1] : "");
  }
  function stored(key) {
    try { return localStorage.getItem(key); } catch (err) { return null; }
  }
  // A save of this game that reads as one (web/main.py's *Continue* also replays it: a finished
  // game says *Play* once Python has checked it).
  function isSaved(game) {
    var text = stored("lostcities:" + game + ":save");
    if (!text) return false;
    try {
      var data = JSON.parse(text);
      return !!data && data.format === formats[game] && typeof data.state === "object" && data.state !== null;
    } catch (err) {
      return false;
    }
  }
  // The page's template in the language picked (else in any: index.html's own loading page).
  function template(name) {
    var found = null, other = null;
    Array.prototype.forEach.call(document.querySelectorAll("template[data-route]"), function (node) {
      if (node.getAttribute("data-route") !== name) return;
      if (node.getAttribute("data-lang") === lang) found = node;
      else if (!node.hasAttribute("data-lang")) other = other || node;
    });
    return found || other;
  }
  if (lang !== "en" && template("")) home = template("").innerHTML;
  function fillTiles() {
    Array.prototype.forEach.call(app.querySelectorAll(".game-tile a[data-game]"), function (tile) {
      var button = tile.querySelector(".play-button");
      if (!button || !isSaved(tile.getAttribute("data-game")) || tile.querySelector(".badge")) return;
      var badge = document.createElement("span");
      badge.className = "badge";
      badge.textContent = word("badge", "game in progress");
      tile.insertBefore(badge, button);
      button.textContent = word("continue", "Continue");
    });
  }
  // In another page's frame (web/boot.js started no engine) the page is the template "framed", whatever
  // the address: why, and a link to this address in a tab of its own, in the page's language.
  var framed = root.getAttribute("data-engine") === "none";
  function show() {
    if (isReady()) return;
    var name = framed ? "framed" : route();
    var page = name && (framed || name !== "framed") ? template(name) : null;
    var game = page ? page.getAttribute("data-game") : null;
    // A game whose save (or open document) is stored continues: the engine draws it.
    var waits = game && (stored("lostcities:" + game + ":save") !== null || stored("lostcities:" + game + ":last"));
    var top = name.split("/")[0];
    // data-built: <main> shows the build's drawing, which Python takes over as it stands (web/host.py).
    if (page && !waits) {
      app.innerHTML = page.innerHTML;
      app.setAttribute("data-built", name);
      crumb.innerHTML = page.getAttribute("data-crumb") || "";
    } else if (waits || top === "stats" || top === "learn") {
      app.innerHTML = template("loading").innerHTML;
      app.removeAttribute("data-built");
      crumb.innerHTML = "";
    } else {
      // Home, and what Python answers with the home page and a notice (an unknown game...).
      if (app.innerHTML !== home) app.innerHTML = home;
      app.setAttribute("data-built", "home");
      crumb.innerHTML = "";
      fillTiles();
    }
    root.setAttribute("data-page", name || "home");
    if (framed) {
      Array.prototype.forEach.call(app.querySelectorAll("a[target=_blank]"), function (link) { link.href = location.href; });
      root.setAttribute("data-route", "framed");
    }
  }

  function selectorOf(el) {
    return Array.prototype.map.call(el.attributes, function (attr) {
      return /^data-/.test(attr.name) ? "[" + attr.name + '="' + CSS.escape(attr.value) + '"]' : "";
    }).join("");
  }
  function fields() {
    return Array.prototype.map.call(app.querySelectorAll("input[name], select[name], textarea[name]"), function (f) {
      return { name: f.name, type: f.type, value: f.value, checked: f.checked };
    });
  }
  function restoreFields(saved) {
    var inputs = app.querySelectorAll("input[name], select[name], textarea[name]");
    saved.forEach(function (one) {
      Array.prototype.forEach.call(inputs, function (f) {
        if (f.name !== one.name || f.type !== one.type) return;
        if (f.type === "radio") { if (f.value === one.value) f.checked = one.checked; }
        else if (f.type === "checkbox") f.checked = one.checked;
        else f.value = one.value;
      });
    });
  }

  // A tap on one of the page's buttons before Python runs: kept, with a word of progress, and
  // handed on once Python has drawn the same page.
  document.addEventListener("click", function (event) {
    if (isReady() || !event.target || !event.target.closest) return;
    var target = event.target.closest("#app [data-action]");
    if (!target) return;
    event.preventDefault();
    event.stopPropagation();
    if (pending) return;
    pending = { route: route(), selector: selectorOf(target) };
    typed = { route: route(), fields: fields() };
    target.setAttribute("aria-busy", "true");
    target.classList.add("is-waiting");
    var note = document.createElement("p");
    note.className = "lc-pending";
    note.id = "loading-text";
    note.setAttribute("role", "status");
    note.textContent = word("starting", "Starting the game engine\u2026");
    target.insertAdjacentElement("afterend", note);
    if (window.__lostcitiesPreload) window.__lostcitiesPreload();
  }, true);
  document.addEventListener("change", function () {
    if (!isReady()) typed = { route: route(), fields: fields() };
  }, true);

  function takeOver() {
    if (typed && typed.route === route()) restoreFields(typed.fields);
    var tap = pending && pending.route === route() ? app.querySelector(pending.selector) : null;
    pending = typed = null;
    root.removeAttribute("data-page");
    if (tap) tap.click();
  }
  new MutationObserver(function (changes, observer) {
    if (!isReady()) return;
    observer.disconnect();
    removeEventListener("hashchange", show);
    takeOver();
  }).observe(root, { attributes: true, attributeFilter: ["data-ready"] });
  addEventListener("hashchange", show);
  show();
})();
