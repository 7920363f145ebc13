// A background job's page: while the work runs, ask how far it has gone every second and
// show it; once it has finished (or stopped), load the page again to show what came of it.
(function () {
  "use strict";
  var box = document.querySelector("section.job[data-running]");
  if (!box) return;
  var bar = box.querySelector(".job-progress");
  var text = box.querySelector(".job-text");
  function poll() {
    fetch(box.dataset.stateUrl, { credentials: "same-origin", headers: { Accept: "application/json" } })
      .then(function (response) { return response.ok ? response.json() : null; })
      .then(function (state) {
        if (!state) return;
        if (state.finished || state.stopped) {
          window.location.reload();
          return;
        }
        if (bar && state.total) {
          bar.max = state.total;
          bar.value = state.done;
        }
        if (text.textContent !== state.text) text.textContent = state.text;
      })
      .catch(function () {})
      .then(function () { window.setTimeout(poll, 1000); });
  }
  window.setTimeout(poll, 1000);
})();
