// Live tables: when the table redrawn after a move says it is now this phone's turn, a short
// vibration where the phone allows it (the page title and the highlighted turn line say it too).
// Every page works without this file; it only adds the buzz.
(function () {
  "use strict";

  var wasYourTurn = null;

  function yourTurn() {
    var head = document.getElementById("live-head");
    return !!head && head.getAttribute("data-your-turn") === "1";
  }

  document.addEventListener("DOMContentLoaded", function () {
    wasYourTurn = yourTurn();
  });

  document.addEventListener("htmx:afterSwap", function (event) {
    if (!event.detail.target || event.detail.target.id !== "table") return;
    var now = yourTurn();
    if (now && wasYourTurn === false && navigator.vibrate) {
      navigator.vibrate(120);
    }
    wasYourTurn = now;
  });
})();
