// Room sheet: Enter saves a row (the form submits through htmx); once the row comes back
// saved, the cursor moves to the next row's contract. A row that comes back with an
// error keeps the cursor on its first bad field.
(function () {
  "use strict";
  var lastSubmitted = null;

  document.addEventListener("submit", function (event) {
    var row = event.target.closest(".sheet-row");
    if (row) { lastSubmitted = row.dataset.board; }
  }, true);

  document.addEventListener("htmx:afterSwap", function (event) {
    var row = event.detail.elt && event.detail.elt.closest ? document.getElementById(event.detail.elt.id) : null;
    if (!row || !row.classList.contains("sheet-row") || row.dataset.board !== lastSubmitted) { return; }
    lastSubmitted = null;
    var target;
    if (row.dataset.saved === "true") {
      var next = row.nextElementSibling;
      while (next && !next.classList.contains("sheet-row")) { next = next.nextElementSibling; }
      target = next ? next.querySelector("input[type=text]") : null;
    } else {
      target = row.querySelector(".is-invalid") || row.querySelector("input[type=text]");
    }
    if (target) { target.focus(); target.select(); }
  });
})();
