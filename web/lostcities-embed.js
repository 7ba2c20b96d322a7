/*! lostcities-embed.js: put a live Lost Cities position or tutorial in your page.
 *
 *   <script src="SITE/web/lostcities-embed.js"></script>     (SITE: your copy of the site)
 *   <div data-lostcities="tut=card-wagers"></div>          (made into a frame on load)
 *   var frame = LostCities.embed(element, { tut: "card-wagers" }, { site: "SITE" });
 *   element.addEventListener("lc:completed", function (e) { console.log(e.detail.stars); });
 *
 * The frame is created with sandbox="allow-scripts allow-same-origin", loading="lazy"
 * and a title; its height is the one its `resize` messages report (its content's).  Messages are accepted only
 * from the frame's own window and origin, and re-dispatched on the container element as
 * DOM events named "lc:<type>" (lc:ready, lc:move, lc:illegal, lc:step, lc:result,
 * lc:completed, lc:state, lc:error, lc:resize, lc:waiting) with the message as `detail`.
 * No dependency; plain ES5.  See docs/embedding.md.
 */
(function (global) {
  "use strict";
  var script = document.currentScript;
  var DEFAULT_SITE = script && script.src ? new URL("..", script.src).href : new URL("./", location.href).href;
  var counter = 0;

  function query(params) {
    var search = new URLSearchParams();
    Object.keys(params).forEach(function (key) {
      var value = params[key];
      if (value !== undefined && value !== null && value !== "") search.set(key, String(value));
    });
    return search.toString();
  }

  function embed(container, params, options) {
    options = options || {};
    params = Object.assign({}, params || {});
    var site = new URL(options.site || DEFAULT_SITE, location.href);
    if (!/\/$/.test(site.pathname)) site = new URL("./", site);
    var frameOrigin = site.origin;
    params.parent = location.origin;
    params.id = params.id || ("lc" + (++counter));
    var iframe = document.createElement("iframe");
    iframe.src = new URL("embed.html?" + query(params), site).href;
    iframe.setAttribute("sandbox", "allow-scripts allow-same-origin");
    iframe.setAttribute("loading", options.loading || "lazy");
    iframe.setAttribute("title", options.title || "Lost Cities: a live position");
    iframe.setAttribute("allow", "");
    iframe.className = "lostcities-frame";
    iframe.style.width = "100%";
    iframe.style.border = "0";
    iframe.style.display = "block";
    // The frame lays its content out to its width and reports the content's height: the frame starts
    // at options.height (else a guess by the container's width) and then takes the height reported.
    var initial = options.height || (container.clientWidth && container.clientWidth < 600 ? 720 : 560);
    iframe.style.height = initial + "px";
    container.appendChild(iframe);

    function onMessage(event) {
      if (event.source !== iframe.contentWindow || event.origin !== frameOrigin) return;
      var message = event.data;
      if (!message || message.lc !== 1 || typeof message.type !== "string" || message.id !== params.id) return;
      if (message.type === "resize" && typeof message.height === "number" && message.height > 0) {
        iframe.style.height = Math.min(Math.ceil(message.height), 4000) + "px";
      }
      container.dispatchEvent(new CustomEvent("lc:" + message.type, { detail: message, bubbles: true }));
    }
    global.addEventListener("message", onMessage);

    function send(message) {
      if (!iframe.contentWindow) return;
      var data = Object.assign({}, message, { lc: 1 });
      iframe.contentWindow.postMessage(data, frameOrigin);
    }
    return {
      iframe: iframe,
      id: params.id,
      send: send,
      hello: function () { send({ type: "hello" }); },
      goto: function (step) { send({ type: "goto", step: step }); },
      reset: function () { send({ type: "reset" }); },
      load: function (what) { send(Object.assign({ type: "load" }, what)); },
      destroy: function () { global.removeEventListener("message", onMessage); iframe.remove(); }
    };
  }

  function auto() {
    var nodes = document.querySelectorAll("[data-lostcities]:not([data-lostcities-ready])");
    Array.prototype.forEach.call(nodes, function (node) {
      node.setAttribute("data-lostcities-ready", "1");
      var params = {};
      new URLSearchParams(node.getAttribute("data-lostcities") || "").forEach(function (value, key) {
        params[key] = value;
      });
      node.lostcities = embed(node, params, {
        site: node.getAttribute("data-lostcities-site") || undefined,
        title: node.getAttribute("data-lostcities-title") || undefined
      });
    });
  }

  global.LostCities = { embed: embed, auto: auto };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", auto);
  else auto();
})(window);
