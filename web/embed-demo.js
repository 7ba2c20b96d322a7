// The demo page's own script: one more frame made by hand, and the message log.
(function () {
  "use strict";
  var log = document.getElementById("demo-log");
  function show(event) {
    var message = event.detail;
    if (message.type === "resize") return;
    var item = document.createElement("li");
    var copy = Object.assign({}, message);
    delete copy.lc;
    item.textContent = JSON.stringify(copy);
    item.setAttribute("data-type", message.type);
    log.insertBefore(item, log.firstChild);
    while (log.children.length > 60) log.removeChild(log.lastChild);
  }
  ["ready", "move", "illegal", "step", "result", "completed", "state", "error"].forEach(function (type) {
    document.addEventListener("lc:" + type, show);
  });
  var holder = document.getElementById("demo-position");
  if (holder) holder.lostcities = LostCities.embed(holder, { game: "card", mode: "play", bot: "easy", seed: "7",
                                                             id: "card-position" }, { title: "A card game position" });
})();
