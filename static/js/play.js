// Play (Grid Golf): keep the keyboard's place when htmx redraws the table, so a turn is
// Tab to the deck, Enter, Tab to a slot, Enter (docs/grid-golf.md, "Play on one screen").
// Only when the focus was on the table before the redraw: a page nobody is typing on is left alone.
// Every page works without this file; it only moves focus, never styles anything.
(function () {
  "use strict";

  var focusedId = null;
  var focusWasInTable = false;

  function isTable(target) {
    return target && target.id === "table" && target.querySelector && document.getElementById("grid-table") !== null;
  }

  document.addEventListener("htmx:beforeSwap", function (event) {
    var target = event.detail.target;
    if (!isTable(target)) return;
    var active = document.activeElement;
    focusWasInTable = !!active && target.contains(active);
    focusedId = focusWasInTable ? active.id : null;
  });

  document.addEventListener("htmx:afterSwap", function (event) {
    var target = event.detail.target;
    if (!isTable(target) || !focusWasInTable) return;
    focusWasInTable = false;
    // The same control if it is still there to use, else the first pile or card that can be
    // tapped now (the deck when a turn starts), else the prompt while a computer plays.
    var again = focusedId ? document.getElementById(focusedId) : null;
    if (!(again && !again.disabled && again.matches("a[href], button, summary"))) {
      again = target.querySelector("button.legal:not([disabled])") || document.getElementById("prompt");
    }
    if (again) again.focus({ preventScroll: true });
  });
})();
