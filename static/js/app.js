// Small progressive enhancements; every page works without this file.
// Pages style themselves a little differently when this file runs (.js hides the no-JS buttons).
document.documentElement.classList.add("js");

(function () {
  "use strict";

  // Desktop keyboard for the grid tally: type a rank to fill the selected slot.
  var KEYS = { a: "A", "1": "A", t: "10", "0": "10", j: "J", q: "Q", k: "K", x: "JK", "*": "JK" };

  function tallyKey(event) {
    var form = document.getElementById("grid-tally");
    if (!form || event.ctrlKey || event.metaKey || event.altKey) return;
    var target = event.target;
    if (target && (target.tagName === "INPUT" || target.tagName === "TEXTAREA" || target.isContentEditable)) return;
    var key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
    var id = null;
    if (KEYS[key]) id = "key-" + KEYS[key];
    else if (/^[2-9]$/.test(key)) id = "key-" + key;
    else if (key === "Backspace" || key === "Delete") id = "key-erase";
    else if (key === "ArrowLeft" || key === "ArrowRight" || key === "ArrowUp" || key === "ArrowDown") {
      id = "slot-" + moveSelection(form, key);
    }
    var button = id && document.getElementById(id);
    if (button && !button.disabled) {
      event.preventDefault();
      button.click();
    }
  }

  function moveSelection(form, key) {
    // the grid says its shape (a nine-card grid has three rows); else two rows
    var grid = form.querySelector("[data-rows]");
    var size = Number(form.elements.size.value);
    var rows = grid ? Number(grid.dataset.rows) : 2;
    var cols = grid ? Number(grid.dataset.columns) : size / 2;
    var sel = Number(form.elements.sel.value);
    var row = Math.floor(sel / cols), col = sel % cols;
    if (key === "ArrowLeft") col = (col + cols - 1) % cols;
    if (key === "ArrowRight") col = (col + 1) % cols;
    if (key === "ArrowUp") row = (row + rows - 1) % rows;
    if (key === "ArrowDown") row = (row + 1) % rows;
    return row * cols + col;
  }

  document.addEventListener("keydown", tallyKey);
})();

// A <details> the person opened stays open when htmx redraws the part of the page it is in (a
// tally's names, a live table's people, a walkthrough's "why"): the server draws them closed, and
// a panel folding up under the finger moves every button below it (a keypad tap then landed on
// "Clear grid"). The answer is opened before it is swapped in, not after: folded for a moment,
// the page would scroll to keep its place and the keypad would move all the same. Matched by id;
// the server may still open one itself.
(function () {
  "use strict";
  document.addEventListener("htmx:beforeSwap", function (event) {
    var target = event.detail.target;
    var html = event.detail.serverResponse;
    if (!target || typeof html !== "string" || /^\s*<(!doctype|html)/i.test(html)) return;
    var open = target.querySelectorAll("details[open][id]");
    if (!open.length) return;
    var answer = document.createElement("template");
    answer.innerHTML = html;
    var changed = false;
    open.forEach(function (box) {
      var drawn = answer.content.querySelector("details#" + CSS.escape(box.id));
      if (drawn && !drawn.hasAttribute("open")) {
        drawn.setAttribute("open", "");
        changed = true;
      }
    });
    if (changed) event.detail.serverResponse = answer.innerHTML;
  });
})();

// htmx keeps a copy of the page for the Back button, taken as the URL changes. Boxes ticked
// since the page loaded are properties a copy of the HTML would lose, and the copy belongs to
// the URL being left, so write into it the ticks that URL names (Play Club Cards keeps its
// selection as ?pick=250&pick=160), and leave the live boxes as they are.
(function () {
  "use strict";
  document.addEventListener("htmx:beforeHistorySave", function () {
    var named = {};
    new URLSearchParams(location.search).forEach(function (value, name) {
      var key = name + "=" + value;
      named[key] = (named[key] || 0) + 1;
    });
    document.querySelectorAll("fieldset[hx-push-url] input[type=checkbox]").forEach(function (box) {
      var key = box.name + "=" + box.value, live = box.checked;
      if (named[key] > 0) { box.setAttribute("checked", ""); named[key] -= 1; }
      else box.removeAttribute("checked");
      box.checked = live;
    });
  });
})();

// A tally or walkthrough form answers one tap at a time. Its state travels in the form, and an
// answer replaces the form's buttons, so a tap made while the last tap's answer is on its way
// would send the state from before that tap (a card tapped in quickly over a slow network was
// lost). Such a tap waits, then is made again, on the same button of the new form.
(function () {
  "use strict";
  var waiting = new WeakMap(); // form -> ids of the buttons tapped while it was busy, in order

  function serialForm(elt) {
    return elt && elt.closest ? elt.closest("form[data-serial]") : null;
  }

  function queue(form) {
    if (!waiting.has(form)) waiting.set(form, []);
    return waiting.get(form);
  }

  // Caught at the click, before htmx sees it: after a swap htmx may send the tap as the form's
  // submit rather than the button's own request, and only the click still names the button.
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("button[id]");
    var form = serialForm(button);
    if (form && form.dataset.busy) {
      event.preventDefault();
      event.stopImmediatePropagation();
      queue(form).push(button.id);
    }
  }, true);

  // Busy while any of its requests is out: from sending until the answer is in and swapped, or
  // the request failed or was replaced (loadend comes after every end, and after htmx's swap).
  // A field that asks by itself (the clubs tally's yardage, as it is typed) gathers the form's
  // state when it fires: while a tap's answer is on its way that state is old, and its answer,
  // swapped in after the tap's, took the tapped card back. It waits instead, then the form's
  // resend button (the form's own Enter) sends the whole new state.
  document.addEventListener("htmx:beforeRequest", function (event) {
    var form = serialForm(event.target);
    if (!form) return;
    var resend = form.dataset.serialResend;
    if (form.dataset.busy && resend && !(event.target.closest && event.target.closest("button"))) {
      event.preventDefault();
      var ids = queue(form);
      if (ids.indexOf(resend) === -1) ids.push(resend);
      return;
    }
    form.dataset.busy = String(Number(form.dataset.busy || 0) + 1);
    event.detail.xhr.addEventListener("loadend", function () {
      setTimeout(function () { done(form); }, 0);
    });
  });

  function done(form) {
    var left = Number(form.dataset.busy || 1) - 1;
    if (left > 0) {
      form.dataset.busy = String(left);
      return;
    }
    delete form.dataset.busy;
    var ids = queue(form);
    while (ids.length) {
      var button = document.getElementById(ids.shift());
      if (button && !button.disabled && serialForm(button) === form) {
        button.click();
        return;
      }
    }
  }
})();

// The service worker (/sw.js, caddie/web/install.py): keeps the app's files and the ledger's
// last-seen pages for a phone that loses its connection. Browsers allow one only on HTTPS and on
// localhost; elsewhere (a plain http:// LAN address) navigator.serviceWorker is missing and the
// pages work as they always did.
(function () {
  "use strict";
  if (!("serviceWorker" in navigator)) return;
  var firstVisit = !navigator.serviceWorker.controller;
  window.addEventListener("load", function () {
    navigator.serviceWorker.register("/sw.js", { scope: "/" }).then(function () {
      return navigator.serviceWorker.ready;
    }).then(function (registration) {
      // This page loaded before the worker ran: ask it to keep this page too.
      if (firstVisit && registration.active) registration.active.postMessage({ type: "keep", url: location.href });
    }).catch(function () { /* no worker (private mode, a refused certificate): the pages work without it */ });
  });
})();
