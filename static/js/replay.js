// A hole's replay (templates/live/replay.html): every frame is on the page, so a step is a
// change of which one shows, never a request. Buttons, the scrubber, the arrow keys and a
// swipe step; Play steps on its own at the speed chosen. The address is left alone (Chromium
// fetches the page's icon again at each change of it): ◀ and ▶ link to the steps beside.
(function () {
  "use strict";
  function start() {
    var controls = document.getElementById("replay-controls");
    if (!controls) return;
    var frames = Array.prototype.slice.call(document.querySelectorAll(".replay-frame"));
    var at = document.getElementById("replay-at");
    var scrub = document.getElementById("replay-scrub");
    var speed = document.getElementById("replay-speed");
    var play = document.getElementById("replay-play");
    var prev = document.getElementById("replay-prev");
    var next = document.getElementById("replay-next");
    var hole = controls.getAttribute("data-hole");
    var last = frames.length - 1;
    var step = 0;
    var timer = null;
    frames.forEach(function (frame, i) { if (!frame.hidden) step = i; });
    document.getElementById("replay-more").hidden = false;
    play.hidden = false;

    function show(i) {
      i = Math.max(0, Math.min(last, i));
      frames[step].hidden = true;
      frames[i].hidden = false;
      step = i;
      at.textContent = step + " / " + last;
      scrub.value = String(step);
      prev.href = "?hole=" + hole + "&step=" + Math.max(step - 1, 0);
      next.href = "?hole=" + hole + "&step=" + Math.min(step + 1, last);
      if (step === last) stop();
    }
    function stop() {
      if (timer !== null) clearInterval(timer);
      timer = null;
      play.textContent = "Play";
      play.setAttribute("aria-pressed", "false");
    }
    function go() {
      if (step === last) show(0);
      timer = setInterval(function () { show(step + 1); }, 1000 / parseFloat(speed.value));
      play.textContent = "Pause";
      play.setAttribute("aria-pressed", "true");
    }
    prev.addEventListener("click", function (e) { e.preventDefault(); stop(); show(step - 1); });
    next.addEventListener("click", function (e) { e.preventDefault(); stop(); show(step + 1); });
    scrub.addEventListener("input", function () { stop(); show(parseInt(scrub.value, 10)); });
    play.addEventListener("click", function () { if (timer === null) go(); else stop(); });
    speed.addEventListener("change", function () { if (timer !== null) { stop(); go(); } });
    document.addEventListener("keydown", function (e) {
      if (e.target && /^(INPUT|SELECT|TEXTAREA)$/.test(e.target.tagName)) return;
      if (e.key === "ArrowLeft") { stop(); show(step - 1); e.preventDefault(); }
      if (e.key === "ArrowRight") { stop(); show(step + 1); e.preventDefault(); }
    });
    var list = document.getElementById("replay-frames");
    var x0 = null;
    list.addEventListener("touchstart", function (e) { x0 = e.touches[0].clientX; }, { passive: true });
    list.addEventListener("touchend", function (e) {
      if (x0 === null) return;
      var dx = e.changedTouches[0].clientX - x0;
      x0 = null;
      if (Math.abs(dx) > 40) { stop(); show(step + (dx < 0 ? 1 : -1)); }
    });
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
