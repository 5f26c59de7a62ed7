// Live tables: when the table redrawn after a move says it is now this phone's turn, a short
// vibration where the phone allows it (the page title and the highlighted turn line say it too);
// and no redraw for a change the page already shows (its own move, answered in place): a redraw
// for nothing could swallow the next tap; the turn clock's countdown; and a phone that has lost its
// seat (the host let its player back in on another phone) loads its page again, which no longer
// opens the live stream it may not read. Every page works without this file.
(function () {
  "use strict";

  var wasYourTurn = null;
  var wasSeated = null;

  function headSays(name) {
    var head = document.getElementById("live-head");
    return !!head && head.getAttribute(name) === "1";
  }

  function yourTurn() {
    return headSays("data-your-turn");
  }

  document.addEventListener("DOMContentLoaded", function () {
    wasYourTurn = yourTurn();
    wasSeated = headSays("data-seated");
  });

  function shownVersion() {
    var head = document.querySelector("#live-head, .watch");
    return head ? Number(head.getAttribute("data-version")) : 0;
  }

  // The live stream's "table" event carries the table's version (docs/live-tables.md, "Live updates").
  document.addEventListener("htmx:confirm", function (event) {
    var trigger = event.detail.triggeringEvent;
    if (!trigger || trigger.type !== "sse:table" || !trigger.detail) return;
    if (Number(trigger.detail.data) <= shownVersion()) event.preventDefault();
  });

  // The turn clock: the server says how many seconds were left when it drew the table; count
  // them down from when that drawing arrived (a new element). The server plays the turn when
  // time is up, whatever this phone shows.
  var clockShown = null;
  var clockSince = 0;
  var clockLeft = 0;
  setInterval(function () {
    var clock = document.getElementById("turn-clock");
    if (!clock) return;
    if (clock !== clockShown) {
      clockShown = clock;
      clockSince = Date.now();
      clockLeft = Number(clock.getAttribute("data-left"));
      return;
    }
    var left = Math.max(0, Math.ceil(clockLeft - (Date.now() - clockSince) / 1000));
    clock.textContent = left + " s left";
  }, 1000);

  document.addEventListener("htmx:afterSwap", function (event) {
    if (!event.detail.target || event.detail.target.id !== "table") return;
    var seated = headSays("data-seated");
    if (wasSeated && !seated) {
      window.location.reload();
      return;
    }
    wasSeated = seated;
    var now = yourTurn();
    if (now && wasYourTurn === false && navigator.vibrate) {
      navigator.vibrate(120);
    }
    wasYourTurn = now;
  });
})();
