/* The play screen: choosing on the board (templates/arena/match.html).
 *
 * Every choice is a button of the seat's action form, rendered by the server from the engine's legal
 * actions; this script only shows and hides them: tap one of your characters and the hexes his
 * choices point at light up (with their MAN cost); tap a lit hex to act (a move, a deployment), or an
 * enemy to bring forward the attacks on him. It keeps the selection across the live refreshes, marks
 * the tab when it is your move, and reloads the page when an action gets no answer. Where the page
 * offers push, it listens to the match's stream and refreshes when the stream tells a new version.
 */
(function () {
  "use strict";

  var BOARD_KINDS = ["Move", "Deploy", "Disengage", "Shift", "MoveCloud", "PlayTraps", "ZombieAct"];
  var selected = null;
  var pending = null;
  var restoreTimer = null;

  function screen() { return document.getElementById("play-screen"); }
  function all(selector, root) { return Array.prototype.slice.call((root || document).querySelectorAll(selector)); }
  function buttons() { return all("form.play-form button.choice"); }
  function storageKey() { var s = screen(); return s ? "viadal-selected-" + s.dataset.match : "viadal-selected"; }

  function charsWithChoices(onBoardOnly) {
    var found = {};
    buttons().forEach(function (b) {
      if (b.dataset.char && (!onBoardOnly || b.dataset.hex)) { found[b.dataset.char] = true; }
    });
    return Object.keys(found);
  }

  function clearOffered() {
    all(".offered").forEach(function (el) { el.classList.remove("offered"); });
  }

  function select(id, keepScroll) {
    var changed = id !== selected;
    selected = id;
    try { if (id) { sessionStorage.setItem(storageKey(), id); } else { sessionStorage.removeItem(storageKey()); } } catch (e) { /* private mode */ }
    clearOffered();
    all(".board-layer .piece").forEach(function (p) { p.classList.toggle("selected", p.dataset.piece === id); });
    all(".board-layer .target").forEach(function (t) {
      t.classList.toggle("is-hidden", Boolean(t.dataset.char) && t.dataset.char !== id);
    });
    var lit = {};
    all(".board-layer .target").forEach(function (t) { if (!t.classList.contains("is-hidden")) { lit[t.dataset.hex] = true; } });
    all(".board-layer .piece").forEach(function (p) { p.classList.toggle("on-target", Boolean(lit[p.dataset.hex])); });
    all("#action-form .choice-group").forEach(function (g) {
      g.classList.toggle("is-hidden", Boolean(id) && Boolean(g.dataset.char) && g.dataset.char !== id);
    });
    all("#characters tr[data-char]").forEach(function (row) { row.classList.toggle("table-active", row.dataset.char === id); });
    if (id && changed) { tellLit(id); }
    if (id && changed && !keepScroll) {
      centreOn(document.querySelector('.board-layer .piece[data-piece="' + id + '"]') ||
               document.querySelector(".board-layer .target:not(.is-hidden)"));
    }
  }

  function tellLit(id) {
    /* the hex line (aria-live) says whom the reader chose and every hex lit for him, with its MAN */
    var info = document.getElementById("hex-info");
    var s = screen();
    if (!info || !s) { return; }
    var piece = document.querySelector('.board-layer .piece[data-piece="' + id + '"] title');
    var lit = all(".board-layer .target:not(.is-hidden) title").map(function (t) { return t.textContent; });
    info.textContent = (piece ? piece.textContent + ". " : "") + (lit.length ? s.dataset.litHexes + " " + lit.join("; ") : "");
  }

  function centreOn(el) {
    /* on a small screen the board scrolls in its box: bring the chosen character into it */
    var box = document.getElementById("board-scroll");
    if (!el || !box || box.scrollWidth <= box.clientWidth + 2) { return; }
    var at = el.getBoundingClientRect();
    var frame = box.getBoundingClientRect();
    box.scrollLeft += at.left + at.width / 2 - (frame.left + frame.width / 2);
    box.scrollTop += at.top + at.height / 2 - (frame.top + frame.height / 2);
  }

  function offer(found) {
    clearOffered();
    if (found.length === 1 && BOARD_KINDS.indexOf(found[0].dataset.kind) >= 0) {
      found[0].click();
      return;
    }
    found.forEach(function (b) {
      b.classList.add("offered");
      var details = b.closest("details");
      if (details) { details.open = true; }
    });
    if (found.length) {
      /* the choices for that enemy or hex: the keyboard goes to the first of them */
      found[0].scrollIntoView({ block: "nearest" });
      found[0].focus({ preventScroll: true });
    }
  }

  function onTarget(target) {
    var hex = target.dataset.hex;
    var who = target.dataset.char || "";
    var found = buttons().filter(function (b) { return b.dataset.hex === hex && (b.dataset.char || "") === who; });
    target.classList.add("offered");
    offer(found);
  }

  function onPiece(piece) {
    var id = piece.dataset.piece;
    if (selected && id !== selected) {
      var aimed = buttons().filter(function (b) {
        return b.dataset.char === selected && (b.dataset.target === id || (b.dataset.hex && b.dataset.hex === piece.dataset.hex));
      });
      if (aimed.length) { offer(aimed); return; }
    }
    if (charsWithChoices(false).indexOf(id) >= 0) {
      select(id);  /* tapping him again keeps him: "Clear the selection" lets go */
    } else {
      all("#characters tr[data-char]").forEach(function (row) { row.classList.toggle("table-active", row.dataset.char === id); });
    }
  }

  function restore() {
    var wanted = selected;
    try { wanted = wanted || sessionStorage.getItem(storageKey()); } catch (e) { /* private mode */ }
    var chars = charsWithChoices(false);
    var onBoard = charsWithChoices(true);
    /* a refresh keeps the reader's choice and never moves the board under his finger */
    if (wanted && chars.indexOf(wanted) >= 0) { select(wanted, true); }
    else if (onBoard.length === 1) { select(onBoard[0], onBoard[0] === wanted); }
    else { select(null); }
    var status = document.getElementById("match-status");
    var s = screen();
    if (status && s) {
      var base = document.title.replace(/^● [^·]*· /, "");
      document.title = status.dataset.myTurn === "1" ? "● " + s.dataset.yourMove + " · " + base : base;
    }
  }

  /* The log's newest lines come first (a reversed list numbered from the count): the lines a refresh
     adds are read out in the #match-events live region, oldest first. */
  var logCount = null;
  function logLines() { return document.querySelector("#match-log ol.log-lines"); }
  function announceEvents() {
    var list = logLines();
    var region = document.getElementById("match-events");
    if (!list || !region) { return ""; }
    var count = parseInt(list.getAttribute("start") || "0", 10);
    var text = "";
    if (logCount !== null && count > logCount) {
      var items = all("li", list).slice(0, count - logCount).reverse();
      text = items.map(function (li) { return li.textContent.trim(); }).join(" ");
    }
    logCount = count;
    return text;
  }

  /* After a refresh the line above the board says what the focused piece or hex is now (or
     nothing): never the values of a position that has gone. The site's messages ("Challenge
     accepted") belong to the page's first position: they go once the match moves on. */
  var firstVersion = null;
  function refreshLines() {
    var info = document.getElementById("hex-info");
    var focused = document.activeElement;
    var on = focused && focused.closest ? focused.closest(".board-layer .target, .board-layer .piece") : null;
    var title = on ? on.querySelector("title") : null;
    if (info && title) { info.textContent = title.textContent; }
    else if (info && selected) { tellLit(selected); }
    else if (info) { info.textContent = "\u00a0"; }
    var status = document.getElementById("match-status");
    if (!status) { return; }
    if (firstVersion === null) { firstVersion = status.dataset.version; }
    else if (status.dataset.version !== firstVersion) {
      all("#content > .alert").forEach(function (alert) { alert.remove(); });
    }
  }

  /* The keyboard (issue 32). The board is one Tab stop: the piece or hex last focused there, else the
     chosen character; the arrow keys move between the pieces and the lit hexes (static/js/viadal.js).
     Tab from the chosen character goes to his lit hexes, and on from them past the board. The focus
     stays on the same piece, hex or button across every refresh; after the reader's own action it
     goes to the prompt (or to the refusal's reason). One live region (#match-events) reads out the
     new log lines, "your move" with the prompt, and the outcome of the reader's action. */
  var lastKey = null;
  var ownAction = false;
  var wasMyTurn = null;

  function keyOf(el) {
    if (!el || el === document.body || !el.closest) { return null; }
    if (el.dataset && el.dataset.piece) { return { piece: el.dataset.piece }; }
    if (el.classList.contains("target")) { return { target: el.dataset.char, hex: el.dataset.hex }; }
    if (el.tagName === "BUTTON" && el.value) { return { value: el.value }; }
    if (el.tagName === "SUMMARY" && el.parentElement && el.parentElement.id) { return { summary: el.parentElement.id }; }
    if (el.id) { return { id: el.id }; }
    return null;
  }

  function findKey(key) {
    if (!key) { return null; }
    if (key.piece) { return document.querySelector('.board-layer .piece[data-piece="' + key.piece + '"]'); }
    if (key.target !== undefined) {
      return all(".board-layer .target").filter(function (t) {
        return t.dataset.char === key.target && t.dataset.hex === key.hex && !t.classList.contains("is-hidden");
      })[0] || document.querySelector('.board-layer .piece[data-hex="' + key.hex + '"]');
    }
    if (key.value) { return all("#play-screen button").filter(function (b) { return b.value === key.value && !b.disabled; })[0] || null; }
    if (key.summary) { return document.querySelector("#" + key.summary + " > summary"); }
    if (key.id) { return document.getElementById(key.id); }
    return null;
  }

  function shown(el) { return el && el.getClientRects().length > 0 && !el.closest(".is-hidden"); }
  function boardItems() { return all(".board-layer .piece, .board-layer .target").filter(shown); }
  function litFor(id) {
    return all('.board-layer .target').filter(function (t) { return t.dataset.char === id && shown(t); });
  }

  function setStop(el) {
    all(".board-layer .piece, .board-layer .target").forEach(function (item) {
      item.setAttribute("tabindex", item === el ? "0" : "-1");
    });
  }

  function rove() {
    var focused = document.activeElement;
    var onBoard = focused && focused.closest && focused.closest(".board-layer .piece, .board-layer .target");
    var stop = onBoard || (lastKey && (lastKey.piece || lastKey.target !== undefined) ? findKey(lastKey) : null);
    if (!shown(stop)) { stop = selected ? document.querySelector('.board-layer .piece[data-piece="' + selected + '"]') : null; }
    if (!shown(stop)) {
      var chooser = charsWithChoices(false).filter(function (id) { return document.querySelector('.board-layer .piece[data-piece="' + id + '"]'); })[0];
      stop = chooser ? document.querySelector('.board-layer .piece[data-piece="' + chooser + '"]') : null;
    }
    if (!shown(stop)) { stop = (selected && litFor(selected)[0]) || boardItems()[0] || null; }
    setStop(stop);
    /* the board box scrolls on a phone: with nothing to focus in it, the box itself is a Tab stop */
    var box = document.getElementById("board-scroll");
    if (box) {
      if (stop) { box.removeAttribute("tabindex"); } else { box.setAttribute("tabindex", "0"); }
    }
  }

  function tabbables() {
    return all('a[href], button:not([disabled]), input:not([type="hidden"]):not([disabled]), select, textarea, summary, [tabindex="0"]')
      .filter(function (el) { return shown(el) && !el.closest("[inert]"); });
  }

  function pastTheBoard() {
    /* from the board to the choices of the step: what the board's keys lead to */
    var choices = document.getElementById("choices");
    var first = choices ? tabbables().filter(function (el) { return choices.contains(el); })[0] : null;
    if (first) { return first; }
    var wrap = document.getElementById("board-scroll");
    return tabbables().filter(function (el) {
      return !wrap.contains(el) && (wrap.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING);
    })[0] || null;
  }

  function nearestTo(from, items) {
    var at = from.getBoundingClientRect();
    var best = null;
    var bestDistance = Infinity;
    items.forEach(function (item) {
      var box = item.getBoundingClientRect();
      var d = Math.pow(box.left - at.left, 2) + Math.pow(box.top - at.top, 2);
      if (d < bestDistance) { bestDistance = d; best = item; }
    });
    return best;
  }

  function onTab(event) {
    var el = event.target.closest && event.target.closest(".board-layer .piece, .board-layer .target");
    if (!el) { return; }
    var piece = selected && document.querySelector('.board-layer .piece[data-piece="' + selected + '"]');
    var lit = selected ? litFor(selected) : [];
    var to = null;
    if (!event.shiftKey && el.classList.contains("piece") && el.dataset.piece === selected && lit.length) {
      to = nearestTo(el, lit);  /* his hexes come right after him */
    } else if (event.shiftKey && el.classList.contains("target") && shown(piece)) {
      to = piece;
    } else if (!event.shiftKey) {
      to = pastTheBoard();
    }
    if (to) { event.preventDefault(); to.focus(); }
  }

  function say(parts) {
    var region = document.getElementById("match-events");
    var text = parts.filter(Boolean).join(" ");
    if (region && text) { region.textContent = text; }
  }

  function promptText() {
    var p = document.getElementById("match-prompt") || document.getElementById("match-result");
    return p ? p.textContent.replace(/\s+/g, " ").trim() : "";
  }

  function afterRefresh(logText) {
    rove();
    var status = document.getElementById("match-status");
    var mine = status && status.dataset.myTurn === "1";
    var message = document.getElementById("play-message");
    var parts = [logText];
    if (ownAction) {
      ownAction = false;
      if (message) { parts.push(message.textContent.trim()); }
      parts.push(promptText());
      var to = message || document.getElementById("match-prompt") || document.getElementById("match-result");
      if (to) {
        if (!to.hasAttribute("tabindex")) { to.setAttribute("tabindex", "-1"); }
        to.focus({ preventScroll: true });
        lastKey = keyOf(to);
      }
    } else {
      if (mine && wasMyTurn === false) { parts.push(promptText()); }
      var focused = document.activeElement;
      if ((!focused || focused === document.body) && lastKey) {
        var back = findKey(lastKey);
        if (!shown(back) && (lastKey.piece || lastKey.target !== undefined)) {
          /* the piece or hex is gone (fallen, hidden, no longer lit): the board's one Tab stop instead */
          back = document.querySelector('.board-layer .piece[tabindex="0"], .board-layer .target[tabindex="0"]');
        }
        if (back && shown(back)) { back.focus({ preventScroll: true }); }
      }
    }
    wasMyTurn = Boolean(mine);
    say(parts);
  }

  document.addEventListener("focusin", function (event) {
    var key = keyOf(event.target);
    if (key && event.target.closest("#play-screen")) { lastKey = key; }
    var onBoard = event.target.closest && event.target.closest(".board-layer .piece, .board-layer .target");
    if (onBoard) { setStop(onBoard); }
  });
  document.addEventListener("pointerdown", function () { lastKey = null; });

  function scheduleRestore() {
    if (restoreTimer) { clearTimeout(restoreTimer); }
    restoreTimer = setTimeout(function () { restore(); afterRefresh(announceEvents()); refreshLines(); }, 0);  /* once the answer's parts are all swapped in */
  }

  function showProblem(text) {
    var status = document.getElementById("match-status");
    if (!status || !text) { return; }
    var old = document.getElementById("play-message");
    if (old) { old.remove(); }
    var box = document.createElement("div");
    box.className = "alert alert-danger py-2 mb-2";
    box.id = "play-message";
    box.setAttribute("role", "alert");
    box.textContent = text;
    status.appendChild(box);
  }

  document.addEventListener("click", function (event) {
    var target = event.target.closest(".board-layer .target");
    if (target) { onTarget(target); return; }
    var piece = event.target.closest(".board-layer .piece");
    if (piece) { onPiece(piece); return; }
    if (event.target.closest("#board-clear")) { select(null); return; }
    var zoom = event.target.closest("#board-zoom");
    if (zoom) {
      var box = document.getElementById("board-scroll");
      var on = box.classList.toggle("zoomed");
      zoom.setAttribute("aria-pressed", on ? "true" : "false");
    }
  });

  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape" && event.target.closest && event.target.closest(".board-layer, #play-screen")) {
      select(null);  /* Escape lets go of the selected character, as "Clear the selection" does */
      return;
    }
    if (event.key === "Tab") { onTab(event); return; }
    if (event.key !== "Enter" && event.key !== " ") { return; }
    var el = event.target.closest && event.target.closest(".board-layer .target, .board-layer .piece");
    if (!el) { return; }
    event.preventDefault();
    if (el.classList.contains("target")) { onTarget(el); } else { onPiece(el); }
  });

  function answered() {
    if (pending) { clearTimeout(pending); pending = null; }
  }

  /* An action's answer swaps the form it came from out of the page, so its own events no longer
     reach the document: any new content (htmx:load) or any error counts as the answer. */
  document.addEventListener("htmx:load", function () { answered(); scheduleRestore(); });
  document.addEventListener("htmx:beforeRequest", function (event) {
    var elt = event.detail.elt;
    if (elt && elt.closest && elt.closest("form")) {
      answered();
      ownAction = true;
      pending = setTimeout(function () {
        var s = screen();
        showProblem(s ? s.dataset.noAnswer : "");
        window.location.reload();
      }, 8000);
    }
  });
  /* Every poll and action says which parts the page holds (their fingerprints, data-fp): the answer
     leaves out those that have not changed (arena/views/parts.py). */
  document.addEventListener("htmx:configRequest", function (event) {
    var s = screen();
    var elt = event.detail.elt;
    if (!s || !elt || !s.contains(elt)) { return; }
    var have = all("[data-fp]", s).map(function (el) { return el.dataset.fp; }).join(" ");
    if (!have) { return; }
    if (event.detail.formData) { event.detail.formData.set("have", have); }
    else { event.detail.parameters.have = have; }
  });
  document.addEventListener("htmx:sendError", answered);
  document.addEventListener("htmx:responseError", function (event) {
    answered();
    var s = screen();
    if (s && event.detail.xhr && event.detail.xhr.status === 403) { showProblem(s.dataset.forbidden); }
  });
  /* Push (issue 35). When the page offers the match's stream (#poller[data-stream]), the stream tells
     each new version of the match (a number, and whether the match is over: nothing a seat keeps
     secret), and this script sends the page's own refresh request (the poller's "viadal-refresh",
     the same GET /play/<id>/poll/?v=N that polling sends) once for each version newer than the
     page's. While the stream is open the page polls only as a safety net (data-safety-ms after the
     stream's last message: a stream that delivers is evidently open, and one that has gone silent
     behind a proxy is caught by the poll); while it is not (it failed, it reconnects, the browser has
     no EventSource) every data-poll-ms, as it does without push. #play-screen[data-push] says which:
     "open", "polling" or "over". */
  var source = null;
  var healthy = false;
  var heard = -1;          /* the newest version the stream told */
  var heardOver = false;   /* the stream told that the match is over */
  var requested = -1;      /* the newest version a refresh was sent for */
  var requestedOver = false;
  var pollTimer = null;
  var reopenTimer = null;
  var reopenDelay = 5000;

  function poller() { return document.getElementById("poller"); }
  function pushed() { var p = poller(); return Boolean(p && p.dataset.stream); }
  function live() { var p = poller(); return Boolean(p && p.getAttribute("hx-get")); }
  function pageVersion() { var p = poller(); return p ? parseInt(p.dataset.version, 10) : -1; }
  function pushState(state) { var s = screen(); if (s) { s.dataset.push = state; } }

  function sendRefresh() {
    var p = poller();
    if (p && live() && window.htmx) { window.htmx.trigger(p, "viadal-refresh"); }
  }

  function stopPush() {
    if (source) { source.close(); source = null; }
    if (pollTimer) { clearTimeout(pollTimer); pollTimer = null; }
    if (reopenTimer) { clearTimeout(reopenTimer); reopenTimer = null; }
    healthy = false;
    pushState("over");
  }

  /* After every answer (a refresh, an action's): a version the stream told and the page does not
     show yet is fetched, once; a refresh that htmx dropped (an action was on its way) is sent again. */
  function catchUp() {
    if (!pushed()) { return; }
    if (!live()) { stopPush(); return; }
    if ((heard > pageVersion() && heard > requested) || (heardOver && !requestedOver)) { sendRefresh(); }
  }

  function schedulePoll() {
    if (pollTimer) { clearTimeout(pollTimer); pollTimer = null; }
    if (!pushed() || !live()) { return; }
    var p = poller();
    var every = parseInt(healthy ? p.dataset.safetyMs : p.dataset.pollMs, 10);
    pushState(healthy ? "open" : "polling");
    if (every > 0) { pollTimer = setTimeout(function () { sendRefresh(); schedulePoll(); }, every); }
  }

  function openStream() {
    reopenTimer = null;
    var p = poller();
    if (!p || !p.dataset.stream || !live()) { return; }
    if (!window.EventSource) { healthy = false; schedulePoll(); return; }
    source = new window.EventSource(p.dataset.stream);
    source.addEventListener("open", function () { healthy = true; reopenDelay = 5000; schedulePoll(); });
    source.addEventListener("message", function (event) {
      var told;
      try { told = JSON.parse(event.data); } catch (e) { return; }
      schedulePoll();  /* the safety net counts from the stream's last message */
      if (typeof told.version === "number" && told.version > heard) { heard = told.version; }
      if (told.over) { heardOver = true; }
      catchUp();
    });
    /* The stream carries the page's own refreshed parts (event "parts": the version and whether the
       match is over, then the parts' HTML as the refresh would answer it): they are swapped in by id as the
       refresh's are, without a request. While an action of this page is on its way they are not
       (its answer brings a newer position); the version is noted, and caught up after the answer. */
    source.addEventListener("parts", function (event) {
      /* the first line: the version and the end (JSON); the rest: the parts' HTML */
      var told;
      var cut = event.data.indexOf("\n");
      try { told = JSON.parse(cut < 0 ? event.data : event.data.slice(0, cut)); } catch (e) { return; }
      told.html = cut < 0 ? "" : event.data.slice(cut + 1);
      schedulePoll();
      if (typeof told.version !== "number") { return; }
      if (told.version > heard) { heard = told.version; }
      if (told.over) { heardOver = true; }
      var s = screen();
      if (!pending && s && window.htmx && (told.version > pageVersion() || (told.over && live()))) {
        window.htmx.swap(s, told.html, { swapStyle: "none" });
        requested = Math.max(requested, told.version);
        if (told.over) { requestedOver = true; }
      }
      setTimeout(catchUp, 0);
    });
    source.addEventListener("error", function () {
      /* the browser reconnects by itself (CONNECTING) unless the server refused the stream (CLOSED):
         then this script opens it again later; meanwhile the page polls */
      healthy = false;
      schedulePoll();
      if (source && source.readyState === window.EventSource.CLOSED) {
        source = null;
        if (live()) {
          reopenTimer = setTimeout(openStream, reopenDelay);
          reopenDelay = Math.min(reopenDelay * 2, 300000);
        }
      }
    });
    schedulePoll();
  }

  document.addEventListener("htmx:beforeRequest", function (event) {
    var elt = event.detail.elt;
    if (elt && elt.id === "poller") {
      requested = Math.max(requested, heard);
      if (heardOver) { requestedOver = true; }
    }
  });
  document.addEventListener("htmx:load", function () { setTimeout(catchUp, 0); });
  document.addEventListener("htmx:afterRequest", function () { setTimeout(catchUp, 0); });

  document.addEventListener("DOMContentLoaded", function () {
    if (pushed()) { openStream(); }
    restore();
    announceEvents();
    rove();
    var status = document.getElementById("match-status");
    wasMyTurn = Boolean(status && status.dataset.myTurn === "1");
    refreshLines();
  });
})();
