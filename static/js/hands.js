// Hand records: a Print button on the printable sheet, and progress while a deals file
// is analysed (the form posts as usual; this page asks the server how far it has gone).
(function () {
  "use strict";
  document.querySelectorAll(".js-print").forEach(function (button) {
    button.hidden = false;
    button.addEventListener("click", function () { window.print(); });
  });

  var form = document.querySelector("form.deals-form");
  if (!form) return;
  form.addEventListener("submit", function () {
    var token = form.querySelector("input[name=token]");
    var box = form.querySelector(".deals-progress");
    var bar = box.querySelector("progress");
    var text = box.querySelector(".deals-progress-text");
    var button = form.querySelector("button[type=submit]");
    box.hidden = false;
    button.disabled = true;
    if (!token || !token.value) return;
    var url = form.dataset.progressUrl.replace("TOKEN", token.value);
    function poll() {
      fetch(url, { credentials: "same-origin", headers: { Accept: "application/json" } })
        .then(function (response) { return response.ok ? response.json() : null; })
        .then(function (state) {
          if (state && state.total) {
            bar.max = state.total;
            bar.value = state.done;
            text.textContent = text.dataset.template
              .replace("{done}", state.done).replace("{total}", state.total);
          }
        })
        .catch(function () {})
        .then(function () { window.setTimeout(poll, 400); });
    }
    window.setTimeout(poll, 300);
  });
})();
