/* The live refresh of the public pages (event, standings, cross-table, team, round,
 * scorecard): every 15 seconds the page asks the server whether its results changed.
 *
 * - The request carries the page's ETag (If-None-Match): while nothing changed the server
 *   answers 304 with no body, and nothing on the page moves.
 * - When something changed, the server sends only the refreshed part (X-Live: 1); it
 *   replaces #live, and then keyboard focus and each table's sideways (and downward)
 *   scroll are put back where they were, and the permanent polite live region says
 *   "Results updated 20:41".
 * - A row (data-match, data-team) or a figure (data-figure) whose text changed flashes
 *   (class live-changed, until its animation has run: on a panel not shown yet, when it
 *   is shown).
 * - "Pause live updates" (aria-pressed) stops it; the choice is remembered in this
 *   browser for every page. Nothing is asked while the tab is hidden. A page whose
 *   controls say data-always (the wall) is never paused and shows no controls.
 * - Each answer is told to the page as a "live:answer" event on the document (detail:
 *   the status, 200 or 304, and the answer's Date header), each failure (no network, a server error) as "live:failed",
 *   each replacement as "live:replaced" (detail: how many things changed).
 *
 * A static file, as the Content-Security-Policy allows no inline script.
 */
(function () {
  "use strict";

  var INTERVAL = 15000;
  var STORAGE_KEY = "scoresheet.live-paused";
  var FOCUSABLE = "a[href], button, input, select, textarea, summary, [tabindex]";
  var SCROLLING = ".table-responsive, [data-live-scroll]";
  var WATCHED = "[data-match], [data-team], [data-figure]";

  var controls = document.querySelector("[data-live-controls]");
  var status = document.querySelector(".live-status");
  if (!controls || !status || !document.getElementById("live") || !window.fetch) {
    return;
  }
  var button = controls.querySelector(".live-pause");
  var note = controls.querySelector(".live-note");
  var timer = null;
  var asking = false;

  var always = controls.hasAttribute("data-always");

  function isPaused() {
    if (always) {
      return false;
    }
    try {
      return window.localStorage.getItem(STORAGE_KEY) === "1";
    } catch (error) {
      return button.getAttribute("aria-pressed") === "true";
    }
  }

  function setPaused(paused) {
    try {
      if (paused) {
        window.localStorage.setItem(STORAGE_KEY, "1");
      } else {
        window.localStorage.removeItem(STORAGE_KEY);
      }
    } catch (error) {
      /* storage refused (private mode): the choice lasts for this page only */
    }
    button.setAttribute("aria-pressed", paused ? "true" : "false");
    note.textContent = paused ? controls.dataset.paused : controls.dataset.running;
  }

  function schedule(delay) {
    window.clearTimeout(timer);
    timer = null;
    if (!isPaused() && !document.hidden) {
      timer = window.setTimeout(ask, delay === undefined ? INTERVAL : delay);
    }
  }

  function ask() {
    timer = null;
    if (asking || isPaused() || document.hidden) {
      return;
    }
    var shown = document.getElementById("live");
    asking = true;
    window
      .fetch(window.location.pathname + window.location.search, {
        headers: { "If-None-Match": shown.dataset.etag || "", "X-Live": "1" },
        cache: "no-store",
        credentials: "same-origin",
      })
      .then(function (response) {
        if (response.status !== 200 && response.status !== 304) {
          tell("live:failed", { status: response.status });
          return null; /* an error: keep what is shown, ask again later */
        }
        tell("live:answer", { status: response.status, date: response.headers.get("Date") });
        if (response.status === 200) {
          return response.text().then(replace);
        }
        return null; /* 304: nothing changed */
      })
      .catch(function () {
        /* offline for a moment: keep what is shown and ask again later */
        tell("live:failed", { status: 0 });
      })
      .then(function () {
        asking = false;
        schedule();
      });
  }

  /* What the reader was doing inside #live: where focus is and how far each scrolling box
   * is scrolled, so both survive the replacement. */
  function remember(shown) {
    var state = { scrolls: [], focus: null, x: window.scrollX, y: window.scrollY };
    shown.querySelectorAll(SCROLLING).forEach(function (box, index) {
      state.scrolls.push({ id: box.id, index: index, left: box.scrollLeft, top: box.scrollTop });
    });
    var active = document.activeElement;
    if (active && active !== shown && shown.contains(active)) {
      var all = Array.prototype.slice.call(shown.querySelectorAll(FOCUSABLE));
      state.focus = {
        id: active.id,
        href: active.getAttribute("href"),
        text: active.textContent,
        index: all.indexOf(active),
      };
    }
    return state;
  }

  function restore(fresh, state) {
    var boxes = fresh.querySelectorAll(SCROLLING);
    state.scrolls.forEach(function (saved) {
      var box = (saved.id && document.getElementById(saved.id)) || boxes[saved.index];
      if (box) {
        box.scrollLeft = saved.left;
        box.scrollTop = saved.top;
      }
    });
    if (state.focus) {
      var target = findFocus(fresh, state.focus);
      if (target) {
        target.focus({ preventScroll: true });
      }
    }
    if (window.scrollX !== state.x || window.scrollY !== state.y) {
      window.scrollTo(state.x, state.y);
    }
  }

  function findFocus(fresh, focus) {
    if (focus.id && fresh.querySelector("#" + window.CSS.escape(focus.id))) {
      return fresh.querySelector("#" + window.CSS.escape(focus.id));
    }
    var all = Array.prototype.slice.call(fresh.querySelectorAll(FOCUSABLE));
    var same = all.filter(function (element) {
      return element.getAttribute("href") === focus.href && element.textContent === focus.text;
    });
    if (same.length) {
      return same[0];
    }
    return all[focus.index] || null;
  }

  function tell(name, detail) {
    document.dispatchEvent(new CustomEvent(name, { detail: detail }));
  }

  /* Each watched row or figure by a key of its own (the same row may stand twice), with
   * its text. */
  function watched(root) {
    var seen = {};
    var found = {};
    root.querySelectorAll(WATCHED).forEach(function (element) {
      var name = element.hasAttribute("data-figure")
        ? "f" + element.getAttribute("data-figure")
        : element.hasAttribute("data-match")
          ? "m" + element.getAttribute("data-match")
          : "t" + element.getAttribute("data-team");
      seen[name] = (seen[name] || 0) + 1;
      found[name + "#" + seen[name]] = {
        element: element,
        text: element.textContent.replace(/\s+/g, " ").trim(),
      };
    });
    return found;
  }

  function flashChanged(before, fresh) {
    var after = watched(fresh);
    var changed = 0;
    Object.keys(after).forEach(function (key) {
      if (before[key] && before[key].text !== after[key].text) {
        var element = after[key].element;
        element.classList.add("live-changed");
        /* A row's cells flash (its own animation or theirs): the first flash to end
         * ends the mark. */
        element.addEventListener("animationend", function done(event) {
          if (/flash/.test(event.animationName)) {
            element.classList.remove("live-changed");
            element.removeEventListener("animationend", done);
          }
        });
        changed += 1;
      }
    });
    return changed;
  }

  function replace(html) {
    var template = document.createElement("template");
    template.innerHTML = html;
    var fresh = template.content.getElementById("live");
    var shown = document.getElementById("live");
    if (!fresh || !shown) {
      return;
    }
    var state = remember(shown);
    var before = watched(shown);
    shown.replaceWith(fresh);
    if (window.htmx) {
      window.htmx.process(fresh);
    }
    var changed = flashChanged(before, fresh);
    restore(fresh, state);
    announce();
    tell("live:replaced", { changed: changed });
  }

  function announce() {
    var now = new Date();
    var time = ("0" + now.getHours()).slice(-2) + ":" + ("0" + now.getMinutes()).slice(-2);
    status.textContent = "";
    window.setTimeout(function () {
      status.textContent = controls.dataset.announce.replace("{time}", time);
    }, 50);
  }

  button.addEventListener("click", function () {
    var paused = !isPaused();
    setPaused(paused);
    if (paused) {
      schedule();
    } else {
      schedule(0); /* resumed: catch up at once */
    }
  });

  document.addEventListener("visibilitychange", function () {
    schedule(document.hidden ? undefined : 0);
  });

  window.addEventListener("storage", function (event) {
    if (event.key === STORAGE_KEY) {
      setPaused(isPaused()); /* paused or resumed in another tab */
      schedule();
    }
  });

  setPaused(isPaused());
  controls.hidden = always;
  schedule();
})();
