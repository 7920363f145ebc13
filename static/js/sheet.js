// Room sheet: type ahead without ever losing a keystroke.
//
// Enter, Tab out of a row's last field, or focus leaving a row commits the row: what it
// holds is put in a queue and the cursor moves on at once. The queue sends one row at a
// time, in order, in the background. The server answers with the row as saved (or with its
// errors); that answer is merged into the row already on the page instead of replacing it,
// so the row the director is typing in never loses focus or characters. A row that failed
// (bad input, a conflict, a session that ended, a server or network error) is marked,
// keeps what was typed and is listed at the top of the sheet until a save goes through;
// a 503 (the database busy for a moment) is first tried again, a few times, after a wait.
// Leaving the page with unsaved or failed rows asks first.
//
// Enter moves on to the next row still to fill: empty, or not agreed at the table (a row
// holding a result, or an entry waiting for the other side, is skipped), so a slip typed
// next never lands on the table's accepted result. A save over that result comes back with
// the server's question in the row: "Replace it" sends it again confirmed, "Keep the
// table's result" puts the table's back.
(function () {
  "use strict";

  var sheet = document.querySelector(".sheet[data-room]");
  if (!sheet) { return; }
  var readonly = sheet.dataset.readonly === "true";
  var text = JSON.parse(document.getElementById("sheet-messages").textContent);
  var live = document.getElementById("sheet-live");
  var failuresBox = document.getElementById("sheet-failures");
  var FIELDS = ["contract", "declarer", "lead", "result"];
  var BLANK = key({});
  var queue = [];   // {row, values} waiting to be sent, in the order they were committed
  var busy = false; // a save is in flight
  var states = {};  // row id -> {base, pending, failed, sentKey, kind}

  function format(template, values) {
    return template.replace(/%\((\w+)\)s/g, function (_, name) { return values[name]; });
  }

  function rowOf(element) {
    return element && element.closest ? element.closest("form.sheet-row") : null;
  }

  function field(row, name) {
    return row.querySelector('input[name$="-' + name + '"]');
  }

  function valuesOf(row) {
    var values = {};
    FIELDS.forEach(function (name) {
      var input = field(row, name);
      values[name] = input ? input.value : "";
    });
    return values;
  }

  // Rows are compared as the server reads them: spaces around and letter case do not count.
  function key(values) {
    return FIELDS.map(function (name) { return (values[name] || "").trim().toUpperCase(); }).join("\u0001");
  }

  function state(row) {
    if (!states[row.id]) {
      states[row.id] = {
        base: valuesOf(row), ok: row.getAttribute("data-saved") === "true",
        pending: 0, pendingKey: null, failed: false, sentKey: null, kind: null
      };
    }
    return states[row.id];
  }

  function changed(row) {
    return key(valuesOf(row)) !== key(state(row).base);
  }

  function announce(message) {
    if (!message) { return; }
    // The same words twice in a row are announced again only if the text changes.
    live.textContent = live.textContent === message ? message + "\u00a0" : message;
  }

  // What the row shows: ✓ only when saved and unchanged since; "saving" while queued.
  function refresh(row) {
    var s = state(row);
    var edited = changed(row);
    row.classList.toggle("is-edited", edited);
    row.classList.toggle("is-pending", s.pending > 0);
    row.classList.toggle("is-failed", s.failed);
    if (s.ok && !edited && !s.failed) {
      row.setAttribute("data-saved", "true");
    } else {
      row.removeAttribute("data-saved");
    }
    listFailures();
  }

  function count() {
    var box = document.getElementById("sheet-count");
    var rows = sheet.querySelectorAll("form.sheet-row");
    var saved = sheet.querySelectorAll("form.sheet-row[data-saved=true]").length;
    box.textContent = format(text.count, {saved: saved, total: rows.length});
  }

  function listFailures() {
    count();
    var failed = Array.prototype.filter.call(sheet.querySelectorAll("form.sheet-row"), function (row) {
      return states[row.id] && states[row.id].failed;
    });
    failuresBox.hidden = failed.length === 0;
    if (!failed.length) { failuresBox.textContent = ""; return; }
    var parts = text.failures.split("%(boards)s");
    var box = document.createDocumentFragment();
    box.appendChild(document.createTextNode(parts[0]));
    failed.forEach(function (row, index) {
      if (index) { box.appendChild(document.createTextNode(text.separator)); }
      var link = document.createElement("a");
      link.href = "#" + row.id;
      link.textContent = row.dataset.board;
      link.setAttribute("aria-label", format(text.board, {board: row.dataset.board}));
      link.addEventListener("click", function (event) {
        event.preventDefault();
        var input = row.querySelector("input.is-invalid") || field(row, "contract");
        input.focus();
        input.select();
      });
      box.appendChild(link);
    });
    box.appendChild(document.createTextNode(parts[1] || ""));
    failuresBox.textContent = "";
    failuresBox.appendChild(box);
  }

  // Put the row in the queue. ``explicit``: the director asked (Enter, the Save button),
  // so a failed row is sent again even if unchanged. ``answer``: the button that answered
  // the server's question ({name, value}: "Replace it", "Keep the table's result").
  function commit(row, explicit, answer) {
    if (readonly) { return; }
    var s = state(row);
    var values = valuesOf(row);
    var now = key(values);
    if (!answer) {
      if (s.pending && now === s.pendingKey) { return; }  // already on its way
      if (now === key(s.base) && !s.failed) { return; }   // nothing new to save
      if (now === BLANK && key(s.base) === BLANK) { return; }
      if (!explicit && s.failed && now === s.sentKey) { return; }  // failed as it is: wait for Enter
    }
    var waiting = queue.filter(function (entry) { return entry.row === row; })[0];
    if (waiting) {
      waiting.values = values;  // still waiting: send the newer values, keep its place
      waiting.answer = answer;
    } else {
      queue.push({row: row, values: values, answer: answer});
      s.pending += 1;
    }
    s.pendingKey = now;
    refresh(row);
    pump();
  }

  function pump() {
    if (busy || !queue.length) { return; }
    var entry = queue.shift();
    busy = true;
    send(entry).then(function () {
      busy = false;
      pump();
    });
  }

  function csrfToken(row) {
    var match = document.cookie.match(/(?:^|;\s*)csrftoken=([^;]+)/);
    if (match) { return decodeURIComponent(match[1]); }  // fresh after logging in again
    return row.querySelector("input[name=csrfmiddlewaretoken]").value;
  }

  // A 503 (the database busy or locked for a moment) is tried again after these waits, in
  // milliseconds, before the row is marked: saving is safe to repeat, as the server takes
  // the same result entered twice for one. The row keeps its place at the head of the queue.
  var BUSY_WAITS = [250, 750, 2000];

  function later(milliseconds) {
    return new Promise(function (resolve) { window.setTimeout(resolve, milliseconds); });
  }

  function send(entry) {
    var row = entry.row;
    return post(entry, 0).then(function () {
      var s = state(row);
      s.pending -= 1;
      if (!s.pending) { s.pendingKey = null; }
      refresh(row);
    });
  }

  function post(entry, attempt) {
    var row = entry.row;
    var body = new FormData(row);
    body.delete("csrfmiddlewaretoken");
    FIELDS.forEach(function (name) {
      var input = field(row, name);
      if (input) { body.set(input.name, entry.values[name]); }
    });
    if (entry.answer) { body.set(entry.answer.name, entry.answer.value); }
    var request = fetch(row.action, {
      method: "POST",
      body: body,
      credentials: "same-origin",
      redirect: "manual",
      headers: {"HX-Request": "true", "X-CSRFToken": csrfToken(row)}
    });
    return request.then(function (response) {
      if (response.type === "opaqueredirect") { return failed(entry, "session"); }
      if (response.status === 403) { return failed(entry, "forbidden"); }
      if (response.status === 503) {
        if (attempt < BUSY_WAITS.length) {
          return later(BUSY_WAITS[attempt]).then(function () { return post(entry, attempt + 1); });
        }
        return failed(entry, "unavailable");
      }
      if (!response.ok) { return failed(entry, "server", response.status); }
      return response.text().then(function (html) {
        var page = new DOMParser().parseFromString(html, "text/html");
        var fresh = page.getElementById(row.id);
        if (!fresh) { return failed(entry, "server", response.status); }
        answered(entry, fresh);
        var score = page.getElementById("match-score");
        var shown = document.getElementById("match-score");
        if (score && shown) { shown.replaceWith(document.importNode(score, true)); }
      });
    }, function () {
      failed(entry, "network");
    });
  }

  // Merge the server's row into the one on the page, touching no field being typed in.
  function answered(entry, fresh) {
    var row = entry.row;
    var s = state(row);
    var sent = entry.values;
    row.className = fresh.className;
    ["data-saved", "data-announce", "data-state"].forEach(function (name) {
      if (fresh.hasAttribute(name)) { row.setAttribute(name, fresh.getAttribute(name)); } else { row.removeAttribute(name); }
    });
    ["version", "csrfmiddlewaretoken"].forEach(function (name) {
      var mine = row.querySelector('input[type=hidden][name$="' + name + '"]');
      var theirs = fresh.querySelector('input[type=hidden][name$="' + name + '"]');
      if (mine && theirs) { mine.value = theirs.value; }
    });
    var cells = row.querySelectorAll(":scope > .cell");
    fresh.querySelectorAll(":scope > .cell").forEach(function (cell, index) {
      var mine = cells[index];
      if (!mine) { return; }
      if (cell.classList.contains("field")) {
        mergeField(mine, cell, sent);
      } else if (cell.classList.contains("status")) {
        mine.querySelectorAll(".saved-mark, .table-mark").forEach(function (mark) { mark.remove(); });
        cell.querySelectorAll(".saved-mark, .table-mark").forEach(function (mark) {
          mine.appendChild(document.importNode(mark, true));
        });
      } else {
        mine.innerHTML = cell.innerHTML;
      }
    });
    row.querySelectorAll(":scope > .row-message, :scope > .row-table").forEach(function (node) {
      node.remove();
    });
    fresh.querySelectorAll(":scope > .row-table, :scope > .row-message").forEach(function (node) {
      row.appendChild(document.importNode(node, true));
    });
    var ok = fresh.getAttribute("data-saved") === "true";
    if (ok) {
      // What the server saved is the row's new starting point, in its own spelling where
      // the director has not typed anything since.
      var base = {};
      FIELDS.forEach(function (name) {
        var input = field(row, name);
        var theirs = field(fresh, name);
        base[name] = input && input.value === sent[name] ? input.value : (theirs ? theirs.value : "");
      });
      s.base = base;
      s.ok = true;
      s.failed = false;
      s.kind = null;
    } else {
      s.ok = false;
      s.failed = true;
      s.kind = "invalid";
      s.sentKey = key(sent);
    }
    announce(fresh.getAttribute("data-announce"));
  }

  function mergeField(mine, cell, sent) {
    var input = mine.querySelector("input");
    var theirs = cell.querySelector("input");
    if (!input || !theirs) { return; }
    ["aria-invalid", "aria-describedby"].forEach(function (name) {
      if (theirs.hasAttribute(name)) { input.setAttribute(name, theirs.getAttribute(name)); } else { input.removeAttribute(name); }
    });
    input.classList.toggle("is-invalid", theirs.classList.contains("is-invalid"));
    var name = input.name.split("-").pop();
    if (input.value === sent[name] && input !== document.activeElement) {
      input.value = theirs.value;  // the server's spelling: 4sx becomes 4SX, 北 becomes N
    }
    var feedback = mine.querySelector(".invalid-feedback");
    if (feedback) { feedback.remove(); }
    var message = cell.querySelector(".invalid-feedback");
    if (message) { mine.appendChild(document.importNode(message, true)); }
  }

  function failed(entry, kind, status) {
    var row = entry.row;
    var s = state(row);
    s.ok = false;
    s.failed = true;
    s.kind = kind;
    s.sentKey = key(entry.values);
    var board = row.dataset.board;
    var message = format(text[kind], {board: board, status: status || ""});
    row.querySelectorAll(":scope > .row-message").forEach(function (node) { node.remove(); });
    var mark = row.querySelector(".saved-mark");
    if (mark) { mark.remove(); }
    row.removeAttribute("data-saved");
    row.classList.add("has-errors");
    var box = document.createElement("div");
    box.className = "row-message alert alert-danger py-1 mb-0 client-error";
    box.id = row.id + "-message";
    box.setAttribute("role", "alert");
    box.textContent = message + " ";
    if (kind === "session") {
      var link = document.createElement("a");
      link.href = sheet.dataset.loginUrl;
      link.target = "_blank";
      link.rel = "noopener";
      link.textContent = text.login;
      box.appendChild(link);
    }
    row.appendChild(box);
    var first = field(row, "contract");
    var described = (first.getAttribute("aria-describedby") || "").split(" ").filter(function (id) {
      return id && id !== box.id;
    });
    described.push(box.id);
    first.setAttribute("aria-describedby", described.join(" "));
    announce(message);
  }

  function focusRow(row) {
    var input = row && field(row, "contract");
    if (input) {
      input.focus();
      input.select();
    }
  }

  // A row to fill: nothing saved, typed or entered at the table in it, or a result not
  // agreed at the table; and not on its way to the server nor refused.
  function toFill(row) {
    var kind = row.getAttribute("data-state");
    var s = states[row.id];
    if (s && (s.pending || s.failed)) { return false; }
    if (kind === "disputed") { return true; }
    return kind === "empty" && key(valuesOf(row)) === BLANK;
  }

  // The next row to fill after ``row`` (from the top again when there is none below), or
  // null when every other row is filled.
  function nextRow(row) {
    var rows = Array.prototype.slice.call(sheet.querySelectorAll("form.sheet-row"));
    var at = rows.indexOf(row);
    var order = rows.slice(at + 1).concat(rows.slice(0, at));
    return order.filter(toFill)[0] || null;
  }

  sheet.addEventListener("keydown", function (event) {
    if (event.key !== "Enter" || event.isComposing || event.target.tagName !== "INPUT") { return; }
    var row = rowOf(event.target);
    if (!row) { return; }
    event.preventDefault();
    commit(row, true);
    var next = nextRow(row);
    if (next) { focusRow(next); }
  });

  sheet.addEventListener("focusout", function (event) {
    var row = rowOf(event.target);
    if (!row || (event.relatedTarget && row.contains(event.relatedTarget))) { return; }
    commit(row, false);
  });

  sheet.addEventListener("input", function (event) {
    var row = rowOf(event.target);
    if (row) { refresh(row); }
  });

  sheet.addEventListener("submit", function (event) {
    var row = rowOf(event.target);
    if (!row) { return; }
    event.preventDefault();  // the Save button: the same queue as Enter
    var button = event.submitter;
    var answered = button && /-(confirm|keep)$/.test(button.name || "");
    commit(row, true, answered ? {name: button.name, value: button.value} : null);
    if (answered) { focusRow(nextRow(row)); }  // answered: on to the next row to fill
  });

  window.addEventListener("online", function () {
    Object.keys(states).forEach(function (id) {
      var row = document.getElementById(id);
      if (row && states[id].failed && states[id].kind === "network") { commit(row, true); }
    });
  });

  window.addEventListener("beforeunload", function (event) {
    var unsaved = busy || queue.length > 0 || Array.prototype.some.call(
      sheet.querySelectorAll("form.sheet-row"),
      function (row) { return changed(row) || (states[row.id] && states[row.id].failed); }
    );
    if (unsaved) {
      event.preventDefault();
      event.returnValue = "";
    }
  });

  // "Go to board N": Alt+G (or a click) puts the cursor in the board field above the
  // sheet; Enter there opens that board's row, Esc goes back to the row it came from.
  var goto = document.querySelector("form.sheet-goto");
  var gotoInput = goto && goto.querySelector("input[name=board]");
  var cameFrom = null;

  function gotoError(message) {
    var old = document.getElementById("goto-board-error");
    if (old) { old.remove(); }
    gotoInput.classList.toggle("is-invalid", !!message);
    if (!message) {
      gotoInput.removeAttribute("aria-invalid");
      gotoInput.removeAttribute("aria-describedby");
      return;
    }
    var box = document.createElement("span");
    box.id = "goto-board-error";
    box.className = "text-danger small";
    box.setAttribute("role", "alert");
    box.textContent = message;
    goto.appendChild(box);
    gotoInput.setAttribute("aria-invalid", "true");
    gotoInput.setAttribute("aria-describedby", box.id);
  }

  if (goto) {
    document.addEventListener("keydown", function (event) {
      if (!event.altKey || event.ctrlKey || event.metaKey || event.code !== "KeyG") { return; }
      event.preventDefault();
      cameFrom = rowOf(document.activeElement) || cameFrom;
      gotoInput.focus();
      gotoInput.select();
    });
    gotoInput.addEventListener("keydown", function (event) {
      if (event.key !== "Escape") { return; }
      event.preventDefault();
      gotoError("");
      focusRow(cameFrom || sheet.querySelector("form.sheet-row"));
    });
    goto.addEventListener("submit", function (event) {
      event.preventDefault();
      var wanted = gotoInput.value.trim();
      var row = /^\d+$/.test(wanted) && document.getElementById("row-" + Number(wanted));
      if (!row || !row.matches("form.sheet-row")) {
        var rows = sheet.querySelectorAll("form.sheet-row");
        gotoError(format(text.no_board, {board: wanted, last: rows[rows.length - 1].dataset.board}));
        gotoInput.select();
        return;
      }
      gotoError("");
      gotoInput.value = "";
      cameFrom = row;
      focusRow(row);
      row.scrollIntoView({block: "center"});
      announce(format(text.board, {board: row.dataset.board}));
    });
  }

  sheet.querySelectorAll("form.sheet-row").forEach(function (row) {
    state(row);
    if (row.classList.contains("has-errors")) {
      states[row.id].failed = true;  // a row posted without JavaScript that came back refused
      states[row.id].kind = "invalid";
      states[row.id].sentKey = key(valuesOf(row));
    }
  });
  listFailures();

  if (!readonly) {
    var empty = Array.prototype.filter.call(sheet.querySelectorAll("form.sheet-row"), toFill)[0];
    var firstFailed = sheet.querySelector("form.sheet-row.has-errors");
    // A link to one board (#row-5, from the room monitor) opens the sheet on that board.
    var asked = /^#row-\d+$/.test(location.hash) && document.getElementById(location.hash.slice(1));
    if (!(asked && asked.matches("form.sheet-row"))) { asked = null; }
    focusRow(firstFailed || asked || empty);
    if (asked && !firstFailed) {  // the browser's own jump to #row-5 moves the focus away
      window.addEventListener("load", function () { focusRow(asked); }, {once: true});
    }
  }
})();
