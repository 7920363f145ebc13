// After a form is sent with htmx and the answer swapped in (the calculator, the home games),
// focus the first field with an error, or the error message that belongs to no field, so
// that a keyboard or screen-reader user lands on what needs fixing. Containers that want
// this carry data-focus-errors.
(function () {
  "use strict";
  document.addEventListener("htmx:afterSettle", function (event) {
    var detail = event.detail || {};
    var source = detail.requestConfig && detail.requestConfig.elt;
    if (!source || source.tagName !== "FORM") {
      return;
    }
    var id = detail.target && detail.target.id;
    var container = id && document.getElementById(id);
    if (!container || !container.hasAttribute("data-focus-errors")) {
      return;
    }
    var first = container.querySelector('[aria-invalid="true"], [data-error-summary]');
    if (first) {
      first.focus();
    }
  });
})();
