// The stage form shows only the fields of the chosen format: each field that applies to
// some formats only carries data-kinds (the server renders the others hidden and disabled,
// so a page without scripts shows the right ones once the format is saved). Picking
// another format shows and enables its fields, and hides and disables the rest, so what
// is sent is only what applies.
(function () {
  "use strict";
  function apply(form, select) {
    form.querySelectorAll("[data-kinds]").forEach(function (input) {
      var on = input.getAttribute("data-kinds").split(" ").indexOf(select.value) !== -1;
      var wrapper = input.closest(".kind-only");
      if (wrapper) {
        wrapper.classList.toggle("d-none", !on);
      }
      input.disabled = !on;
    });
  }
  document.querySelectorAll("form.stage-form").forEach(function (form) {
    var select = form.querySelector('select[name="kind"]');
    if (select) {
      select.addEventListener("change", function () {
        apply(form, select);
      });
    }
  });
})();
