/* The wall (templates/matches/wall.html): one panel at a time, in turn, on a projector
 * or a TV; the figures come from the live refresh (static/js/live.js), which replaces
 * #live when they change and flashes what changed.
 *
 * - Each panel shows for its data-seconds (?seconds=N for all of them), then the next;
 *   ?panel=matches|standings|draw|outcome keeps to one kind (a second screen). The arrow
 *   keys and the space bar move on by hand.
 * - After a refresh the panel shown stays shown (found again by its heading's id).
 * - The footer says when the server last answered; with the network gone it says the
 *   figures are those of that time, and the page keeps them until it is back.
 * - The clock and the footer's times are in the time zone the page states (its
 *   data-time-zone: the server's, as the header's "last updated"), whatever the zone of
 *   the computer driving the screen.
 * - Without JavaScript every panel is shown, one under the other.
 *
 * A static file, as the Content-Security-Policy allows no inline script.
 */
(function () {
  "use strict";

  var wall = document.getElementById("wall");
  if (!wall) {
    return;
  }
  var params = new URLSearchParams(window.location.search);
  var kind = params.get("panel");
  var seconds = parseFloat(params.get("seconds"));
  var status = wall.querySelector("[data-wall-status]");
  var dots = wall.querySelector(".wall-dots");
  var clock = wall.querySelector(".wall-clock");
  var fullscreen = wall.querySelector(".wall-fullscreen");
  var shownKey = null;
  var timer = null;
  var lastAnswer = new Date();
  var lost = false;

  document.body.classList.add("wall-js");

  function panels() {
    var all = Array.prototype.slice.call(document.querySelectorAll("#live .wall-panel"));
    if (kind) {
      var some = all.filter(function (panel) {
        return panel.dataset.panel === kind;
      });
      if (some.length) {
        return some;
      }
    }
    return all;
  }

  function keyOf(panel) {
    return panel.getAttribute("aria-labelledby");
  }

  function apply(list, index) {
    document.querySelectorAll("#live .wall-panel").forEach(function (panel) {
      panel.classList.toggle("is-shown", panel === list[index]);
    });
    shownKey = list[index] ? keyOf(list[index]) : null;
    dots.textContent = "";
    if (list.length > 1) {
      list.forEach(function (panel, at) {
        var dot = document.createElement("li");
        dot.className = at === index ? "is-shown" : "";
        dot.dataset.panel = panel.dataset.panel;
        dots.appendChild(dot);
      });
    }
  }

  function currentIndex(list) {
    for (var i = 0; i < list.length; i += 1) {
      if (keyOf(list[i]) === shownKey) {
        return i;
      }
    }
    return 0;
  }

  function show(step) {
    var list = panels();
    if (!list.length) {
      return;
    }
    var index = (currentIndex(list) + step + list.length) % list.length;
    apply(list, index);
    window.clearTimeout(timer);
    var wait = seconds || parseFloat(list[index].dataset.seconds) || 15;
    timer = list.length > 1 ? window.setTimeout(show, wait * 1000, 1) : null;
  }

  function two(number) {
    return ("0" + number).slice(-2);
  }

  // "15:20" / "15:20:34" in the page's time zone (the browser's own if it knows no such
  // zone).
  var formats = {};
  function format(withSeconds) {
    var key = withSeconds ? "long" : "short";
    if (!(key in formats)) {
      var options = { hour: "2-digit", minute: "2-digit", hourCycle: "h23" };
      if (withSeconds) {
        options.second = "2-digit";
      }
      if (wall.dataset.timeZone) {
        options.timeZone = wall.dataset.timeZone;
      }
      try {
        formats[key] = new Intl.DateTimeFormat("en-GB", options);
      } catch (error) {
        formats[key] = null;
      }
    }
    return formats[key];
  }

  function time(date, withSeconds) {
    var formatter = format(withSeconds);
    if (formatter) {
      return formatter.format(date);
    }
    var text = two(date.getHours()) + ":" + two(date.getMinutes());
    return withSeconds ? text + ":" + two(date.getSeconds()) : text;
  }

  function say() {
    var template = wall.querySelector(lost ? "template[data-wall-lost]" : "template[data-wall-ok]");
    var stamp = time(lastAnswer, true);
    status.innerHTML = template.innerHTML.split("{time}").join(stamp);
    status.classList.toggle("is-lost", lost);
    wall.classList.toggle("is-lost", lost);
  }

  function tick() {
    clock.textContent = time(new Date(), false);
  }

  document.addEventListener("live:answer", function () {
    lastAnswer = new Date();
    lost = false;
    say();
  });
  document.addEventListener("live:failed", function () {
    lost = true;
    say();
  });
  window.addEventListener("offline", function () {
    lost = true;
    say();
  });
  document.addEventListener("live:replaced", function () {
    var list = panels();
    apply(list, currentIndex(list));
  });
  document.addEventListener("keydown", function (event) {
    if (event.key === "ArrowRight" || event.key === " ") {
      event.preventDefault();
      show(1);
    } else if (event.key === "ArrowLeft") {
      event.preventDefault();
      show(-1);
    }
  });

  if (fullscreen && document.documentElement.requestFullscreen) {
    fullscreen.hidden = false;
    fullscreen.addEventListener("click", function () {
      document.documentElement.requestFullscreen().catch(function () {});
    });
    document.addEventListener("fullscreenchange", function () {
      fullscreen.hidden = Boolean(document.fullscreenElement);
    });
  }

  say();
  tick();
  window.setInterval(tick, 10000);
  show(0);
})();
