// The table page (/t/<token>/): the players enter each board's result on their phones, the
// other side accepts it, and nothing is lost when the network drops.
//
// - Everything a phone sends (a result entered, accepted or not agreed, a call for the
//   director) is first kept in this browser (localStorage, one list per table) with a
//   random key, shown as "waiting to send", and sent one at a time, in order, as soon as
//   the server answers. The server takes what one key sends once, so a post sent again
//   after a dropped answer changes nothing. A post the server refuses (bad input, the
//   director's result standing, a final match) is dropped and its reason shown on its
//   board.
// - The page asks for its state (state.json) every 5 seconds while it is visible, so the
//   other side's phone sees an entry waiting and the entering phone sees it accepted; each
//   board's card comes back rendered by the server and replaces the one on the page.
// - The phone's side (North-South or East-West) is chosen once and remembered. "Hand to
//   East-West to accept" shows the other side's Accept / Not agreed on the same phone.
// - A service worker (/t/sw.js) keeps the page and its files, so the page opens with no
//   network; the last state and what is waiting to send come from localStorage.
// - The contract is tapped (level, strain, ×/××, Pass) or typed; the result is tapped or
//   typed; the score in words is worked out here from the scoring core's tables, sent with
//   the page, so an entry kept offline shows its score too.
(function () {
  "use strict";

  var root = document.getElementById("table-page");
  if (!root || !window.fetch || !window.JSON) { return; }
  var words = JSON.parse(document.getElementById("table-words").textContent);
  var text = JSON.parse(document.getElementById("table-messages").textContent);
  var POLL = 5000;
  var RETRY = 3000;
  var SERVER_TRIES = 3;  // a post the server fails on (500) this often is set aside, not retried for ever
  var ANSWER_WAIT = 8000;  // how long the form waits for the server before moving on
  var STORE = "scoresheet.table." + root.dataset.token;
  var segment = root.dataset.segment;
  var urls = {
    state: root.dataset.stateUrl, enter: root.dataset.enterUrl, accept: root.dataset.acceptUrl,
    dispute: root.dataset.disputeUrl, call: root.dataset.callUrl
  };
  var form = document.getElementById("table-entry");
  var connection = document.getElementById("table-connection");
  var csrf = (document.querySelector("input[name=csrfmiddlewaretoken]") || {}).value || "";
  var etag = null;
  var online = navigator.onLine !== false;
  var sending = false;
  var gone = false;
  var timer = null;
  var retryTimer = null;
  var shown = {};        // board number -> the card's HTML last put on the page
  var handedOver = {};   // board number -> true: the other side holds this phone
  var foreground = null; // the entry the form is waiting on: {key, timer}

  // --- what this phone keeps ------------------------------------------------------------

  function read(key) {
    try { return JSON.parse(window.localStorage.getItem(key) || "null"); } catch (error) { return null; }
  }

  function write(key, value) {
    try { window.localStorage.setItem(key, JSON.stringify(value)); } catch (error) { /* full or refused */ }
  }

  var kept = read(STORE) || {};
  kept.queue = kept.queue || [];     // posts waiting to send, oldest first
  kept.failed = kept.failed || [];   // posts the server refused: {op, message}

  function persist() { write(STORE, kept); }

  function randomKey() {
    var bytes = new Uint8Array(16);
    window.crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) { return (b + 256).toString(16).slice(1); }).join("");
  }

  var device = read("scoresheet.device");
  if (!device) {
    device = "phone-" + randomKey().slice(0, 10);
    write("scoresheet.device", device);
  }

  function format(template, values) {
    return template.replace(/%\((\w+)\)s/g, function (_, name) { return values[name]; });
  }

  // --- the side this phone is -------------------------------------------------------------

  var sideInputs = Array.prototype.slice.call(document.querySelectorAll("input[name=side]"));

  function mySide() { return kept.side || ""; }

  function setSide(value) {
    kept.side = value;
    persist();
    root.setAttribute("data-side", value);
    sideInputs.forEach(function (input) { input.checked = input.value === value; });
    var error = document.getElementById("id_side_error");
    if (error && value) { error.hidden = true; }
    render();
  }

  sideInputs.forEach(function (input) {
    input.addEventListener("change", function () { if (input.checked) { setSide(input.value); } });
  });

  // --- the score in words -----------------------------------------------------------------

  var STRAINS = {C: "C", "♣": "C", D: "D", "♦": "D", H: "H", "♥": "H", S: "S", "♠": "S", N: "NT", NT: "NT"};
  var SYMBOLS = {C: "♣", D: "♦", H: "♥", S: "♠", NT: "NT"};
  var SUIT_CLASS = {C: "suit-c", D: "suit-d", H: "suit-h", S: "suit-s"};

  function parseContract(typed) {
    var folded = (typed || "").replace(/\s+/g, "").toUpperCase()
      .replace("♧", "♣").replace("♢", "♦").replace("♡", "♥").replace("♤", "♠");
    if (folded === "PASS" || folded === "P") { return {pass: true}; }
    var match = /^([1-7])(NT|N|C|D|H|S|♣|♦|♥|♠)(XX|X)?$/.exec(folded);
    if (!match) { return null; }
    return {level: +match[1], strain: STRAINS[match[2]], doubling: match[3] || ""};
  }

  function tricksOf(contract, typed) {
    var folded = (typed || "").replace(/\s+/g, "").replace("−", "-").toUpperCase();
    var book = contract.level + 6;
    var tricks = null;
    if (folded === "=" || folded === "+0" || folded === "-0") { tricks = book; }
    else if (/^[+-]\d{1,2}$/.test(folded)) { tricks = book + parseInt(folded, 10); }
    else if (/^\d{1,2}$/.test(folded)) { tricks = parseInt(folded, 10); }
    return tricks !== null && tricks >= 0 && tricks <= 13 ? tricks : null;
  }

  // Return the entry's words as DOM nodes ("南北 4♠ 超一 +450"), or null when it is not
  // complete enough to score.
  function wordsNode(fields, vulnerability) {
    var box = document.createElement("span");
    var contract = parseContract(fields.contract);
    if (!contract) { return null; }
    if (contract.pass) { box.textContent = words.passed; return box; }
    var tricks = tricksOf(contract, fields.result);
    var seat = fields.declarer;
    if (tricks === null || "NESW".indexOf(seat) < 0 || !seat) { return null; }
    var side = seat === "N" || seat === "S" ? "NS" : "EW";
    var vulnerable = vulnerability === "All" || vulnerability === side;
    var name = contract.level + contract.strain + contract.doubling;
    var points = words.scores[name][vulnerable ? 1 : 0][tricks];
    var over = tricks - contract.level - 6;
    var result = over > 0 ? words.over[over] : over < 0 ? words.down[-over] : words.made;
    var score = points > 0 ? "+" + points : points < 0 ? "\u2212" + (-points) : "0";
    var sentence = format(words.sentence.replace("%(contract)s", "\u0000"),
      {side: words.sides[side], result: result, score: score});
    var parts = sentence.split("\u0000");
    box.appendChild(document.createTextNode(parts[0]));
    var shownContract = document.createElement("span");
    shownContract.appendChild(document.createTextNode(String(contract.level)));
    var strain = document.createElement("span");
    strain.className = SUIT_CLASS[contract.strain] ? "suit " + SUIT_CLASS[contract.strain] : "nt";
    strain.textContent = SYMBOLS[contract.strain];
    shownContract.appendChild(strain);
    if (contract.doubling) { shownContract.appendChild(document.createTextNode(words.doubling[contract.doubling])); }
    box.appendChild(shownContract);
    box.appendChild(document.createTextNode(parts[1] || ""));
    return box;
  }

  function boardItem(number) { return document.getElementById("board-" + number); }

  function vulnerabilityOf(number) {
    var item = boardItem(number);
    return item ? item.getAttribute("data-vul") : "None";
  }

  // --- the entry form: taps and typing ------------------------------------------------------

  var contractInput = form && form.querySelector("[name=contract]");
  var resultInput = form && form.querySelector("[name=result]");
  var boardSelect = form && form.querySelector("[name=board]");
  var preview = form && form.querySelector(".entry-preview");

  function formFields() {
    var fields = {
      board: boardSelect.value, side: mySide(), contract: contractInput.value,
      declarer: "", result: resultInput.value, segment: segment
    };
    var declarer = form.querySelector("[name=declarer]:checked");
    fields.declarer = declarer ? declarer.value : "";
    var lead = form.querySelector("[name=lead]");
    if (lead) { fields.lead = lead.value; }
    return fields;
  }

  function pressed(button, on) { button.setAttribute("aria-pressed", on ? "true" : "false"); }

  function refreshTaps() {
    if (!form) { return; }
    var contract = parseContract(contractInput.value) || {};
    form.querySelectorAll("[data-level]").forEach(function (b) { pressed(b, +b.dataset.level === contract.level); });
    form.querySelectorAll("[data-strain]").forEach(function (b) { pressed(b, b.dataset.strain === contract.strain); });
    form.querySelectorAll("[data-doubling]").forEach(function (b) { pressed(b, b.dataset.doubling === contract.doubling); });
    form.querySelectorAll("[data-pass]").forEach(function (b) { pressed(b, !!contract.pass); });
    var level = contract.level || 0;
    form.querySelectorAll("[data-result]").forEach(function (b) {
      var over = +(b.dataset.over || 0), down = +(b.dataset.down || 0);
      b.hidden = !!contract.pass || (over && level && over > 7 - level) || (down && level && down > 6 + level);
      pressed(b, b.dataset.result === resultInput.value.replace("−", "-"));
    });
    form.querySelectorAll(".field-declarer input, .field-result input, .field-lead input").forEach(function (input) {
      input.disabled = !!contract.pass;
    });
    preview.textContent = "";
    var node = wordsNode(formFields(), vulnerabilityOf(boardSelect.value));
    if (node && !contract.pass) { preview.appendChild(node); }
  }

  function writeContract(parts) {
    if (parts.pass) { contractInput.value = "PASS"; }
    else {
      contractInput.value = (parts.level || "") + (parts.strain ? SYMBOLS[parts.strain] : "") + (parts.doubling || "");
    }
    if (parts.pass) {
      form.querySelectorAll("[name=declarer]").forEach(function (input) { input.checked = false; });
      resultInput.value = "";
      var lead = form.querySelector("[name=lead]");
      if (lead) { lead.value = ""; }
    }
    clearErrors();
    refreshTaps();
  }

  function currentParts() {
    var typed = contractInput.value.replace(/\s+/g, "").toUpperCase();
    var parsed = parseContract(typed);
    if (parsed && !parsed.pass) { return parsed; }
    var loose = /^([1-7])?(NT|N|C|D|H|S|♣|♦|♥|♠)?(XX|X)?$/.exec(typed) || [];
    return {level: loose[1] ? +loose[1] : 0, strain: loose[2] ? STRAINS[loose[2]] : "", doubling: loose[3] || ""};
  }

  if (form) {
    form.querySelectorAll(".js-only").forEach(function (element) { element.hidden = false; });
    form.addEventListener("click", function (event) {
      var button = event.target.closest("button[type=button]");
      if (!button || !form.contains(button)) { return; }
      var parts = currentParts();
      if (button.dataset.level) { parts.level = +button.dataset.level; writeContract(parts); }
      else if (button.dataset.strain) { parts.strain = button.dataset.strain; writeContract(parts); }
      else if (button.dataset.doubling) {
        parts.doubling = parts.doubling === button.dataset.doubling ? "" : button.dataset.doubling;
        writeContract(parts);
      } else if (button.hasAttribute("data-pass")) { writeContract({pass: true}); }
      else if (button.dataset.result) { resultInput.value = button.dataset.result; clearErrors(); refreshTaps(); }
    });
    form.addEventListener("input", refreshTaps);
    form.addEventListener("change", refreshTaps);
  }

  // --- errors beside the fields ------------------------------------------------------------

  function clearErrors() {
    if (!form) { return; }
    form.querySelectorAll("[data-error-for]").forEach(function (box) { box.hidden = true; box.textContent = ""; });
    form.querySelectorAll("[aria-invalid]").forEach(function (input) {
      input.removeAttribute("aria-invalid");
      input.classList.remove("is-invalid");
    });
    var top = form.querySelector(".entry-error");
    top.hidden = true;
    top.textContent = "";
  }

  function showErrors(errors, message) {
    clearErrors();
    var first = null;
    Object.keys(errors || {}).forEach(function (name) {
      var box = form.querySelector('[data-error-for="' + name + '"]');
      var target = name === "side" ? document.getElementById("id_side_error") : box;
      if (!target) { message = message || errors[name].join(" "); return; }
      target.textContent = errors[name].join(" ");
      target.hidden = false;
      var inputs = name === "side" ? sideInputs : form.querySelectorAll('[name="' + name + '"]');
      Array.prototype.forEach.call(inputs, function (input) {
        input.setAttribute("aria-invalid", "true");
        input.classList.add("is-invalid");
        if (input.type !== "radio") { input.setAttribute("aria-describedby", input.id + "_help " + target.id); }
      });
      first = first || inputs[0];
    });
    if (message) {
      var top = form.querySelector(".entry-error");
      top.textContent = message;
      top.hidden = false;
    }
    if (first && first.focus) { first.focus(); }
  }

  // --- which board the form is for ------------------------------------------------------------

  function placeForm(number, focus) {
    if (!form) { return; }
    var item = number && boardItem(number);
    var box = document.getElementById("entry");
    if (item) {
      item.querySelector(".board-slot").appendChild(box);
      boardSelect.value = String(number);
      box.classList.add("in-board");
      document.querySelectorAll(".table-board.is-current").forEach(function (el) { el.classList.remove("is-current"); });
      item.classList.add("is-current");
    } else {
      root.querySelector("#table-summary").after(box);
      box.classList.remove("in-board");
    }
    refreshTaps();
    if (focus) {
      var title = document.getElementById("entry-title");
      title.setAttribute("tabindex", "-1");
      title.focus();
      (item || box).scrollIntoView({block: "start"});
    }
  }

  function resetForm() {
    contractInput.value = "";
    resultInput.value = "";
    form.querySelectorAll("[name=declarer]").forEach(function (input) { input.checked = false; });
    var lead = form.querySelector("[name=lead]");
    if (lead) { lead.value = ""; }
    clearErrors();
  }

  function localEnter(number) {
    return kept.queue.filter(function (op) { return op.kind === "enter" && op.board === number; }).pop();
  }

  function nextBoard() {
    var items = root.querySelectorAll(".table-board");
    for (var i = 0; i < items.length; i += 1) {
      var status = items[i].getAttribute("data-status");
      var number = +items[i].dataset.board;
      if ((status === "empty" || status === "disputed") && !localEnter(number)) { return number; }
    }
    return null;
  }

  // --- sending, in order -------------------------------------------------------------------------

  function queue(op) {
    if (op.kind === "enter") {  // a newer entry of the board replaces one not yet sent
      var replaced = kept.queue.filter(function (o) {
        return o.kind === "enter" && o.board === op.board && o !== sendingOp;
      }).map(function (o) { return o.key; });
      kept.queue = kept.queue.filter(function (o) {
        return replaced.indexOf(o.key) < 0 && replaced.indexOf(o.fields.entry_key) < 0;
      });
    }
    kept.queue.push(op);
    persist();
    render();
    flush();
  }

  var sendingOp = null;

  function post(op) {
    var body = new URLSearchParams();
    Object.keys(op.fields).forEach(function (name) {
      body.append(name, op.fields[name] === null || op.fields[name] === undefined ? "" : op.fields[name]);
    });
    body.append("key", op.key);
    body.append("device", device);
    return fetch(urls[op.kind], {
      method: "POST", body: body, credentials: "same-origin",
      headers: {"Accept": "application/json", "X-CSRFToken": csrf}
    });
  }

  function flush() {
    window.clearTimeout(retryTimer);
    if (sending || gone || !kept.queue.length) { render(); return; }
    sending = true;
    sendingOp = kept.queue[0];
    render();
    var op = sendingOp;
    post(op).then(function (response) {
      return response.json().then(function (body) { return {response: response, body: body}; },
        function () { return {response: response, body: null}; });
    }).then(function (answer) {
      online = true;
      return outcome(op, answer.response, answer.body);
    }, function () {
      online = false;
      return "retry";
    }).then(function (next) {
      sending = false;
      sendingOp = null;
      if (next === "done") {
        kept.queue = kept.queue.filter(function (o) { return o.key !== op.key; });
        persist();
        flush();
        return;
      }
      if (next === "retry") {
        releaseForm();
        retryTimer = window.setTimeout(flush, RETRY);
      } else if (next === "again") {
        flush();
        return;
      }
      render();
    });
  }

  // What became of a post: "done" (taken, or refused for good), "retry" or "stop".
  function outcome(op, response, body) {
    if (body && body.state) { applyState(body.state); }
    if (response.ok) {
      if (foreground && foreground.key === op.key) { finishForm(true); }
      return "done";
    }
    if (body && (response.status === 404 || response.status === 410) && (body.code === "unknown" || body.code === "revoked" || body.code === "replaced")) {
      goneNow(body.message);
      return "stop";
    }
    if (body && response.status >= 400 && response.status < 500) {
      if (foreground && foreground.key === op.key && body.code !== "director") {
        finishForm(false);
        showErrors(body.errors, body.message);
      } else {
        if (foreground && foreground.key === op.key) { finishForm(true); }
        kept.failed.push({op: op, message: body.message || firstError(body.errors)});
      }
      return "done";
    }
    if (response.status === 403) {  // the CSRF token is stale: fetch a fresh one, then again
      op.tries = (op.tries || 0) + 1;
      if (op.tries > 3) { connection.textContent = text.stale; return "stop"; }
      return poll(true).then(function () { return "again"; });
    }
    if (response.status === 500) {  // the server failed on it: tried a few times, then set aside
      op.serverTries = (op.serverTries || 0) + 1;
      if (op.serverTries >= SERVER_TRIES) {
        if (foreground && foreground.key === op.key) { finishForm(true); }
        kept.failed.push({op: op, message: text.server_failed, again: true});
        return "done";
      }
    }
    return "retry";  // no answer, or the server is restarting (502, 503, 504): as offline
  }

  function firstError(errors) {
    var names = Object.keys(errors || {});
    return names.length ? errors[names[0]].join(" ") : "";
  }

  // The form waits for the answer to its entry while the server answers quickly; offline
  // (or slow), the entry stays waiting to send and the form goes on to the next board.
  function waitFor(op) {
    foreground = {key: op.key, timer: window.setTimeout(releaseForm, ANSWER_WAIT)};
    form.classList.add("is-sending");
  }

  function releaseForm() {
    if (!foreground) { return; }
    finishForm(true);
  }

  function finishForm(moveOn) {
    if (!foreground) { return; }
    window.clearTimeout(foreground.timer);
    foreground = null;
    form.classList.remove("is-sending");
    if (moveOn) {
      resetForm();
      placeForm(nextBoard(), false);
    }
  }

  // --- the state from the server -----------------------------------------------------------

  function applyState(state) {
    if (!state || String(state.segment) !== String(segment)) { return; }
    if (state.csrf) { csrf = state.csrf; }
    // final, or reopened: the page's form comes or goes with it
    if (!!state.final !== root.hasAttribute("data-final")) { window.location.reload(); return; }
    var saved = Object.assign({}, state);
    delete saved.csrf;
    kept.state = saved;
    persist();
    (state.boards || []).forEach(function (board) {
      var item = boardItem(board.number);
      if (!item) { return; }
      var box = item.querySelector(".board-status");
      if (shown[board.number] !== board.html) {
        if (shown[board.number] !== undefined && box.contains(document.activeElement)) { return; }  // in use
        box.innerHTML = board.html;
        shown[board.number] = board.html;
      }
      if (item.dataset.entry !== String(board.entry)) { delete handedOver[board.number]; }
      item.setAttribute("data-status", board.status);
      item.dataset.entry = String(board.entry);
    });
    replace("table-summary", state.summary);
    replace("table-clock", state.clock);
    replace("table-calls", state.calls);
    moveOnIfDone();
    render();
  }

  // The form stands in a board the other phone has just dealt with: on to the next board,
  // unless something is typed in it.
  function moveOnIfDone() {
    if (!form || foreground) { return; }
    var item = form.closest(".table-board");
    if (!item || item.getAttribute("data-status") === "empty" || item.getAttribute("data-status") === "disputed") { return; }
    if (contractInput.value || resultInput.value || form.contains(document.activeElement)) { return; }
    placeForm(nextBoard(), false);
  }

  function replace(id, html) {
    var box = document.getElementById(id);
    if (box && typeof html === "string" && box.innerHTML.trim() !== html.trim()) { box.innerHTML = html; }
  }

  function poll(now) {
    window.clearTimeout(timer);
    if (gone) { return Promise.resolve(); }
    var headers = {"Accept": "application/json"};
    if (etag) { headers["If-None-Match"] = etag; }
    return fetch(urls.state + "?segment=" + encodeURIComponent(segment),
      {headers: headers, credentials: "same-origin", cache: "no-store"}).then(function (response) {
      online = true;
      if (response.status === 304) { return null; }
      if (response.status === 404 || response.status === 410) {
        return response.json().then(function (body) { goneNow(body.message); }, function () { goneNow(""); });
      }
      if (!response.ok) { return null; }
      etag = response.headers.get("ETag");
      return response.json().then(function (body) { applyState(body.state); });
    }, function () {
      online = false;
    }).then(function () {
      render();
      if (!now) { flush(); }
      schedule();
    });
  }

  function schedule() {
    window.clearTimeout(timer);
    if (!document.hidden && !gone) { timer = window.setTimeout(poll, POLL); }
  }

  // The link no longer works (withdrawn, or replaced by a new card): no form is offered
  // any more, and what this phone had not sent stays listed on its boards for the director.
  function goneNow(message) {
    gone = true;
    window.clearTimeout(timer);
    window.clearTimeout(retryTimer);
    if (foreground) { finishForm(false); }
    connection.className = "table-connection alert alert-danger py-2";
    connection.textContent = (message || text.gone) + (kept.queue.length ? text.gap + text.unsent : "");
    root.setAttribute("data-gone", "true");
    document.querySelectorAll(".table-board.is-current").forEach(function (el) { el.classList.remove("is-current"); });
    ["entry", "table-call"].forEach(function (id) {
      var box = document.getElementById(id);
      if (box) { box.hidden = true; }
    });
    root.querySelectorAll(".side-choice, .decide, .handover, .board-enter, .board-change, [data-local-handover], [data-local-accept], [data-local-dispute]").forEach(function (element) {
      element.hidden = true;
    });
    render();
  }

  // --- what this phone shows of its own posts ------------------------------------------------

  function opsFor(number) {
    return kept.queue.filter(function (op) { return op.board === number; });
  }

  function button(label, className, attribute, value) {
    var b = document.createElement("button");
    b.type = "button";
    b.className = "btn tap " + className;
    b.textContent = label;
    b.setAttribute(attribute, value);
    return b;
  }

  function paragraph(content, className) {
    var p = document.createElement("p");
    p.className = className || "";
    if (typeof content === "string") { p.textContent = content; } else if (content) { p.appendChild(content); }
    return p;
  }

  function badge(label) {
    var span = document.createElement("span");
    span.className = "badge text-bg-warning me-1";
    span.textContent = label;
    return span;
  }

  function localCard(item, number) {
    var box = item.querySelector(".board-local");
    var status = item.querySelector(".board-status");
    box.textContent = "";
    var ops = opsFor(number);
    var entry = ops.filter(function (op) { return op.kind === "enter"; }).pop();
    var decisions = ops.filter(function (op) { return op.kind === "accept" || op.kind === "dispute"; });
    if (entry) {
      var decided = decisions.filter(function (op) { return op.fields.entry_key === entry.key; }).pop();
      var shownWords = wordsNode(entry.fields, item.getAttribute("data-vul")) || document.createTextNode(entry.fields.contract);
      box.appendChild(paragraph(shownWords, "board-words mb-1"));
      var line = paragraph("", "small mb-2");
      line.appendChild(badge(text.waiting_to_send));
      line.appendChild(document.createTextNode(text.entered_here[entry.fields.side] || ""));
      box.appendChild(line);
      var other = entry.fields.side === "NS" ? "EW" : "NS";
      if (decided) {
        box.appendChild(paragraph(decided.kind === "accept" ? text.accepted_local : text.disputed_local, "small mb-1"));
      } else if (item.getAttribute("data-status") === "accepted") {
        box.appendChild(paragraph(format(text.change_elsewhere, {side: words.sides[other]}), "small mb-1"));
      } else if (handedOver[number] === entry.key || mySide() === other) {
        box.appendChild(paragraph(text.ask[other], "decide-ask fw-semibold mb-2"));
        var buttons = document.createElement("div");
        buttons.className = "decide-buttons";
        buttons.appendChild(button(text.accept, "btn-success", "data-local-accept", entry.key));
        buttons.appendChild(button(text.not_agreed, "btn-outline-danger", "data-local-dispute", entry.key));
        box.appendChild(buttons);
      } else {
        box.appendChild(button(text.handover[other], "btn-primary", "data-local-handover", entry.key));
      }
    } else {
      decisions.forEach(function (op) {
        box.appendChild(paragraph(op.kind === "accept" ? text.accepted_local : text.disputed_local, "small mb-1"));
      });
    }
    kept.failed.forEach(function (failure, index) {
      if (failure.op.board !== number) { return; }
      var message = paragraph(format(failure.again ? text.not_taken : text.not_sent, {board: number, error: failure.message}), "small text-danger-emphasis mb-1");
      message.setAttribute("role", "alert");
      box.appendChild(message);
      if (failure.again && !gone) { box.appendChild(button(text.send_again, "btn-outline-primary btn-sm me-2", "data-send-again", String(index))); }
      box.appendChild(button(text.dismiss, "btn-outline-secondary btn-sm", "data-dismiss-failure", String(index)));
    });
    if (gone) {  // what was not sent stays listed, with nothing more to tap
      box.querySelectorAll("button").forEach(function (b) { b.hidden = !b.hasAttribute("data-dismiss-failure"); });
    }
    box.hidden = !box.childNodes.length;
    status.hidden = !!entry && !gone;  // once the link is gone, what the server has too
    var decide = status.querySelector(".decide");
    if (decide) {
      decide.hidden = decisions.length > 0;
      decide.classList.toggle("handed-over", !!handedOver[number]);
    }
    var handover = status.querySelector(".handover");
    if (handover) { handover.hidden = decisions.length > 0 || !!handedOver[number]; }
    status.querySelectorAll(".js-only").forEach(function (element) { element.hidden = gone; });
  }

  function render() {
    root.querySelectorAll(".table-board").forEach(function (item) { localCard(item, +item.dataset.board); });
    var calls = kept.queue.filter(function (op) { return op.kind === "call"; });
    var callBox = document.getElementById("table-call-local");
    if (!callBox) {
      callBox = document.createElement("p");
      callBox.id = "table-call-local";
      callBox.className = "small mb-2";
      document.getElementById("table-calls").after(callBox);
    }
    callBox.textContent = calls.length ? text.called_local : "";
    kept.failed.filter(function (f) { return f.op.kind === "call"; }).forEach(function (f) {
      callBox.textContent = format(text.call_not_sent, {error: f.message});
    });
    if (gone) { return; }
    var waiting = kept.queue.length;
    connection.className = "table-connection" + (!online ? " alert alert-warning py-2" : "");
    if (!online) {
      connection.textContent = text.offline + (waiting ? text.gap + format(text.pending, {count: waiting}) : "");
    } else if (waiting) {
      connection.textContent = sending ? text.sending : format(text.pending, {count: waiting});
    } else {
      connection.textContent = "";
    }
  }

  // --- what the players tap ----------------------------------------------------------------

  root.addEventListener("submit", function (event) {
    var target = event.target;
    if (gone) { event.preventDefault(); return; }
    if (target === form) {
      event.preventDefault();
      if (!mySide()) {
        showErrors({side: [text.choose_side]});
        return;
      }
      if (foreground) { return; }
      var op = {kind: "enter", key: randomKey(), board: +boardSelect.value, fields: formFields()};
      clearErrors();
      if (online && !kept.queue.length) { waitFor(op); }
      queue(op);
      if (!foreground) { resetForm(); placeForm(nextBoard(), false); }
    } else if (target.classList.contains("decide-form")) {
      event.preventDefault();
      var reason = target.querySelector("[name=reason]");
      queue({
        kind: target.dataset.decision, key: randomKey(), board: +target.dataset.board,
        fields: {entry: target.querySelector("[name=entry]").value, side: target.querySelector("[name=side]").value,
                 reason: reason ? reason.value : "", segment: segment}
      });
    } else if (target.classList.contains("call-form")) {
      event.preventDefault();
      var why = target.querySelector("[name=reason]");
      queue({kind: "call", key: randomKey(), board: null, fields: {reason: why.value, segment: segment}});
      why.value = "";
      target.closest("details").open = false;
    }
  });

  root.addEventListener("click", function (event) {
    var target = event.target.closest("button, a");
    if (!target) { return; }
    var number = +(target.getAttribute("data-enter") || target.getAttribute("data-change") || 0);
    if (number && form) {
      event.preventDefault();
      resetForm();
      if (target.hasAttribute("data-change")) {
        contractInput.value = target.dataset.contract || "";
        resultInput.value = target.dataset.result || "";
        var seat = form.querySelector('[name=declarer][value="' + (target.dataset.declarer || "-") + '"]');
        if (seat) { seat.checked = true; }
        var lead = form.querySelector("[name=lead]");
        if (lead) { lead.value = target.dataset.lead || ""; }
      }
      placeForm(number, true);
      return;
    }
    if (target.hasAttribute("data-handover")) {
      var board = +target.getAttribute("data-handover");
      handedOver[board] = true;
      render();
      var accept = boardItem(board).querySelector(".decide .btn-success");
      if (accept) { accept.focus(); }
    } else if (target.hasAttribute("data-local-handover")) {
      var item = target.closest(".table-board");
      handedOver[+item.dataset.board] = target.getAttribute("data-local-handover");
      render();
      var first = item.querySelector("[data-local-accept]");
      if (first) { first.focus(); }
    } else if (target.hasAttribute("data-local-accept") || target.hasAttribute("data-local-dispute")) {
      var key = target.getAttribute("data-local-accept") || target.getAttribute("data-local-dispute");
      var entry = kept.queue.filter(function (op) { return op.key === key; })[0];
      if (!entry) { return; }
      queue({
        kind: target.hasAttribute("data-local-accept") ? "accept" : "dispute", key: randomKey(), board: entry.board,
        fields: {entry_key: key, side: entry.fields.side === "NS" ? "EW" : "NS", reason: "", segment: segment}
      });
    } else if (target.hasAttribute("data-dismiss-failure")) {
      kept.failed.splice(+target.getAttribute("data-dismiss-failure"), 1);
      persist();
      render();
    } else if (target.hasAttribute("data-send-again")) {
      var failed = kept.failed.splice(+target.getAttribute("data-send-again"), 1)[0];
      persist();
      if (failed) { failed.op.serverTries = 0; queue(failed.op); }
    }
  });

  // --- starting ----------------------------------------------------------------------------------

  window.addEventListener("online", function () { online = true; poll(); });
  window.addEventListener("offline", function () { online = false; render(); });
  document.addEventListener("visibilitychange", function () { if (!document.hidden) { poll(); } });

  var checked = sideInputs.filter(function (input) { return input.checked; })[0];
  if (kept.side) { setSide(kept.side); } else if (checked) { setSide(checked.value); }
  root.querySelectorAll(".table-board").forEach(function (item) {
    var box = item.querySelector(".board-status");
    shown[item.dataset.board] = undefined;
    box.querySelectorAll(".js-only").forEach(function (element) { element.hidden = false; });
  });
  // A page served by the service worker is as old as its copy: the state kept here may be newer.
  if (kept.state && kept.state.stamp && kept.state.stamp > root.dataset.stamp) { applyState(kept.state); }
  var wanted = new URLSearchParams(window.location.search).get("board");
  placeForm(wanted && boardItem(wanted) ? +wanted : nextBoard(), false);
  render();
  flush();
  poll();

  if ("serviceWorker" in navigator && window.isSecureContext) {
    var worker = root.dataset.workerUrl + "?static=" + encodeURIComponent(root.dataset.static || "/static/");
    navigator.serviceWorker.register(worker, {scope: root.dataset.scope}).then(function () {
      return navigator.serviceWorker.ready;
    }).then(function (registration) {
      var files = [window.location.pathname + window.location.search];
      document.querySelectorAll("link[rel=stylesheet][href], script[src], link[rel=icon][href]").forEach(function (el) {
        files.push(el.getAttribute("href") || el.getAttribute("src"));
      });
      if (registration.active) { registration.active.postMessage({keep: files}); }
    }).catch(function () { /* no service worker: the page still keeps what it sends */ });
  }
})();
