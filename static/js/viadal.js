/* The site's own behaviour, as a static file: the Content-Security-Policy allows no inline script
   and no event handler attribute (docs/decisions.md, "Content-Security-Policy"). */
(function () {
  "use strict";

  /* A button marked data-print prints the page (the character sheets, the Krónika). */
  document.addEventListener("click", function (event) {
    var button = event.target.closest("[data-print]");
    if (button) {
      event.preventDefault();
      window.print();
    }
  });

  /* The arena board: hovering a hex, focusing it from the keyboard, or tapping it on a touch screen
     names it above the board (#hex-info); a tapped hex (or one chosen with Enter) stays marked until
     another is. On the play screen the lit targets and the pieces are named the same way. */
  var NAMED = "#arena-board:not(.play-board) polygon.hex, .board-layer .target, .board-layer .piece";
  function showHex(event) {
    var hex = event.target.closest ? event.target.closest(NAMED) : null;
    var info = document.getElementById("hex-info");
    if (!hex || !info) return null;
    var title = hex.querySelector("title");
    if (title) info.textContent = title.textContent;
    return hex;
  }
  function markHex(hex) {
    if (!hex.matches("polygon.hex")) return;
    var marked = document.querySelectorAll("#arena-board polygon.hex.is-tapped");
    for (var i = 0; i < marked.length; i++) marked[i].classList.remove("is-tapped");
    hex.classList.add("is-tapped");
  }
  document.addEventListener("mouseover", showHex);
  document.addEventListener("focusin", showHex);
  document.addEventListener("click", function (event) {
    var hex = showHex(event);
    if (hex) markHex(hex);
  });

  /* The board from the keyboard: one Tab stop on the board page (the hex last focused), the arrow
     keys go to the nearest hex (or lit target or piece on the play screen) in their direction, Home
     to the first; Enter or Space on a hex of the board page marks it as a tap does (the play screen
     acts on its targets and pieces itself, static/js/play.js). */
  function boardHexes() {
    return Array.prototype.slice.call(document.querySelectorAll("#arena-board:not(.play-board) polygon.hex"));
  }
  function keyboardBoard() {
    var hexes = boardHexes();
    if (!hexes.length) return;
    var svg = document.getElementById("arena-board");
    svg.setAttribute("role", "group");
    var first = hexes[0];
    hexes.forEach(function (hex) {
      var title = hex.querySelector("title");
      hex.setAttribute("tabindex", hex === first ? "0" : "-1");
      hex.setAttribute("role", "button");
      if (title) hex.setAttribute("aria-label", title.textContent);
    });
  }
  function centre(el) {
    var box = el.getBoundingClientRect();
    return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
  }
  var DIRECTIONS = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowDown: [0, 1], ArrowUp: [0, -1] };
  function nearest(from, items, direction) {
    var at = centre(from);
    var best = null;
    var bestScore = Infinity;
    items.forEach(function (item) {
      if (item === from) return;
      var c = centre(item);
      var dx = c.x - at.x;
      var dy = c.y - at.y;
      var along = dx * direction[0] + dy * direction[1];
      var across = Math.abs(dx * direction[1] - dy * direction[0]);
      if (along <= 0 || across > along * 1.8) return;  /* within 60 degrees either side */
      /* the nearest first, a little against the slant: on the hex grid the next row's neighbours (30
         degrees off) come before the hex two rows on, straight ahead */
      var score = Math.sqrt(dx * dx + dy * dy) + across / 2;
      if (score < bestScore) { bestScore = score; best = item; }
    });
    return best;
  }
  function focusables(from) {
    if (from.matches("polygon.hex")) return boardHexes();
    return Array.prototype.slice.call(document.querySelectorAll(".board-layer .target, .board-layer .piece"))
      .filter(function (el) { return el.getClientRects().length && !el.classList.contains("is-hidden"); });
  }
  document.addEventListener("keydown", function (event) {
    var from = event.target.closest ? event.target.closest(NAMED) : null;
    if (!from) return;
    if (from.matches("polygon.hex") && (event.key === "Enter" || event.key === " ")) {
      event.preventDefault();
      markHex(from);
      showHex(event);
      return;
    }
    var items = focusables(from);
    var to = null;
    if (DIRECTIONS[event.key]) to = nearest(from, items, DIRECTIONS[event.key]);
    else if (event.key === "Home") to = items[0];
    else if (event.key === "End") to = items[items.length - 1];
    else return;
    event.preventDefault();
    if (!to) return;
    if (to.matches("polygon.hex")) {
      from.setAttribute("tabindex", "-1");
      to.setAttribute("tabindex", "0");
    }
    to.focus();
  });
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", keyboardBoard);
  else keyboardBoard();

  /* A refusal answered to an htmx request (a 403 or 404 page: htmx swaps nothing) is told above the
     page, in the words of the refusal page: its heading and its reason. The play screen tells its own. */
  document.addEventListener("htmx:responseError", function (event) {
    var xhr = event.detail.xhr;
    var main = document.querySelector("main");
    if (!xhr || (xhr.status !== 403 && xhr.status !== 404) || !main || document.querySelector("[data-forbidden]")) return;
    var refusal = new DOMParser().parseFromString(xhr.responseText, "text/html");
    var heading = refusal.querySelector("#error-page h1");
    if (!heading) return;
    var reason = refusal.querySelector("#error-reason");
    var alert = document.getElementById("htmx-refusal") || document.createElement("div");
    alert.id = "htmx-refusal";
    alert.className = "alert alert-danger";
    alert.setAttribute("role", "alert");
    alert.textContent = heading.textContent + (reason ? ": " + reason.textContent : "");
    main.insertBefore(alert, main.firstChild);
    alert.scrollIntoView({ block: "nearest" });
  });

  /* The team builder's live check posts only the card the player changed (its fields, the CSRF token
     and what the page shows), with the cards of the last post when that was not saved (a value refused:
     #builder-shown's data-unsaved), so that nothing the page shows is left unsaved (teams/builder.py,
     posted_parts). The Save button still posts the whole form. */
  var BUILDER_KEPT = ["csrfmiddlewaretoken", "builder-shown"];
  document.addEventListener("htmx:configRequest", function (event) {
    var form = event.detail.elt;
    var changed = event.detail.triggeringEvent ? event.detail.triggeringEvent.target : null;
    if (!form || form.id !== "team-builder" || !changed || !changed.closest) return;
    var card = changed.closest("[data-builder-part]");
    if (!card || !form.contains(card)) return;
    var parts = [card.getAttribute("data-builder-part")];
    var shown = document.getElementById("builder-shown");
    (shown ? shown.getAttribute("data-unsaved") || "" : "").split(" ").forEach(function (part) {
      if (part && parts.indexOf(part) < 0) parts.push(part);
    });
    var data = event.detail.formData;
    Array.from(new Set(Array.from(data.keys()))).forEach(function (name) {
      var posted = parts.some(function (part) { return name.indexOf(part + "-") === 0; });
      if (!posted && BUILDER_KEPT.indexOf(name) < 0) data.delete(name);
    });
    parts.forEach(function (part) { data.append("builder-part", part); });
  });

  /* The arena board's zoom: the board at its full size in a scrolling frame, and back. */
  document.addEventListener("click", function (event) {
    var button = event.target.closest ? event.target.closest("#board-zoom") : null;
    var board = document.getElementById("arena-board");
    if (!button || !board) return;
    var large = board.classList.toggle("arena-board--large");
    button.setAttribute("aria-pressed", large ? "true" : "false");
    button.textContent = large ? button.dataset.zoomOut : button.dataset.zoomIn;
  });
})();
