/* The warband builder: after an action reshapes the editor (add, copy a figure; add a minion, a pool,
   a summon, an illusion), the keyboard's focus goes to the field the player works on next, which the
   server names in #wb-editor's data-focus, instead of being lost with the button that was swapped out. */
(function () {
  "use strict";
  document.addEventListener("htmx:afterSettle", function () {
    var editor = document.querySelector("#wb-editor[data-focus]");
    if (!editor) return;
    var element = document.getElementById(editor.getAttribute("data-focus"));
    editor.removeAttribute("data-focus");
    if (element) element.focus();
  });
})();
