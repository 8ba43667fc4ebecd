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

  /* The arena board: hovering a hex names it above the board. */
  document.addEventListener("mouseover", function (event) {
    var hex = event.target.closest ? event.target.closest("#arena-board polygon.hex") : null;
    var info = document.getElementById("hex-info");
    if (!hex || !info) return;
    var title = hex.querySelector("title");
    if (title) info.textContent = title.textContent;
  });
})();
