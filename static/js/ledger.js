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

  // -- The pad's writes go through the outbox (outbox.js; docs/ledger.md, "The outbox") --------
  // Each Save, quick score and Clear gets an idempotency key and is kept in the outbox before it
  // is sent. While the server answers, htmx sends it and swaps the answer in as ever. When it
  // does not (no connection, a server stopped), or while earlier writes still wait, the write
  // stays in the outbox: its cell shows the value marked as waiting and the pad moves on to the
  // next player here in the page, so a whole hole can be entered without a connection.
  var box = window.CaddieOutbox;
  if (!box) return;
  var padKey = null; // the write htmx is sending now
  var MINUS = "\u2212";

  function pageOf(action) {
    return new URL(action, location.href).pathname.replace(/\/score$/, "");
  }

  function field(entry, name) {
    var found = entry.fields.filter(function (pair) { return pair[0] === name; })[0];
    return found ? found[1] : null;
  }

  // What the cell shows for a waiting write: its score with a real minus sign, or blank for Clear.
  function shown(entry) {
    if (field(entry, "clear")) return "";
    var text = (field(entry, "score") || field(entry, "typed") || "").trim();
    return text.replace(/^[-\u2212\u2013]/, MINUS);
  }

  function cellOf(entry) {
    return document.getElementById("cell-" + field(entry, "seat") + "-" + field(entry, "hole"));
  }

  function nameOf(seat) {
    var name = document.getElementById("name-" + seat);
    return name ? name.textContent.trim() : "";
  }

  function markWaiting(entry) {
    var cell = cellOf(entry);
    if (!cell) return;
    var value = shown(entry);
    var problem = entry.state === "refused" || entry.state === "conflict";
    cell.textContent = value;
    cell.classList.add("waiting");
    cell.classList.toggle("refused", problem);
    cell.classList.toggle("blank", value === "");
    cell.setAttribute("data-waiting", value);
    cell.setAttribute("aria-label", nameOf(field(entry, "seat")) + ", hole " + field(entry, "hole") + ": " +
      (value || "cleared") + (problem ? ", not saved: " + (entry.message || "refused") : ", not saved yet"));
  }

  function markAll() {
    box.all().forEach(function (entry) {
      if (entry.fragment && entry.page === location.pathname) markWaiting(entry);
    });
  }

  function isBlank(cell) {
    return cell.textContent.trim() === "" && !cell.hasAttribute("data-waiting");
  }

  // The next cell to enter after this one, as the server chooses it (RoundView.next_blank):
  // the next player on this hole, then the next hole, round to the start; null when none is blank.
  function nextBlank(cell) {
    var cells = Array.from(document.querySelectorAll(".card-table a.cell[id^='cell-']")).map(function (c) {
      var parts = c.id.split("-");
      return { cell: c, seat: Number(parts[1]), hole: Number(parts[2]), row: c.closest("tr").rowIndex };
    }).sort(function (a, b) { return a.hole - b.hole || a.row - b.row; });
    var at = cells.findIndex(function (c) { return c.cell === cell; });
    var order = cells.slice(at + 1).concat(cells.slice(0, at + 1));
    var next = order.filter(function (c) { return isBlank(c.cell); })[0];
    return next ? next.cell : null;
  }

  // The pad, moved to another cell here in the page (what the server's answer would have done).
  function openPadOn(cell) {
    var pad = document.getElementById("pad");
    if (!pad || !cell) return;
    var parts = cell.id.split("-");
    var seat = parts[1], hole = parts[2];
    var old = document.querySelector(".card-table .cell.selected");
    var oldPar = old ? Number(old.getAttribute("data-par")) : NaN;
    if (old) { old.classList.remove("selected"); old.removeAttribute("aria-current"); }
    cell.classList.add("selected");
    cell.setAttribute("aria-current", "true");
    pad.elements.seat.value = seat;
    pad.elements.hole.value = hole;
    pad.elements.version.value = cell.getAttribute("data-version") || "0";
    var held = cell.hasAttribute("data-waiting") ? cell.getAttribute("data-waiting") : cell.textContent.trim();
    var label = pad.querySelector("label[for='score']");
    if (label) {
      var par = cell.getAttribute("data-par");
      var strong = document.createElement("strong");
      strong.textContent = nameOf(seat);
      label.textContent = "Hole " + hole + (par ? " \u00b7 par " + par : "") + " \u00b7 ";
      label.appendChild(strong);
    }
    var newPar = Number(cell.getAttribute("data-par"));
    pad.querySelectorAll("button.quick").forEach(function (button) {
      if (!isNaN(oldPar) && !isNaN(newPar) && newPar !== oldPar) {
        // Club Cards' quick scores go with the hole's par
        var value = Number(button.value) + newPar - oldPar;
        var text = String(value).replace("-", MINUS);
        button.value = String(value);
        button.id = "quick-" + value;
        button.textContent = text;
        button.setAttribute("aria-label", "Save " + text);
      }
      button.classList.toggle("held", held !== "" && button.textContent.trim() === held);
    });
    var message = pad.querySelector("#round-message");
    if (message) message.remove();
    // the next player's pad opens on the first page of quick scores, as a pad the server draws does
    var more = pad.querySelector(".more-toggle");
    if (more) more.checked = false;
    var score = pad.elements.typed;
    score.value = held.replace(MINUS, "-");
    score.removeAttribute("aria-invalid");
    score.removeAttribute("aria-describedby");
    history.replaceState(history.state, "", location.pathname + "?cell=" + seat + "-" + hole);
    readyPad();
  }

  function keptHere(entry) {
    markWaiting(entry);
    if (!field(entry, "clear")) openPadOn(nextBlank(cellOf(entry)));
  }

  function somethingWaits() {
    return box.all().some(function (e) { return e.state === "waiting" || e.state === "sending" || e.state === "held"; });
  }

  document.addEventListener("htmx:configRequest", function (event) {
    var pad = event.detail.elt;
    if (!pad || pad.id !== "pad" || event.detail.verb !== "post") return;
    var earlier = somethingWaits();
    var key = box.newKey();
    event.detail.parameters.idempotency_key = key;
    var fields = Array.from(event.detail.formData.entries());
    var entry = { key: key, url: pad.action, fields: fields, fragment: true, page: pageOf(pad.action), state: "held" };
    entry.label = nameOf(field(entry, "seat")) + ", hole " + field(entry, "hole");
    if (!earlier && navigator.onLine !== false) {
      box.add(entry); // kept before it goes: a page closed mid-request sends it again on its next load
      padKey = key;
      return;
    }
    // the server is out of reach (or earlier writes wait for it): keep this one behind them
    event.preventDefault();
    if (!field(entry, "clear") && shown(entry) === "") return; // an empty box saves nothing, as on the server
    entry.state = "waiting";
    box.add(entry);
    keptHere(entry);
    if (navigator.onLine !== false) box.flush(); // the server may be back: try the queue now
  });

  // How htmx's sending of the pad's write ended. Answered (beforeSwap: the form is still in the
  // page, the answer about to replace it): the server has it or says why not beside the pad.
  // Not answered (sendError), or a server in trouble (5xx): the write waits in the outbox.
  function padAnswered(event, answered) {
    // (beforeSwap's elt is the swap's target; the request's own element is in its requestConfig)
    var config = event.detail.requestConfig;
    var sender = config && config.elt ? config.elt : event.detail.elt;
    if (!padKey || !sender || sender.id !== "pad") return;
    var key = padKey;
    padKey = null;
    var entry = box.find(key);
    if (answered) {
      box.remove(key);
      return;
    }
    if (!entry) return;
    box.update(key, { state: "waiting" });
    entry.state = "waiting";
    keptHere(entry);
  }
  document.addEventListener("htmx:beforeSwap", function (event) {
    var status = event.detail.xhr ? event.detail.xhr.status : 0;
    padAnswered(event, status > 0 && status < 500);
  });
  document.addEventListener("htmx:sendError", function (event) { padAnswered(event, false); });

  // A write that landed makes the version later waiting writes to its cell were based on.
  function chainVersion(entry, html) {
    var id = "cell-" + field(entry, "seat") + "-" + field(entry, "hole");
    var landed = new DOMParser().parseFromString(html, "text/html").getElementById(id);
    var version = landed && landed.getAttribute("data-version");
    if (!version) return;
    box.all().forEach(function (later) {
      if (later.fragment && later.page === entry.page && later.key !== entry.key &&
          field(later, "seat") === field(entry, "seat") && field(later, "hole") === field(entry, "hole")) {
        box.update(later.key, { fields: later.fields.map(function (pair) {
          return pair[0] === "version" ? ["version", version] : pair;
        }) });
      }
    });
  }

  var refreshDue = false;

  // Once nothing of this round waits, the card is read again (totals, the chart, the versions),
  // the pad left on the cell the person is at, and what they are typing left alone.
  function refreshWhenSettled() {
    if (!refreshDue || !window.htmx) return;
    var here = box.all().some(function (e) { return e.page === location.pathname && e.state !== "conflict" && e.state !== "refused"; });
    var typing = document.getElementById("score");
    if (here || document.getElementById("round-message") || (typing && typing.value)) return;
    refreshDue = false;
    htmx.ajax("GET", location.pathname + location.search, { target: "#round-live", swap: "innerHTML" });
  }

  box.onAnswer(function (outcome) {
    var entry = outcome.entry;
    if (!entry.fragment || !entry.page) return;
    if (outcome.status >= 200 && outcome.status < 300) {
      chainVersion(entry, outcome.html);
      if (entry.page === location.pathname) {
        refreshDue = true;
        setTimeout(refreshWhenSettled, 0);
      }
    } else if (entry.page === location.pathname && document.getElementById("round-live")) {
      // refused (a bad value) or overtaken (a newer score there): the pad opens on that cell with
      // the server's sentence beside the box and this write's value in it; the person chooses
      box.remove(entry.key);
      htmx.swap("#round-live", outcome.html, { swapStyle: "innerHTML" });
    }
  });

  document.addEventListener("DOMContentLoaded", markAll);
  document.addEventListener("htmx:afterSettle", function () {
    markAll();
    setTimeout(refreshWhenSettled, 0);
  });
})();
