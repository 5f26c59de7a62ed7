// The ledger's outbox (docs/ledger.md, "The outbox"): every ledger write is kept in this
// browser (localStorage) with the idempotency key made for it, until the server has answered
// it. A write that cannot reach the server waits here, survives a reload, and is sent again on
// `online`, on the next page load and on a timer; the server applies a key once, so a write
// whose answer was lost lands once however often it is sent. One line at the top says what
// waits, and also says when any other tap, or a live table's stream, cannot reach the server.
// Without this file every form is a plain form, as ever.
(function () {
  "use strict";
  var STORE = "caddie.outbox.v1";
  var RETRY_MS = [2000, 4000, 8000, 15000]; // while something waits, longer after each miss; "online" and a page load send at once
  var listeners = [];
  var flushing = null;
  var again = false;
  var failures = 0; // tries in a row that did not reach the server: the next waits longer
  var timer = null;
  var lastNote = ""; // a refusal the status line tells once (a round that is gone)
  var unreached = ""; // a tap or a live table's stream that did not reach the server (below)

  function read() {
    try {
      var list = JSON.parse(localStorage.getItem(STORE) || "[]");
      return Array.isArray(list) ? list : [];
    } catch (e) {
      return [];
    }
  }

  function write(list) {
    try {
      localStorage.setItem(STORE, JSON.stringify(list));
    } catch (e) {
      /* private mode or a full store: the write is still in this page's memory below */
    }
    memory = list;
    render();
  }
  var memory = read();
  // A write this page's last visit was sending when it closed: nobody is sending it now.
  if (memory.some(function (e) { return e.state === "held" || e.state === "sending"; })) {
    write(memory.map(function (e) {
      if (e.state === "held" || e.state === "sending") e.state = "waiting";
      return e;
    }));
  }

  function all() {
    var stored = read();
    return stored.length || !memory.length ? stored : memory;
  }

  function newKey() {
    var bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) { return ("0" + b.toString(16)).slice(-2); }).join("");
  }

  function add(entry) {
    var list = all();
    entry.state = entry.state || "waiting";
    entry.made = Date.now();
    list.push(entry);
    write(list);
    schedule();
    return entry;
  }

  function update(key, patch) {
    write(all().map(function (e) {
      if (e.key !== key) return e;
      for (var name in patch) e[name] = patch[name];
      return e;
    }));
  }

  function remove(key) {
    write(all().filter(function (e) { return e.key !== key; }));
  }

  function find(key) {
    return all().filter(function (e) { return e.key === key; })[0] || null;
  }

  function csrfToken() {
    var meta = document.querySelector('meta[name="csrf-token"]');
    return meta ? meta.getAttribute("content") : null;
  }

  // The body of a write as the page sends it now: this page's CSRF token, not the one the
  // write was made with (it may have expired while the write waited).
  function body(entry) {
    var params = new URLSearchParams();
    var token = csrfToken();
    entry.fields.forEach(function (pair) {
      params.append(pair[0], pair[0] === "csrf_token" && token ? token : pair[1]);
    });
    return params;
  }

  // Send one write; resolves with the Response, or null when the server could not be reached.
  function send(entry) {
    var headers = { "Content-Type": "application/x-www-form-urlencoded" };
    if (entry.fragment) headers["HX-Request"] = "true";
    var token = csrfToken();
    if (token) headers["X-CSRFToken"] = token;
    return fetch(entry.url, { method: "POST", body: body(entry), headers: headers, credentials: "same-origin" })
      .catch(function () { return null; });
  }

  function sentence(html) {
    var doc = new DOMParser().parseFromString(html, "text/html");
    var error = doc.querySelector("#round-message, #ledger-error, .error");
    return error ? error.textContent.trim() : "";
  }

  // Send every write that waits, oldest first. Stops at the first that cannot reach the server
  // (the rest would not either). Each answer goes to the listeners (ledger.js), which may take
  // the write over: a refusal shown on its own round's pad is the person's to settle.
  function flush() {
    if (flushing) {
      // asked again while sending (the connection came back mid-try): try again once this ends
      again = true;
      return flushing;
    }
    flushing = (async function () {
      var reached = true;
      for (var entry of all()) {
        if (entry.state === "held" || !find(entry.key)) continue;
        // a refusal is sent again only on its round's page, where the pad can show it
        if ((entry.state === "refused" || entry.state === "conflict") && entry.page !== location.pathname) continue;
        var submitted = entry.state === "submitted";
        if (!submitted) update(entry.key, { state: "sending" });
        var response = await send(entry);
        if (!response || response.status >= 500) {
          update(entry.key, { state: "waiting" });
          reached = false;
          break;
        }
        var html = await response.text().catch(function () { return ""; });
        var outcome = { entry: find(entry.key) || entry, status: response.status, html: html, url: response.url };
        if (response.ok || submitted) {
          remove(entry.key); // (a form sent as a plain form: a refusal was its page, already seen)
        } else if (response.status === 400 || response.status === 409) {
          update(entry.key, { state: response.status === 409 ? "conflict" : "refused", message: sentence(html) });
        } else {
          // 403, 404: this phone may no longer write the round; say so once and let it go
          remove(entry.key);
          lastNote = "Not saved: that round can no longer be written from this phone.";
        }
        listeners.forEach(function (listen) { listen(outcome); });
      }
      return reached;
    })().then(function (reached) {
      failures = reached ? 0 : failures + 1;
    }).finally(function () {
      flushing = null;
      render();
      if (again) {
        again = false;
        flush();
      } else {
        schedule();
      }
    });
    return flushing;
  }

  function schedule() {
    clearTimeout(timer);
    var due = all().some(function (e) { return e.state === "waiting" || e.state === "sending"; });
    if (due) timer = setTimeout(flush, RETRY_MS[Math.min(failures, RETRY_MS.length - 1)]);
  }

  // -- the status line ---------------------------------------------------------------------------

  function unreachedWhy() {
    return navigator.onLine === false ? "No connection" : "The server does not answer";
  }

  function statusLine() {
    var line = document.getElementById("outbox-status");
    if (line || !document.body) return line;
    // made once and kept: a live region announces changes to what it holds, not its arrival
    line = document.createElement("div");
    line.id = "outbox-status";
    line.className = "outbox-status";
    line.setAttribute("role", "status");
    line.setAttribute("aria-live", "polite");
    line.hidden = true;
    document.body.appendChild(line);
    return line;
  }

  function render() {
    var line = statusLine();
    if (!line) return;
    var list = all();
    var waiting = list.filter(function (e) { return e.state === "waiting" || e.state === "sending"; });
    var refused = list.filter(function (e) { return e.state === "refused" || e.state === "conflict"; });
    var parts = [];
    if (waiting.length) {
      parts.push("Not saved yet: " + unreachedWhy().toLowerCase() + " · " + waiting.length + " waiting");
    }
    refused.forEach(function (e) {
      parts.push("Not saved: " + (e.label ? e.label + ": " : "") + (e.message || "the server refused it."));
    });
    if (!parts.length && lastNote) parts.push(lastNote);
    if (!waiting.length && unreached) parts.push(unreached); // a waiting score already says why
    var text = parts.join(" · ");
    if (line.textContent !== text) line.textContent = text;
    line.hidden = !text;
    // a refusal waiting for its own round: a way there
    var away = refused.filter(function (e) { return e.page && e.page !== location.pathname; })[0];
    if (away) {
      var link = document.createElement("a");
      link.href = away.page;
      link.textContent = "Open the round";
      line.appendChild(document.createTextNode(" "));
      line.appendChild(link);
    }
  }

  // -- every other tap, and a live table's stream ------------------------------------------------

  // A tap anywhere else that got no answer (htmx's sendError, or a server in trouble: 5xx) says so
  // in the same line, until a request is answered again: at a table whose Wi-Fi dropped, a tap
  // that did nothing must not look like a tap the app ignored. Nothing of it is kept: a move is
  // made again by tapping again, against the table as it is then. The ledger's pad keeps its
  // write in the outbox instead (ledger.js), and says so above.
  var STREAM_GRACE_MS = 4000; // a stream the server ended reopens within a second (its retry): only a longer gap is news
  var streamTimer = null;

  function unreachable(text) {
    if (unreached === text) return;
    unreached = text;
    render();
  }

  function tapNotSent(event) {
    var config = event.detail.requestConfig;
    var sender = config && config.elt ? config.elt : event.detail.elt;
    if (sender && sender.id === "pad") return;
    unreachable(unreachedWhy() + ": that tap was not sent. Tap again once it is back.");
  }

  document.addEventListener("htmx:sendError", tapNotSent);
  document.addEventListener("htmx:afterRequest", function (event) {
    var status = event.detail.xhr ? event.detail.xhr.status : 0;
    if (status >= 500) tapNotSent(event);
    else if (status > 0 && unreached && !streamTimer) unreachable("");
  });

  // A live table's event stream (htmx's sse extension) that stays closed: the table on this phone
  // stops following the others until it reopens, which the extension does by itself.
  document.addEventListener("htmx:sseError", function () {
    if (streamTimer) return;
    streamTimer = setTimeout(function () {
      unreachable("No connection to the table: it catches up when the connection is back.");
    }, STREAM_GRACE_MS);
  });
  document.addEventListener("htmx:sseOpen", function () {
    clearTimeout(streamTimer);
    streamTimer = null;
    if (unreached) unreachable("");
  });

  // -- forms that write into the ledger as a whole page (Tally's "Add to the ledger") ----------

  // A form marked data-outbox: the write is kept first, with a key the form then sends too.
  // Online, the form goes as a plain form (its answer, flash and all, is the next page), and the
  // next page load sends the kept copy again, which the server answers as applied: so a submit
  // whose answer never came lands anyway, once. Offline, it waits here and the page stays.
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.matches || !form.matches("form[data-outbox]") || event.defaultPrevented) return;
    var key = newKey();
    var keyField = form.querySelector("input[name='idempotency_key']") || document.createElement("input");
    keyField.type = "hidden";
    keyField.name = "idempotency_key";
    keyField.value = key;
    form.appendChild(keyField);
    var entry = {
      key: key,
      url: form.action,
      fields: Array.from(new FormData(form, event.submitter || undefined).entries()),
      fragment: false,
      page: form.getAttribute("data-outbox-page") || null,
      label: form.getAttribute("data-outbox-label") || "",
    };
    if (navigator.onLine !== false) {
      entry.state = "submitted"; // not shown as waiting: its answer is on its way as the next page
      add(entry);
      return;
    }
    event.preventDefault();
    add(entry);
  });

  // Back online: send at once, and if that first try still misses (the network is often not quite
  // there yet when the event fires), try again soon, not after the longest wait the misses while
  // offline had built up.
  window.addEventListener("online", function () {
    failures = 0;
    flush();
  });
  window.addEventListener("offline", render);
  document.addEventListener("DOMContentLoaded", function () {
    render();
    if (all().length) flush();
  });
  window.addEventListener("storage", function (event) {
    if (event.key === STORE) { memory = read(); render(); }
  });

  window.CaddieOutbox = {
    newKey: newKey,
    add: add,
    update: update,
    remove: remove,
    find: find,
    all: all,
    flush: flush,
    render: render,
    onAnswer: function (listen) { listeners.push(listen); },
  };
})();
