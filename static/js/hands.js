// Hand records: a Print button on the printable sheet.
(function () {
  "use strict";
  document.querySelectorAll(".js-print").forEach(function (button) {
    button.hidden = false;
    button.addEventListener("click", function () { window.print(); });
  });
})();
