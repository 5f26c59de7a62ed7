// Share buttons beside the links meant for another phone (templates/macros/share.html): the
// phone's share sheet where the browser has one (navigator.share), else a copy to the clipboard
// with "Copied" shown in the button itself, so nothing moves under the finger. One listener on
// the document serves the buttons htmx swaps in later too.
(function () {
  "use strict";

  var canShare = typeof navigator.share === "function";
  // the stylesheet shows "Share" or "Copy" by this class
  document.documentElement.classList.add(canShare ? "can-share" : "can-copy");

  function status(button, message) {
    var region = button.nextElementSibling;
    if (region && region.hasAttribute("data-share-status")) region.textContent = message;
  }

  function showCopied(button) {
    button.classList.add("copied");
    status(button, "Link copied.");
    clearTimeout(button._shareTimer);
    button._shareTimer = setTimeout(function () {
      button.classList.remove("copied");
      status(button, "");
    }, 2000);
  }

  // A plain http:// address on a home network is not a secure context: no clipboard API there,
  // so the text is copied the older way, from a read-only text box off screen.
  function copyTheOldWay(text) {
    var box = document.createElement("textarea");
    box.value = text;
    box.setAttribute("readonly", "");
    box.className = "share-scratch";
    document.body.appendChild(box);
    box.select();
    var copied = false;
    try {
      copied = document.execCommand("copy");
    } catch (err) {
      copied = false;
    }
    box.remove();
    return copied;
  }

  function copy(button, text) {
    var done = function () { showCopied(button); };
    var failed = function () {
      if (copyTheOldWay(text)) done();
      else status(button, "Could not copy: press and hold the link to copy it.");
      button.focus();
    };
    if (navigator.clipboard && window.isSecureContext) navigator.clipboard.writeText(text).then(done, failed);
    else failed();
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("button[data-share-url]");
    if (!button) return;
    var url = button.dataset.shareUrl;
    if (!canShare) {
      copy(button, url);
      return;
    }
    navigator.share({ title: button.dataset.shareTitle, text: button.dataset.shareText, url: url }).catch(
      function (err) {
        // closing the share sheet is a choice, not a failure; anything else falls back to a copy
        if (!err || err.name !== "AbortError") copy(button, url);
      }
    );
  });
})();
