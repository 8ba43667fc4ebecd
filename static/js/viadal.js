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
