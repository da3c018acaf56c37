// The desk page: send the puzzle to the JSON API, show the verdict, the drawings, the grade's
// steps one by one and the clue report. Drawings are SVG made by the server.
"use strict";

const $ = (id) => document.getElementById(id);
const state = { last: null, limit: 5, svg: {}, grade: null, step: 0, genre: null, replays: 0 };
const VERDICTS = {
  unique: "Unique: exactly one solution",
  multiple: "NOT unique: more than one solution",
  none: "No solution",
  unknown: "Unknown: the time limit came first",
};

async function api(kind, body) {
  $("busy").hidden = false;
  for (const b of document.querySelectorAll("#input button")) b.disabled = true;
  try {
    const response = await fetch("/api/" + kind, {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
    });
    let record;
    try { record = await response.json(); } catch (e) { record = { error: "the server answered " + response.status }; }
    return record;
  } catch (e) {
    return { error: "the server cannot be reached (" + e.message + ")" };
  } finally {
    $("busy").hidden = true;
    for (const b of document.querySelectorAll("#input button")) b.disabled = false;
  }
}

function showVerdict(record) {
  $("result").hidden = false;
  const box = $("verdict");
  if (record.error) {
    box.className = "verdict error";
    box.textContent = "Cannot check this input";
    $("message").textContent = record.error;
  } else {
    box.className = "verdict " + record.verdict;
    box.textContent = VERDICTS[record.verdict] || record.verdict;
    $("message").textContent = record.message || "";
  }
  $("keep").hidden = !(record.verdict === "unknown");
}

function drawInto(id, svg) {
  $(id).innerHTML = svg || "";  // SVG written by the server, its texts escaped there
}

function showStats(record) {
  const rows = [];
  const add = (name, value) => { if (value !== null && value !== undefined) rows.push([name, value]); };
  add("genre", record.genre); add("size", record.size);
  const st = record.stats || {};
  add("encoding", st.encoding); add("backend", st.backend); add("variables", st.variables);
  add("clauses", st.clauses); add("conflicts", st.conflicts);
  const fmt = (s) => (s === null || s === undefined) ? null : s.toFixed(3) + " s";
  add("solve", fmt(st.solve_s)); add("uniqueness proof", fmt(st.uniqueness_s));
  if (record.backbone) {
    const b = record.backbone;
    add("cells the same in every solution", (b.cells - b.undecided.length) + " of " + b.cells
        + (b.complete ? "" : " (search cut short)"));
    add("solutions seen", b.solutions_seen);
  }
  if (record.differences && record.differences.length) add("second solution differs in", record.differences.length + " cells");
  const table = $("stats");
  table.replaceChildren();
  for (const [name, value] of rows) {
    const tr = table.insertRow();
    tr.insertCell().textContent = name;
    tr.insertCell().textContent = String(value);
  }
}

function showView(view) {
  for (const b of document.querySelectorAll("button.view")) b.classList.toggle("active", b.dataset.view === view);
  drawInto("drawing", state.svg[view]);
}

function request(kind, extra) {
  return Object.assign({ puzzle: $("puzzle").value, time_limit: state.limit }, extra || {});
}

async function check(extraLimit) {
  state.limit = extraLimit || Number($("limit").value);
  state.last = "check";
  $("grade-panel").hidden = true; $("clues-panel").hidden = true;
  const record = await api("solve", request("solve"));
  showVerdict(record);
  state.svg = (record.svg) || {};
  const multiple = record.verdict === "multiple";
  $("views").hidden = !multiple;
  if (multiple) showView("backbone");
  else drawInto("drawing", state.svg.solution || state.svg.puzzle);
  if (!record.error) showStats(record); else $("stats").replaceChildren();
}

async function grade(extraLimit) {
  state.limit = extraLimit || Number($("limit").value);
  state.last = "grade";
  const record = await api("grade", request("grade"));
  showVerdict(record);
  $("views").hidden = true;
  if (record.error) return;
  drawInto("drawing", record.svg.puzzle);
  state.grade = record; state.genre = record.genre; state.step = 0;
  $("grade-panel").hidden = false;
  const level = record.level === null ? "not graded" : "level " + record.level;
  const techniques = Object.entries(record.techniques || {}).map(([k, v]) => k + " ×" + v).join(", ");
  $("grade-summary").textContent = level + (record.reason ? " (" + record.reason + ")" : "")
    + (techniques ? " — techniques: " + techniques : "");
  await showStep(0);
  $("grade-panel").scrollIntoView();
}

async function showStep(k) {
  const steps = (state.grade && state.grade.steps) || [];
  const step = Math.max(0, Math.min(k, steps.length));
  const asked = ++state.replays;  // a later click wins over an answer still on its way
  state.step = step;
  $("step-counter").textContent = "step " + step + " of " + steps.length;
  $("prev").disabled = step === 0;
  $("next").disabled = step >= steps.length;
  $("step-text").textContent = step ? steps[step - 1].text : "Press next to replay the grader's deductions.";
  const record = await api("replay", request("replay", { steps: steps.slice(0, step) }));
  if (asked !== state.replays) return;
  if (record.error) { $("step-text").textContent = record.error; return; }
  drawInto("step-drawing", record.svg);
}

async function clues(extraLimit) {
  state.limit = extraLimit || Number($("limit").value);
  state.last = "clues";
  const record = await api("clues", request("clues"));
  showVerdict(record);
  $("views").hidden = true;
  if (record.error) return;
  $("clues-panel").hidden = false;
  const kind = record.clue_kind;
  const names = (list) => list.map((c) => c.clue + " at (" + c.cell[0] + "," + c.cell[1] + ")").join(", ");
  let text;
  if (record.verdict === "unique") {
    text = record.redundant.length
      ? record.redundant.length + " redundant " + kind + "s (each can go alone, keeping it unique): " + names(record.redundant)
      : "The clue set is minimal: every " + kind + " is needed.";
  } else if (record.added.length) {
    text = "Add these " + kind + "s to make it unique: " + names(record.added);
  } else {
    text = record.message || "";
  }
  $("clues-summary").textContent = text;
  drawInto("clues-drawing", record.svg.clues);
  $("clues-panel").scrollIntoView();
}

function keepChecking() {
  const longer = Math.min(state.limit * 4, 120);
  if (state.last === "grade") grade(longer);
  else if (state.last === "clues") clues(longer);
  else check(longer);
}

function setUp() {
  $("check").addEventListener("click", () => check());
  $("grade").addEventListener("click", () => grade());
  $("clues").addEventListener("click", () => clues());
  $("keep").addEventListener("click", keepChecking);
  $("prev").addEventListener("click", () => showStep(state.step - 1));
  $("next").addEventListener("click", () => showStep(state.step + 1));
  for (const b of document.querySelectorAll("button.view")) b.addEventListener("click", () => showView(b.dataset.view));
  const area = $("puzzle");
  area.addEventListener("dragover", (e) => { e.preventDefault(); area.classList.add("dragging"); });
  area.addEventListener("dragleave", () => area.classList.remove("dragging"));
  area.addEventListener("drop", async (e) => {
    e.preventDefault(); area.classList.remove("dragging");
    const file = e.dataTransfer.files[0];
    if (file) { area.value = await file.text(); check(); }
  });
  $("bookmarklet").href = "javascript:location.href='" + location.origin
    + "/?url='+encodeURIComponent(location.href)";
  const url = new URLSearchParams(location.search).get("url");
  if (url) { area.value = url; check(); }
}

setUp();
