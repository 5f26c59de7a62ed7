// The ledger's number pad: its keys type into the score box (without JS the box is typed into directly).
(function () {
  "use strict";
  document.addEventListener("click", function (event) {
    var key = event.target.closest && event.target.closest("[data-pad-key]");
    if (!key) return;
    var input = key.form && key.form.elements.score;
    if (!input) return;
    var k = key.getAttribute("data-pad-key");
    if (k === "back") input.value = input.value.slice(0, -1);
    else if (k === "-") input.value = input.value.charAt(0) === "-" ? input.value.slice(1) : "-" + input.value;
    else if (input.value.replace("-", "").length < 3) input.value += k;
  });
  // The on-screen pad replaces the phone's keyboard (which may lack a minus key);
  // a desktop keyboard still types into the box.
  function readyPad() {
    var score = document.getElementById("score");
    if (!score) return;
    score.setAttribute("inputmode", "none");
    if (!score.matches(":focus")) score.focus({ preventScroll: true });
  }
  document.addEventListener("DOMContentLoaded", readyPad);
  document.addEventListener("htmx:afterSettle", readyPad);
})();
