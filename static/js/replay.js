/* The replay viewer (templates/arena/replay.html): the arrow keys step through the match (← → an
   action, Shift with them a step, Page Up and Page Down a round, Home and End the first and last), and
   Play goes forward an action a second until Pause or the end. Each position is its own page. */
(function () {
  "use strict";

  var KEY = "viadal-replay-playing";
  var KEYS = { ArrowLeft: "replay-back", ArrowRight: "replay-forward", PageUp: "replay-round-back",
               PageDown: "replay-round-forward", Home: "replay-first", End: "replay-last" };
  var SHIFTED = { ArrowLeft: "replay-step-back", ArrowRight: "replay-step-forward" };

  function go(id) {
    var link = document.getElementById(id);
    if (!link || link.classList.contains("disabled")) { return false; }
    window.location.href = link.href;
    return true;
  }

  function playing() { try { return sessionStorage.getItem(KEY) === "1"; } catch (e) { return false; } }
  function setPlaying(on) { try { if (on) { sessionStorage.setItem(KEY, "1"); } else { sessionStorage.removeItem(KEY); } } catch (e) { /* private mode */ } }

  document.addEventListener("keydown", function (event) {
    var t = event.target;
    if (t && t.closest && t.closest("input, select, textarea")) { return; }
    if (event.ctrlKey || event.altKey || event.metaKey) { return; }
    var id = event.shiftKey ? SHIFTED[event.key] : KEYS[event.key];
    if (id && go(id)) { event.preventDefault(); }
  });

  document.addEventListener("DOMContentLoaded", function () {
    var button = document.getElementById("replay-play");
    if (!button) { return; }
    function show(on) {
      button.setAttribute("aria-pressed", on ? "true" : "false");
      button.textContent = on ? button.dataset.pause : button.dataset.play;
    }
    var on = playing();
    show(on);
    var timer = null;
    if (on) {
      timer = setTimeout(function () { if (!go("replay-forward")) { setPlaying(false); show(false); } }, 1000);
    }
    button.addEventListener("click", function () {
      var now = !playing();
      setPlaying(now);
      show(now);
      if (timer) { clearTimeout(timer); timer = null; }
      if (now && !go("replay-forward")) { setPlaying(false); show(false); }
    });
  });
})();
