// The colour theme (issue 20): <html data-theme="light|dark"> when one is chosen, no attribute for the
// system's (web/style.css's palette follows prefers-color-scheme then).  This script runs in <head>,
// before the page is drawn, so that it never shows the other theme first: it reads the choice the
// browser keeps (lostcities:theme, the menu's: lostcities/ui/theme.py) or, in the embed, the frame's
// `theme` parameter (Python checks it again and shows a bad value's error; here a bad value is the
// system's theme).  The screens mark their element with data-theme (the menu's choice, or the embed's):
// a watcher copies it to <html>, as another tab's choice is copied when it is made.
(function () {
  "use strict";
  var root = document.documentElement;
  var KEY = "lostcities:theme";
  var CHOSEN = { light: true, dark: true };

  function apply(value) {
    if (value && CHOSEN.hasOwnProperty(value)) root.setAttribute("data-theme", value);
    else root.removeAttribute("data-theme");
  }

  var first = null;
  if (root.classList.contains("lc-embed-page")) {
    try { first = new URLSearchParams(location.search).get("theme"); } catch (err) { first = null; }
  } else {
    try { first = localStorage.getItem(KEY); } catch (err) { first = null; }
  }
  apply(first);

  new MutationObserver(function (records) {
    records.forEach(function (record) {
      if (record.target !== root) apply(record.target.getAttribute("data-theme"));
    });
  }).observe(root, { subtree: true, attributes: true, attributeFilter: ["data-theme"] });
  if (!root.classList.contains("lc-embed-page")) {
    addEventListener("storage", function (event) { if (event.key === KEY) apply(event.newValue); });
  }
})();
