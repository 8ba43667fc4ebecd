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

  /* The arena board: hovering a hex, or tapping it on a touch screen, names it above the board;
     a tapped hex stays marked until another is tapped. */
  function showHex(event) {
    var hex = event.target.closest ? event.target.closest("#arena-board polygon.hex") : null;
    var info = document.getElementById("hex-info");
    if (!hex || !info) return null;
    var title = hex.querySelector("title");
    if (title) info.textContent = title.textContent;
    return hex;
  }
  document.addEventListener("mouseover", showHex);
  document.addEventListener("click", function (event) {
    var hex = showHex(event);
    if (!hex) return;
    var marked = document.querySelectorAll("#arena-board polygon.hex.is-tapped");
    for (var i = 0; i < marked.length; i++) marked[i].classList.remove("is-tapped");
    hex.classList.add("is-tapped");
  });

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
