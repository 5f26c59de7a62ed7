// The ledger's pad (docs/ledger.md, "The pad"): its digit keys type into the score box, and the
// cell being entered is kept in view: scrolled sideways between the sticky names and Total, and
// up or down into the space above the docked pad. Without this file the pad is a plain form and
// the page's #cell-… anchor does the scrolling. It never sets a style: only scroll positions.
(function () {
  "use strict";
  var MARGIN = 6; // px of air between the active row and whatever covers the page

  document.addEventListener("click", function (event) {
    var key = event.target.closest && event.target.closest("[data-pad-key]");
    if (!key) return;
    var input = key.form && key.form.elements.typed;
    if (!input) return;
    var k = key.getAttribute("data-pad-key");
    if (k === "back") input.value = input.value.slice(0, -1);
    else if (k === "-") input.value = input.value.charAt(0) === "-" ? input.value.slice(1) : "-" + input.value;
    else if (input.value.replace("-", "").length < 3) input.value += k;
  });

  // The part of the window that nothing sticky covers: below the header (and the tab bar when
  // it is at the top, on wide screens), above the pad and the tab bar at the bottom.
  function openBand(pad) {
    var top = 0, bottom = window.innerHeight;
    document.querySelectorAll(".topbar, .tabbar").forEach(function (bar) {
      var box = bar.getBoundingClientRect();
      if (box.height === 0) return;
      if (box.top < window.innerHeight / 2) top = Math.max(top, box.bottom);
      else bottom = Math.min(bottom, box.top);
    });
    if (pad) bottom = Math.min(bottom, pad.getBoundingClientRect().top);
    return { top: top + MARGIN, bottom: bottom - MARGIN };
  }

  function showSideways(cell) {
    var scroller = cell.closest(".card-scroll");
    var row = cell.closest("tr");
    if (!scroller || !row) return;
    var name = row.querySelector(".name"), total = row.querySelector(".total");
    var box = cell.getBoundingClientRect();
    var left = name ? name.getBoundingClientRect().right : scroller.getBoundingClientRect().left;
    var right = total ? total.getBoundingClientRect().left : scroller.getBoundingClientRect().right;
    // one neighbouring cell stays in sight where there is room, so the hole before shows too
    var air = Math.max(0, Math.min(box.width, (right - left - box.width) / 2));
    if (box.left < left + air) scroller.scrollLeft -= left + air - box.left;
    else if (box.right > right) scroller.scrollLeft += box.right - right;
  }

  function showUpDown(cell, pad) {
    var row = cell.closest("tr");
    var head = cell.closest("table").querySelector("thead tr");
    // two passes: a scroll can move the docked pad, which moves the band
    for (var pass = 0; pass < 2; pass++) {
      var band = openBand(pad);
      var box = row.getBoundingClientRect();
      var top = box.top, bottom = box.bottom;
      if (head && bottom - head.getBoundingClientRect().top <= band.bottom - band.top) {
        top = head.getBoundingClientRect().top; // the hole numbers too, when they fit
      }
      var by = 0;
      if (bottom > band.bottom) by = bottom - band.bottom;
      if (top - by < band.top) by = top - band.top;
      if (Math.abs(by) < 1) return;
      window.scrollBy(0, by);
    }
  }

  function showActive() {
    var cell = document.querySelector(".card-table .cell.selected");
    if (!cell) return;
    showSideways(cell);
    showUpDown(cell, document.getElementById("pad"));
  }

  // The on-screen pad replaces the phone's keyboard (which may lack a minus key);
  // a desktop keyboard still types into the box.
  function readyPad() {
    var score = document.getElementById("score");
    if (score) {
      score.setAttribute("inputmode", "none");
      if (!score.matches(":focus")) score.focus({ preventScroll: true });
    }
    showActive();
  }
  document.addEventListener("DOMContentLoaded", readyPad);
  document.addEventListener("htmx:afterSettle", readyPad);
  window.addEventListener("resize", showActive);
})();
