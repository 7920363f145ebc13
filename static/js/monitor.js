// The director's room monitor: asks the server for the monitor's live part every 4 seconds
// (HX-Request: the view answers with templates/director/_monitor_live.html) and puts it in
// place, keeping the keyboard focus and the grid's sideways scroll. A call for the director
// not seen before (each has its key in data-alerts) is shown in the alert box at the top,
// announced (role="alert") and, once the director turned the sound on, heard: browsers
// play sound only after a click on the page, so the button makes the AudioContext.
// "Answered" is posted in the background and the live part comes back at once.
(function () {
  "use strict";

  var root = document.getElementById("monitor");
  if (!root) { return; }
  var POLL = Math.min(Number(root.dataset.poll) || 4000, 5000);
  var alertBox = document.getElementById("monitor-alert");
  var status = document.getElementById("monitor-status");
  var soundButton = document.getElementById("monitor-sound");
  var audio = null;
  var soundOn = false;
  var busy = false;
  var timer = null;
  var lastTime = currentLive().dataset.time;
  var shownSignature = signature(currentLive().outerHTML);
  var seen = new Set(keys(currentLive()));
  var alerts = [];  // {key, text} of the calls announced and still waiting

  function currentLive() { return document.getElementById("monitor-live"); }

  function keys(live) {
    return ((live && live.dataset.alerts) || "").split(/\s+/).filter(Boolean);
  }

  // What the live part shows, but its time and its forms' CSRF tokens (new on each answer).
  function signature(html) {
    return html.replace(/name="csrfmiddlewaretoken" value="[^"]*"/g, "")
      .replace(/data-time="[^"]*"/, "");
  }

  function format(text, values) {
    return text.replace(/%\((\w+)\)s/g, function (_all, name) { return values[name]; });
  }

  function beep() {
    if (!soundOn || !audio) { return; }
    root.dataset.beeps = String(Number(root.dataset.beeps || 0) + 1);  // for the tests
    var start = audio.currentTime;
    [0, 0.3].forEach(function (offset) {
      var oscillator = audio.createOscillator();
      var gain = audio.createGain();
      oscillator.type = "sine";
      oscillator.frequency.value = 880;
      gain.gain.setValueAtTime(0.0001, start + offset);
      gain.gain.exponentialRampToValueAtTime(0.4, start + offset + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + offset + 0.2);
      oscillator.connect(gain);
      gain.connect(audio.destination);
      oscillator.start(start + offset);
      oscillator.stop(start + offset + 0.22);
    });
  }

  soundButton.addEventListener("click", function () {
    if (soundOn) {
      soundOn = false;
    } else {
      var Context = window.AudioContext || window.webkitAudioContext;
      if (!Context) { status.textContent = soundButton.dataset.none; return; }
      audio = audio || new Context();
      if (audio.resume) { audio.resume(); }
      soundOn = true;
    }
    root.dataset.sound = soundOn ? "on" : "off";
    soundButton.textContent = soundOn ? soundButton.dataset.off : soundButton.dataset.on;
    soundButton.classList.toggle("btn-secondary", soundOn);
    soundButton.classList.toggle("btn-outline-secondary", !soundOn);
    if (soundOn) { beep(); }  // so the director hears what a call will sound like
  });

  function showAlerts(present) {
    alerts = alerts.filter(function (alert) { return present.has(alert.key); });
    if (!alerts.length) { alertBox.textContent = ""; return; }
    var texts = alerts.map(function (alert) { return alert.text; });
    alertBox.textContent = format(alertBox.dataset.new,
      {calls: texts.join(alertBox.dataset.separator)});
  }

  function swap(html) {
    var template = document.createElement("template");
    template.innerHTML = html.trim();
    var next = template.content.querySelector("#monitor-live");
    if (!next) { throw new Error("not the monitor"); }
    var live = currentLive();
    lastTime = next.dataset.time;
    status.textContent = format(status.dataset.updated, {time: lastTime});
    status.classList.remove("text-danger");
    var present = new Set(keys(next));
    var fresh = keys(next).filter(function (key) { return !seen.has(key); });
    fresh.forEach(function (key) { seen.add(key); });
    var changed = signature(next.outerHTML) !== shownSignature;
    if (changed) {
      var focused = document.activeElement && live.contains(document.activeElement)
        ? document.activeElement.id : "";
      var scroller = live.querySelector(".monitor-scroll");
      var left = scroller ? scroller.scrollLeft : 0;
      live.replaceWith(next);
      shownSignature = signature(next.outerHTML);
      var newScroller = next.querySelector(".monitor-scroll");
      if (newScroller) { newScroller.scrollLeft = left; }
      if (focused) {
        var again = document.getElementById(focused) || document.getElementById("calls-title");
        if (again) { again.focus({preventScroll: true}); }
      }
    }
    fresh.forEach(function (key) {
      var item = next.querySelector('[data-alert="' + key + '"]');
      if (item) {
        item.classList.add("is-new");
        alerts.push({key: key, text: item.dataset.alertText});
      }
    });
    showAlerts(present);
    if (fresh.length) { beep(); }
  }

  function failed(reason) {
    status.textContent = reason === "session"
      ? status.dataset.session : format(status.dataset.offline, {time: lastTime});
    status.classList.add("text-danger");
  }

  function ask(url, options) {
    options = options || {};
    options.headers = {"HX-Request": "true"};
    options.credentials = "same-origin";
    options.cache = "no-store";
    return fetch(url, options).then(function (response) {
      if (response.redirected || response.status === 403) { throw new Error("session"); }
      if (!response.ok) { throw new Error("server"); }
      return response.text();
    });
  }

  function schedule() {
    clearTimeout(timer);
    timer = setTimeout(poll, POLL);
  }

  function poll() {
    if (busy) { schedule(); return; }
    busy = true;
    ask(root.dataset.url)
      .then(swap)
      .catch(function (error) { failed(error.message); })
      .then(function () { busy = false; schedule(); });
  }

  document.addEventListener("submit", function (event) {
    var form = event.target.closest && event.target.closest("form.answer-call");
    if (!form) { return; }
    event.preventDefault();
    var button = form.querySelector("button");
    button.disabled = true;
    busy = true;
    ask(form.action, {method: "POST", body: new FormData(form)})
      .then(function (html) {
        swap(html);
        var heading = document.getElementById("calls-title");
        if (heading && !document.getElementById(button.id)) { heading.focus(); }
      })
      .catch(function (error) { button.disabled = false; failed(error.message); })
      .then(function () { busy = false; schedule(); });
  });

  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible") { poll(); }
  });

  schedule();
})();
