/* The wall (templates/matches/wall.html): one panel at a time, in turn, on a projector
 * or a TV; the figures come from the live refresh (static/js/live.js), which replaces
 * #live when they change and flashes what changed.
 *
 * - Each panel shows for its data-seconds (?seconds=N for all of them), then the next;
 *   ?panel=matches|standings|draw|outcome keeps to one kind (a second screen). The arrow
 *   keys and the space bar move on by hand.
 * - A panel whose rows the screen does not hold (many tables, many teams, a big bracket)
 *   shows them a page at a time, each page for the panel's time, "Page 1 of 3" in its
 *   title: as many rows as fit above the footer (the clock and "updated at" stay on the
 *   screen), worked out on this screen, again when its size changes or the figures are
 *   refreshed. A phone (under 768 px) scrolls through them instead.
 * - After a refresh the panel (and page) shown stays shown (found again by its heading's
 *   id).
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

  // --- paging: a panel whose rows the screen does not hold shows them a page at a time

  // Paged on a screen (a phone, narrower, scrolls instead: the wall's CSS fixes the page's
  // height from 768 px wide on).
  function paging() {
    return window.matchMedia("(min-width: 768px)").matches;
  }

  // A panel's rows in reading order: as drawn (the first column's, then the second's),
  // whichever column a page has since moved them to.
  function units(panel) {
    var list = Array.prototype.slice.call(panel.querySelectorAll("[data-unit]"));
    var columns = Array.prototype.slice.call(panel.querySelectorAll("[data-column]"));
    list.forEach(function (unit, index) {
      if (!unit.dataset.order) {
        unit.dataset.order = String(index);
        unit.dataset.home = String(Math.max(columns.indexOf(unit.parentNode), 0));
      }
    });
    return list.sort(function (a, b) {
      return a.dataset.order - b.dataset.order;
    });
  }

  // Every row shown, in the column it was drawn in.
  function atHome(panel, list) {
    var columns = panel.querySelectorAll("[data-column]");
    list.forEach(function (unit) {
      if (columns.length) {
        columns[Number(unit.dataset.home)].appendChild(unit);
      }
      setShown(unit, true);
    });
  }

  function setShown(unit, on) {
    unit.classList.toggle("pager-off", !on);
  }

  // The lowest a panel's content may reach: the bottom of #live (which ends above the
  // footer), less the panel's own padding and what stands below its rows (a note).
  function limitOf(panel, body) {
    var live = document.getElementById("live").getBoundingClientRect().bottom;
    var style = window.getComputedStyle(panel);
    var below = panel.getBoundingClientRect().bottom - parseFloat(style.paddingBottom) -
      body.getBoundingClientRect().bottom;
    return live - parseFloat(style.paddingBottom) - Math.max(below, 0) - 4;
  }

  function lowest(list) {
    var bottom = -Infinity;
    list.forEach(function (unit) {
      if (!unit.classList.contains("pager-off")) {
        bottom = Math.max(bottom, unit.getBoundingClientRect().bottom);
      }
    });
    return bottom;
  }

  // Rows (a table's, or two columns'): as many as fit a page, column after column; the
  // last page's rows shared evenly between the columns.
  function pageRows(panel, list, limit) {
    var columns = Array.prototype.slice.call(panel.querySelectorAll("[data-column]"));
    var count = Math.max(columns.length, 1);
    var pages = [];
    var at = 0;
    list.forEach(function (unit) {
      setShown(unit, false);
    });
    while (at < list.length) {
      var page = [];
      for (var column = 0; column < count && at < list.length; column += 1) {
        var placed = 0;
        while (at < list.length) {
          var unit = list[at];
          if (columns[column]) {
            columns[column].appendChild(unit);
          }
          setShown(unit, true);
          if (placed > 0 && unit.getBoundingClientRect().bottom > limit) {
            setShown(unit, false);
            break;
          }
          page.push({ unit: unit, column: column });
          placed += 1;
          at += 1;
        }
      }
      page.forEach(function (item) {
        setShown(item.unit, false);
      });
      pages.push(page);
    }
    var last = pages[pages.length - 1];
    if (count > 1 && last) {
      var first = Math.ceil(last.length / count);
      last.forEach(function (item, index) {
        item.column = Math.min(Math.floor(index / first), count - 1);
      });
    }
    return pages;
  }

  // A bracket: its rounds side by side, each page a slice of every round (1/2, 1/4... of
  // the first round's matches, with the later rounds' matches they lead to).
  function pageBracket(panel, list, limit) {
    var rounds = Array.prototype.slice.call(panel.querySelectorAll(".wall-bracket-round"));
    var widest = 1;
    rounds.forEach(function (round) {
      widest = Math.max(widest, round.querySelectorAll("[data-unit]").length);
    });
    function slice(parts) {
      var pages = [];
      for (var page = 0; page < parts; page += 1) {
        pages.push([]);
      }
      rounds.forEach(function (round) {
        var matches = Array.prototype.slice.call(round.querySelectorAll("[data-unit]"));
        var size = matches.length;
        matches.forEach(function (unit, index) {
          var from = Math.floor((index * parts) / size);
          var to = Math.max(from, Math.ceil(((index + 1) * parts) / size) - 1);
          for (var page = from; page <= to && page < parts; page += 1) {
            pages[page].push({ unit: unit });
          }
        });
      });
      return pages;
    }
    var parts = 1;
    for (;;) {
      var pages = slice(parts);
      var fits = pages.every(function (page) {
        list.forEach(function (unit) {
          setShown(unit, false);
        });
        page.forEach(function (item) {
          setShown(item.unit, true);
        });
        return lowest(list) <= limit;
      });
      if (fits || parts >= widest) {
        return pages;
      }
      parts *= 2;
    }
  }

  // Work out each panel's pages (shown one at a time, each for the panel's time).
  function paginate() {
    var all = Array.prototype.slice.call(document.querySelectorAll("#live .wall-panel"));
    var shownNow = all.filter(function (panel) {
      return panel.classList.contains("is-shown");
    });
    shownNow.forEach(function (panel) {
      panel.classList.remove("is-shown");
    });
    all.forEach(function (panel) {
      var list = units(panel);
      var body = panel.querySelector("[data-pager-body]");
      panel.pagerPages = null;
      if (!list.length || !body || !paging()) {
        atHome(panel, list);
        return;
      }
      panel.classList.add("is-measuring");
      list.forEach(function (unit) {
        setShown(unit, false);
      });
      var limit = limitOf(panel, body);
      atHome(panel, list);
      var pages;
      if (lowest(list) <= limit) {
        pages = null; // it all fits
      } else if (panel.dataset.pager === "bracket") {
        pages = pageBracket(panel, list, limit);
      } else {
        pages = pageRows(panel, list, limit);
      }
      panel.pagerPages = pages && pages.length > 1 ? pages : null;
      panel.classList.remove("is-measuring");
    });
    shownNow.forEach(function (panel) {
      panel.classList.add("is-shown");
    });
  }

  function showPage(panel, index) {
    var pages = panel.pagerPages;
    var mark = panel.querySelector("[data-pager-page]");
    if (!pages) {
      atHome(panel, units(panel));
      if (mark) {
        mark.hidden = true;
      }
      return;
    }
    var columns = panel.querySelectorAll("[data-column]");
    units(panel).forEach(function (unit) {
      setShown(unit, false);
    });
    pages[index].forEach(function (item) {
      if (item.column !== undefined && columns[item.column]) {
        columns[item.column].appendChild(item.unit);
      }
      setShown(item.unit, true);
    });
    if (mark) {
      var template = wall.querySelector("template[data-wall-page]");
      mark.innerHTML = template.innerHTML
        .split("{page}").join(String(index + 1))
        .split("{pages}").join(String(pages.length));
      mark.hidden = false;
    }
  }

  // What the wall shows in turn: each panel, each of its pages.
  function slides() {
    var list = [];
    panels().forEach(function (panel) {
      var count = panel.pagerPages ? panel.pagerPages.length : 1;
      for (var page = 0; page < count; page += 1) {
        list.push({ panel: panel, page: page });
      }
    });
    return list;
  }

  function keyOf(slide) {
    return slide.panel.getAttribute("aria-labelledby") + "#" + slide.page;
  }

  function apply(list, index) {
    var slide = list[index];
    document.querySelectorAll("#live .wall-panel").forEach(function (panel) {
      panel.classList.toggle("is-shown", Boolean(slide) && panel === slide.panel);
    });
    if (slide) {
      showPage(slide.panel, slide.page);
    }
    shownKey = slide ? keyOf(slide) : null;
    dots.textContent = "";
    if (list.length > 1) {
      list.forEach(function (item, at) {
        var dot = document.createElement("li");
        dot.className = at === index ? "is-shown" : "";
        dot.dataset.panel = item.panel.dataset.panel;
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
    // the same panel, its page gone (fewer rows): its first page
    var panelKey = shownKey ? shownKey.split("#")[0] : null;
    for (var j = 0; j < list.length; j += 1) {
      if (list[j].panel.getAttribute("aria-labelledby") === panelKey) {
        return j;
      }
    }
    return 0;
  }

  function show(step) {
    var list = slides();
    if (!list.length) {
      return;
    }
    var index = (currentIndex(list) + step + list.length) % list.length;
    apply(list, index);
    window.clearTimeout(timer);
    var wait = seconds || parseFloat(list[index].panel.dataset.seconds) || 15;
    timer = list.length > 1 ? window.setTimeout(show, wait * 1000, 1) : null;
  }

  // Page again when the screen's size changes (a window resized, full screen).
  var resized = null;
  window.addEventListener("resize", function () {
    window.clearTimeout(resized);
    resized = window.setTimeout(function () {
      paginate();
      var list = slides();
      apply(list, currentIndex(list));
    }, 200);
  });

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
    paginate();
    var list = slides();
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
  paginate();
  show(0);
  if (document.fonts && document.fonts.ready) {
    document.fonts.ready.then(function () {
      paginate();
      var list = slides();
      apply(list, currentIndex(list));
    });
  }
})();
