// Errors that are heard. A page that comes back with form errors has a summary at the top
// (role="alert"): focus goes to it, so a screen reader reads it and Tab goes on to its
// links, each of which moves to its field. A form sent by htmx that comes back with errors
// puts focus on its first invalid field; the room sheet and containers with data-own-focus
// or data-focus-errors (the calculator, the home games) move focus themselves.
(function () {
  "use strict";

  document.addEventListener("DOMContentLoaded", function () {
    var summary = document.getElementById("error-summary");
    if (summary) { summary.focus(); }
  });

  // A summary link moves focus to its field (and scrolls the field's label into view).
  document.addEventListener("click", function (event) {
    var link = event.target.closest ? event.target.closest("#error-summary a[href^='#']") : null;
    if (!link) { return; }
    var field = document.getElementById(link.getAttribute("href").slice(1));
    if (!field) { return; }
    event.preventDefault();
    field.focus();
    var label = document.querySelector("label[for='" + field.id + "']");
    (label || field).scrollIntoView({block: "center"});
  });

  document.addEventListener("htmx:afterSettle", function (event) {
    var config = event.detail.requestConfig || {};
    var trigger = config.triggeringEvent;
    var source = config.elt;
    if (!source || !((trigger && trigger.type === "submit") || source.tagName === "FORM")) { return; }
    if (source.closest && source.closest("[data-own-focus], [data-focus-errors], .sheet")) { return; }
    var target = event.detail.target;
    if (!target || !target.isConnected) { target = target && target.id ? document.getElementById(target.id) : null; }
    var scope = target || document;
    if (scope.closest && scope.closest("[data-own-focus], [data-focus-errors], .sheet")) { return; }
    var invalid = scope.querySelector("[aria-invalid='true'], .is-invalid");
    if (invalid) { invalid.focus(); }
  });
})();
