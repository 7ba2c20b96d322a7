// Motion for the game screens (plain JavaScript, loaded like boot.js): cards travel, pieces slide.
//
// The renderers are pure and a render replaces the innerHTML of regions, so moves are animated
// the FLIP way: just before the first region of a render is replaced, lcMotion.before(root)
// records where every element with a stable identity stands (data-card: a card; data-piece with
// data-colour: a board piece); once the render is done (a microtask later) each element found
// again is animated from its old place to its new one with the Web Animations API.  A card that
// appears in the hand comes from the draw pile; one that appears on the table from nowhere
// visible comes from the hidden hand (the opponent's); a card that leaves the table for a hidden
// hand travels there as a ghost.  About 300 ms; a tap finishes every movement at once; nothing
// moves when the player asks for reduced motion.
(function () {
  "use strict";
  var EASING = "cubic-bezier(0.2, 0.7, 0.3, 1)";
  var IDENTITY = "[data-card], [data-piece]";
  var HAND = ".lc-hand";
  var PILE = ".lc-pile";
  var DECK = "[data-target='deck'], .lc-deck";
  var HIDDEN_HAND = ".lc-opp-hand, .lcb-player.is-active:not(.is-me) .lcb-hand-size";
  var MAX_ARRIVALS = 2;
  var MAX_GHOSTS = 2;
  var reduce = window.matchMedia ? window.matchMedia("(prefers-reduced-motion: reduce)") : null;
  var pending = null;
  var running = [];
  var started = 0;

  function enabled() {
    return typeof Element.prototype.animate === "function" && !(reduce && reduce.matches);
  }

  function keyOf(el) {
    var piece = el.getAttribute("data-piece");
    if (piece) return "p:" + piece + "@" + (el.getAttribute("data-colour") || "");
    return "c:" + el.getAttribute("data-card");
  }

  function box(el) {
    var r = el.getBoundingClientRect();
    return { x: r.left, y: r.top, w: r.width, h: r.height };
  }

  function visible(b) {
    return b.w > 0 && b.h > 0;
  }

  function firstBox(root, selector) {
    var el = root.querySelector(selector);
    if (!el) return null;
    var b = box(el);
    return visible(b) ? b : null;
  }

  // The discard pile a card lies on (a pile shows its top card only), or "".
  function pileOf(el) {
    var pile = el.closest(PILE);
    return pile ? pile.getAttribute("data-colour") || "?" : "";
  }

  function snapshot(root) {
    var items = {};
    var count = 0;
    root.querySelectorAll(IDENTITY).forEach(function (el) {
      var b = box(el);
      if (!visible(b)) return;
      var key = keyOf(el);
      (items[key] = items[key] || []).push({ box: b, el: el, vars: sizeVars(el), inHand: !!el.closest(HAND),
                                             pile: pileOf(el) });
      count += 1;
    });
    // The pieces still in each player's camp (a piece that starts an expedition comes from there).
    var camps = {};
    root.querySelectorAll("[data-player] [data-camp]").forEach(function (el) {
      var owner = el.closest("[data-player]").getAttribute("data-player");
      var key = owner + "-" + el.getAttribute("data-camp");
      if (!camps[key]) camps[key] = box(el);
    });
    return { root: root, items: items, count: count, deck: firstBox(root, DECK),
             hidden: firstBox(root, HIDDEN_HAND), camps: camps };
  }

  function track(animation) {
    running.push(animation);
    started += 1;
    var drop = function () {
      var i = running.indexOf(animation);
      if (i >= 0) running.splice(i, 1);
    };
    animation.onfinish = drop;
    animation.oncancel = drop;
    return animation;
  }

  // A copy of `el` flies from the box `from` to where `el` stands now (a translation and a scale);
  // `el` itself waits there, invisible but already in place: a tap always reaches the table as it
  // now is, never a card in flight.  Planned first (it only reads the page: the box and the size
  // variables), launched later (it only writes): all the reads of a render come before all its
  // writes, so the page's style and layout are computed once, not once per card.  Returns the
  // launch, or null when `el` did not move.
  function travel(root, el, from, to, fade) {
    var dx = from.x - to.x, dy = from.y - to.y;
    var sx = to.w ? from.w / to.w : 1, sy = to.h ? from.h / to.h : 1;
    if (Math.abs(dx) < 2 && Math.abs(dy) < 2 && Math.abs(sx - 1) < 0.02 && Math.abs(sy - 1) < 0.02) return null;
    var vars = sizeVars(el);
    return function () {
      var copy = flyer(root, el, to, vars);
      var start = { transform: "translate(" + dx + "px, " + dy + "px) scale(" + sx + ", " + sy + ")" };
      var end = { transform: "translate(0px, 0px) scale(1, 1)" };
      if (fade) { start.opacity = 0.4; end.opacity = 1; }
      el.classList.add("lc-travelling");
      var animation = track(copy.animate([start, end], { duration: api.duration, easing: EASING, fill: "forwards" }));
      var done = function () { copy.remove(); el.classList.remove("lc-travelling"); };
      animation.finished.then(done, done);
    };
  }

  // The card size variables an element inherits (its copy flies outside the table that sets them).
  function sizeVars(el) {
    var style = getComputedStyle(el), vars = {};
    ["--cw", "--ch"].forEach(function (name) {
      var value = style.getPropertyValue(name);
      if (value) vars[name] = value;
    });
    return vars;
  }

  // A copy of `el` above the screen at the box `at`, sized like `el` (`vars`: its size variables).
  function flyer(root, el, at, vars) {
    var copy = el.cloneNode(true);
    Object.keys(vars).forEach(function (name) { copy.style.setProperty(name, vars[name]); });
    copy.removeAttribute("data-target");
    copy.removeAttribute("data-action");
    copy.removeAttribute("id");
    copy.setAttribute("aria-hidden", "true");
    copy.classList.remove("is-selected", "lc-travelling");
    copy.classList.add("lc-ghost");
    copy.style.position = "fixed";
    copy.style.left = at.x + "px";
    copy.style.top = at.y + "px";
    copy.style.width = at.w + "px";
    copy.style.height = at.h + "px";
    copy.style.margin = "0";
    copy.style.zIndex = "40";
    copy.style.pointerEvents = "none";
    copy.style.transformOrigin = "0 0";
    root.appendChild(copy);
    return copy;
  }

  // A card gone from the table into a hidden hand: a copy of it travels there and vanishes.
  function ghost(root, item, to) {
    var copy = flyer(root, item.el, item.box, item.vars);
    var dx = to ? to.x + to.w / 2 - (item.box.x + item.box.w / 2) : 0;
    var dy = to ? to.y + to.h / 2 - (item.box.y + item.box.h / 2) : 0;
    copy.style.transformOrigin = "50% 50%";
    var animation = track(copy.animate([
      { transform: "translate(0px, 0px) scale(1)", opacity: 1 },
      { transform: "translate(" + dx + "px, " + dy + "px) scale(0.4)", opacity: 0 },
    ], { duration: api.duration, easing: EASING, fill: "forwards" }));
    var remove = function () { copy.remove(); };
    animation.finished.then(remove, remove);
  }

  function play() {
    var before = pending;
    pending = null;
    if (!before || !before.count || !before.root.isConnected || !enabled()) return;
    var root = before.root;
    var now = {};
    var found = 0;
    root.querySelectorAll(IDENTITY).forEach(function (el) {
      if (el.classList.contains("lc-ghost")) return;
      var b = box(el);
      if (!visible(b)) return;
      var key = keyOf(el);
      (now[key] = now[key] || []).push({ el: el, box: b });
      found += 1;
    });
    if (!found) return;  // the table is gone (a menu, a result): nothing travels
    var arrivals = [], departures = [], moves = [];
    Object.keys(now).forEach(function (key) {
      var olds = (before.items[key] || []).slice();
      var news = now[key].slice();
      // Pair the elements that did not move first, then the others in order.
      news = news.filter(function (n) {
        for (var i = 0; i < olds.length; i++) {
          if (Math.abs(olds[i].box.x - n.box.x) < 1 && Math.abs(olds[i].box.y - n.box.y) < 1) {
            olds.splice(i, 1);
            return false;
          }
        }
        return true;
      });
      news.forEach(function (n) {
        if (olds.length) moves.push([n, olds.shift()]);
        else arrivals.push(n);
      });
    });
    Object.keys(before.items).forEach(function (key) {
      var left = before.items[key].length - (now[key] ? now[key].length : 0);
      for (var i = 0; i < left; i++) departures.push(before.items[key][before.items[key].length - 1 - i]);
    });
    // A pile's old top card that a new one now covers was not taken: it is simply hidden.
    var covered = {};
    arrivals.concat(moves.map(function (pair) { return pair[0]; })).forEach(function (n) {
      var pile = pileOf(n.el);
      if (pile) covered[pile] = true;
    });
    departures = departures.filter(function (item) { return !(item.pile && covered[item.pile]); });
    var launches = moves.map(function (pair) { return travel(root, pair[0].el, pair[1].box, pair[0].box, false); });
    // Many newcomers at once are a new deal or another screen, not a move: they just appear.
    // A card that appears in the hand was drawn from the pile; one that appears on the table came
    // from a hidden hand, unless cards moved or left (then it was under the card taken from a pile).
    var quiet = !moves.length && !departures.length;
    if (arrivals.length <= MAX_ARRIVALS) {
      arrivals.forEach(function (n) {
        var piece = n.el.getAttribute("data-piece");
        var from = piece ? before.camps[piece] : n.el.closest(HAND) ? before.deck : quiet ? before.hidden : null;
        if (from) launches.push(travel(root, n.el, from, n.box, true));
      });
    }
    // Every read is done: now the copies are made and set moving.
    launches.forEach(function (launch) { if (launch) launch(); });
    if (departures.length <= MAX_GHOSTS && before.hidden) {
      departures.forEach(function (item) {
        if (!item.inHand) ghost(root, item, before.hidden);
      });
    }
  }

  // Called by the page's Python just before a region of the screen is replaced.
  function before(root) {
    if (pending || !root || !enabled()) return;
    pending = snapshot(root);
    queueMicrotask(play);
  }

  // A tap (or a key) ends every movement at once: the travels, and the style sheets' own short
  // ones (dice rolling, a number being written); the endless pulse of the targets goes on.
  function finishAll() {
    var all = running.splice(0, running.length);
    if (document.getAnimations) {
      document.getAnimations().forEach(function (animation) {
        var timing = animation.effect && animation.effect.getComputedTiming();
        if (all.indexOf(animation) < 0 && timing && isFinite(timing.endTime) && animation.playState === "running") {
          all.push(animation);
        }
      });
    }
    all.forEach(function (animation) {
      try { animation.finish(); } catch (err) { animation.cancel(); }
    });
  }
  addEventListener("pointerdown", finishAll, true);
  addEventListener("keydown", finishAll, true);

  function mark() {
    document.documentElement.classList.toggle("lc-motion", enabled());
  }
  if (reduce && reduce.addEventListener) reduce.addEventListener("change", mark);
  mark();

  // duration: of every movement, in ms; started(): movements since the page opened; running(): now.
  var api = {
    duration: 300, before: before, finishAll: finishAll,
    started: function () { return started; }, running: function () { return running.length; },
  };
  window.lcMotion = api;
})();
