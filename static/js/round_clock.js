/* A round's clock (templates/matches/_round_clock.html) counting down each second, on the
 * wall, the tables' phones, the director's monitor and the clock's page.
 *
 * - The server's figures: a running clock says the instant it ends (data-ends, ms since
 *   1970), a paused or unstarted one the seconds it has left (data-left). Nothing ticks on
 *   the server; a page whose clock changes (paused, extended...) is drawn again and the
 *   new figures replace the old.
 * - The instant is compared with this computer's clock, put right by the server's time
 *   when the page gives it (data-now, a fresh page's) or an answer's Date header says it
 *   (the wall's live refresh, "live:answer"): only when the two are more than a minute
 *   apart (a computer whose clock is wrong), as the header counts whole seconds.
 * - Past the end the clock says the time is up, and counts the time over ("+03:12").
 * - A clock drawn again (the wall's refresh, a phone's new state, the monitor's poll) is
 *   counted at once.
 *
 * A static file, as the Content-Security-Policy allows no inline script.
 */
(function () {
  "use strict";

  var SKEW = 60000; // a computer's clock this far from the server's is put right
  var offset = 0; // the server's time less this computer's
  var seenNow = {};

  function learn(serverMs) {
    if (!isFinite(serverMs)) {
      return;
    }
    var gap = serverMs - Date.now();
    offset = Math.abs(gap) > SKEW ? gap : 0;
  }

  function two(number) {
    return ("0" + number).slice(-2);
  }

  function figure(seconds) {
    var over = seconds < 0;
    var whole = over ? Math.floor(-seconds) : Math.ceil(seconds - 0.001);
    var hours = Math.floor(whole / 3600);
    var minutes = Math.floor((whole % 3600) / 60);
    var text = hours
      ? hours + ":" + two(minutes) + ":" + two(whole % 60)
      : two(minutes) + ":" + two(whole % 60);
    return over ? "+" + text : text;
  }

  function tick() {
    document.querySelectorAll("[data-round-clock]").forEach(function (clock) {
      var now = clock.getAttribute("data-now");
      if (now && !seenNow[now]) {
        seenNow[now] = true;
        learn(parseFloat(now));
      }
      var ends = parseFloat(clock.getAttribute("data-ends"));
      var left = isFinite(ends)
        ? (ends - (Date.now() + offset)) / 1000
        : parseFloat(clock.getAttribute("data-left"));
      if (!isFinite(left)) {
        return;
      }
      var shown = clock.querySelector("[data-clock-figure]");
      var text = figure(left);
      if (shown && shown.textContent !== text) {
        shown.textContent = text;
      }
      clock.classList.toggle("is-over", left <= 0);
    });
  }

  document.addEventListener("live:answer", function (event) {
    var date = event.detail && event.detail.date;
    if (date) {
      learn(Date.parse(date) + 500); // the header counts whole seconds
    }
  });

  // A clock drawn again (the wall's refresh, a phone's new state, the monitor's poll) is
  // put right at once, not at the next second.
  var soon = false;
  if (window.MutationObserver) {
    new MutationObserver(function () {
      if (!soon) {
        soon = true;
        window.setTimeout(function () {
          soon = false;
          tick();
        }, 0);
      }
    }).observe(document.body, { childList: true, subtree: true });
  }

  tick();
  window.setInterval(tick, 1000);
})();
