// agentv-grade report page. Every string shown comes from the run's files (text nobody
// vetted): it is only ever put in the page with textContent or as an attribute value set
// through the DOM, never parsed as HTML.
(function () {
  "use strict";
  var started = performance.now();
  var data = JSON.parse(document.getElementById("report-data").textContent);
  var tests = data.tests.map(unpack);

  // The records are packed (html_report.pack): arrays in the order data.fields names, each
  // string an index into data.strings.
  function text(value) {
    if (typeof value === "number") return data.strings[value];
    if (Array.isArray(value)) return value.map(text);
    return value;
  }
  function record(row, fields, keep) {
    var out = {};
    fields.forEach(function (field, i) {
      out[field] = keep.indexOf(field) >= 0 ? row[i] : text(row[i]);
    });
    return out;
  }
  function unpack(t) {
    var numbers = ["score", "weight", "negate", "required"];
    t.assertions = t.assertions.map(function (a) { return record(a, data.fields.assertion, numbers); });
    t.pending = t.pending.map(function (p) { return record(p, data.fields.pending, []); });
    if (t.critique) {
      t.critique.suggestions = t.critique.suggestions.map(function (s) {
        return record(s, data.fields.suggestion, []);
      });
    }
    if (t.claims) {
      t.claims.items = t.claims.items.map(function (c) {
        return record(c, data.fields.claim, ["line", "col"]);
      });
    }
    return t;
  }

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }
  function append(parent) {
    for (var i = 1; i < arguments.length; i++) parent.appendChild(arguments[i]);
    return parent;
  }
  function fmtScore(score) {
    return score === null || score === undefined ? "-" : score.toFixed(3);
  }
  function css(name) {
    return String(name).replace(/[^a-z]+/gi, "-");
  }

  // ---------------------------------------------------------------- filters
  var state = { verdicts: {}, type: "", status: "", id: "", contradicted: false };
  var verdictBox = document.getElementById("verdict-filter");
  var counts = {};
  tests.forEach(function (t) { counts[t.verdict] = (counts[t.verdict] || 0) + 1; });
  data.verdicts.forEach(function (verdict) {
    if (!counts[verdict]) return;
    state.verdicts[verdict] = true;
    var box = el("input");
    box.type = "checkbox";
    box.checked = true;
    box.value = verdict;
    box.dataset.verdict = verdict;
    box.addEventListener("change", function () {
      state.verdicts[verdict] = box.checked;
      apply();
    });
    append(verdictBox, append(el("label"), box, el("span", "", " " + verdict + " (" + counts[verdict] + ")")));
  });
  var typeSelect = document.getElementById("type-filter");
  data.types.forEach(function (type) {
    var option = el("option", "", type);
    option.value = type;
    typeSelect.appendChild(option);
  });
  var statusSelect = document.getElementById("status-filter");
  ["passed", "failed", "error", "pending", "skipped"].forEach(function (status) {
    var option = el("option", "", status);
    option.value = status;
    statusSelect.appendChild(option);
  });
  typeSelect.addEventListener("change", function () { state.type = typeSelect.value; apply(); });
  statusSelect.addEventListener("change", function () { state.status = statusSelect.value; apply(); });
  var claimsBox = document.getElementById("claims-filter");
  claimsBox.addEventListener("change", function () { state.contradicted = claimsBox.checked; apply(); });
  var idInput = document.getElementById("id-filter");
  idInput.addEventListener("input", function () { state.id = idInput.value; apply(); });
  document.getElementById("filters").addEventListener("submit", function (event) {
    event.preventDefault();
  });

  function assertionShown(a) {
    return (!state.type || a.type === state.type) && (!state.status || a.status === state.status);
  }
  function testShown(t) {
    if (!state.verdicts[t.verdict]) return false;
    if (state.id && t.id.indexOf(state.id) < 0) return false;
    if (state.contradicted && !(t.claims && t.claims.contradicted)) return false;
    if (!state.type && !state.status) return true;
    return t.assertions.some(assertionShown);
  }

  // ---------------------------------------------------------------- one test
  function cell(tag, text, className) {
    return el(tag, className || "", text);
  }
  function assertionTable(t) {
    var shown = t.assertions.filter(assertionShown);
    var box = el("div");
    if (!t.assertions.length) return box;
    var table = el("table", "assertions");
    var cols = el("colgroup");
    ["c-status", "c-name", "c-type", "c-score", "c-text", "c-evidence"].forEach(function (c) {
      cols.appendChild(el("col", c));
    });
    table.appendChild(cols);
    var head = el("tr");
    ["status", "assertion", "type", "score", "what was checked", "evidence"].forEach(function (h) {
      head.appendChild(cell("th", h));
    });
    append(table, append(el("thead"), head));
    var body = el("tbody");
    shown.forEach(function (a) {
      var row = el("tr", "assertion");
      row.dataset.status = a.status;
      row.dataset.type = a.type;
      var name = a.name + (a.negate ? " (negated)" : "") + (a.required ? " (required)" : "");
      append(row, cell("td", a.status, "s-" + css(a.status)), cell("td", name, "mono"),
        cell("td", a.type, "mono"), cell("td", fmtScore(a.score), "num"), cell("td", a.text),
        cell("td", a.evidence, "mono"));
      body.appendChild(row);
    });
    table.appendChild(body);
    box.appendChild(table);
    if (shown.length < t.assertions.length) {
      box.appendChild(el("p", "note", (t.assertions.length - shown.length) +
        " assertion(s) hidden by the type/status filter"));
    }
    return box;
  }
  function critiqueList(t) {
    var box = el("div", "critique");
    if (!t.critique) {
      box.appendChild(el("p", "note", "No critique for this test (graded with --no-critique)."));
      return box;
    }
    box.appendChild(el("h4", "", "Critique: " + (t.critique.overall || "")));
    var list = el("ul");
    t.critique.suggestions.forEach(function (s) {
      var item = el("li", "suggestion");
      append(item, el("span", "sev-" + css(s.severity), "[" + s.severity + "] "),
        el("span", "mono", s.rule + (s.assertion ? " on " + s.assertion : "") + ": "),
        el("span", "", s.reason), el("div", "mono", s.evidence), el("div", "", "Fix: " + s.fix));
      list.appendChild(item);
    });
    box.appendChild(list);
    return box;
  }
  // The response's claims held against the transcript (claims.json): the contradicted ones
  // with the evidence against them, the others behind a disclosure.
  function claimItem(c) {
    var item = el("li", "claim");
    item.dataset.status = c.status;
    append(item, el("span", "c-" + css(c.status), "[" + c.status + "] "),
      el("span", "mono", c.line + ":" + c.col + " "), el("span", "claim-kind", "(" + c.kind + ") "),
      el("span", "claim-text", c.text), el("div", "mono claim-evidence", c.evidence));
    return item;
  }
  function claimList(items, className) {
    var list = el("ul", className);
    items.forEach(function (c) { list.appendChild(claimItem(c)); });
    return list;
  }
  function claimsSection(t) {
    var box = el("div", "claims");
    var c = t.claims;
    if (!c) {
      box.appendChild(el("p", "note", "No claims checked (the test has no transcript)."));
      return box;
    }
    box.appendChild(el("h4", "", "Claims in the response: " + c.total + " (" + c.verified +
      " verified, " + c.contradicted + " contradicted, " + c.unverifiable + " unverifiable)"));
    if (c.note) box.appendChild(el("p", "note", c.note));
    var against = c.items.filter(function (x) { return x.status === "contradicted"; });
    var others = c.items.filter(function (x) { return x.status !== "contradicted"; });
    if (against.length) box.appendChild(claimList(against, "claims-contradicted"));
    if (others.length) {
      var more = el("details", "claims-others");
      append(more, el("summary", "", "Verified and unverifiable claims (" + others.length + ")"),
        claimList(others, ""));
      box.appendChild(more);
    }
    return box;
  }
  function buildBody(t, holder) {
    holder.textContent = "";
    if (t.problem) holder.appendChild(el("p", "problem", t.problem));
    if (t.threshold !== null) {
      holder.appendChild(el("p", "sub", "score " + fmtScore(t.score) + ", threshold " + t.threshold));
    }
    holder.appendChild(assertionTable(t));
    if (t.pending.length) {
      holder.appendChild(el("h4", "", "Pending (the agent's judgement is needed)"));
      var list = el("ul");
      t.pending.forEach(function (p) { list.appendChild(pendingItem(t, p, 0)); });
      holder.appendChild(list);
    }
    if (t.verdict !== "not graded" && t.verdict !== "no response") {
      holder.appendChild(claimsSection(t));
      holder.appendChild(critiqueList(t));
    }
    t.warnings.forEach(function (w) { holder.appendChild(el("p", "note", "warning: " + w)); });
  }
  function pendingItem(t, p, number) {
    var item = el("li", "pending-item");
    if (number) {
      append(item, el("span", "todo-number", number + "."), el("strong", "mono", t.id),
        el("span", "", " · "));
    }
    append(item, el("span", "mono", p.name), el("span", "", " (" + p.type + "): write "),
      el("code", "", p.path || "(no result path)"));
    if (p.criteria) item.appendChild(el("div", "", "criteria: " + p.criteria));
    p.rubrics.forEach(function (r) { item.appendChild(el("div", "", "rubric: " + r)); });
    if (p.stale) item.appendChild(el("div", "note", "stale, judge again: " + p.stale));
    return item;
  }

  // ---------------------------------------------------------------- the list
  var list = document.getElementById("test-list");
  var rows = [];
  var fragment = document.createDocumentFragment();
  tests.forEach(function (t) {
    var details = el("details", "test");
    details.dataset.testId = t.id;
    details.dataset.verdict = t.verdict;
    var summary = el("summary", "row");
    var c = t.counts;
    append(summary, append(el("span"), el("span", "badge v-" + css(t.verdict), t.verdict)),
      el("span", "test-id mono", t.id), el("span", "num score", fmtScore(t.score)),
      el("span", "num pending-count", c ? c.pending : "-"),
      el("span", "num critique-count", t.critique ? t.critique.suggestions.length : "-"),
      el("span", "num claims-count" + (t.claims && t.claims.contradicted ? " c-contradicted" : ""),
        t.claims ? t.claims.contradicted + "/" + t.claims.total : "-"));
    var holder = el("div", "body");
    append(details, summary, holder);
    details.addEventListener("toggle", function () {
      if (details.open) buildBody(t, holder);
    });
    rows.push({ test: t, node: details, holder: holder });
    fragment.appendChild(details);
  });
  list.appendChild(fragment);

  var todo = document.getElementById("todo-list");
  var todoCount = 0;
  var todoFragment = document.createDocumentFragment();
  tests.forEach(function (t) {
    t.pending.forEach(function (p) {
      todoCount += 1;
      todoFragment.appendChild(pendingItem(t, p, todoCount));
    });
  });
  todo.appendChild(todoFragment);
  document.getElementById("todo-count").textContent = String(todoCount);
  if (!todoCount) todo.appendChild(el("li", "note", "Nothing pending."));

  var shownCount = document.getElementById("shown-count");
  function apply() {
    var shown = 0;
    rows.forEach(function (r) {
      var visible = testShown(r.test);
      r.node.hidden = !visible;
      if (visible) shown += 1;
      if (visible && r.node.open) buildBody(r.test, r.holder);
    });
    shownCount.textContent = "showing " + shown + " of " + tests.length + " tests";
  }
  apply();
  document.body.dataset.buildMs = String(Math.round(performance.now() - started));
  document.body.dataset.ready = "true";
})();
