// The desk page: send the puzzle to the JSON API, show the verdict, the drawings, the grade's
// steps one by one, hints and the clue report. Drawings are SVG made by the server. The
// genres and what the desk does for each come from /api/genres (the registry): nothing here
// names a genre. Cells are shown as r<row>c<column> from 1, as the drawings' edges number
// them; the API's records count from 0. "Make a puzzle" asks /api/generate for a puzzle made
// to order and puts it in the puzzle box, where the other tools take it.
"use strict";

const $ = (id) => document.getElementById(id);
const state = { last: null, limit: 5, svg: {}, grade: null, step: 0, genre: null, replays: 0,
                genres: {} };
const VERDICTS = {
  unique: "Unique: exactly one solution",
  multiple: "NOT unique: more than one solution",
  none: "No solution",
  unknown: "Unknown: the time limit came first",
};
const MAKE_LIMIT = 10;  // seconds a generation may take (the desk's quick lane)
const BUTTONS = "#input button, #make button";

async function api(kind, body) {
  $("busy").hidden = false;
  for (const b of document.querySelectorAll(BUTTONS)) b.disabled = true;
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
    for (const b of document.querySelectorAll(BUTTONS)) b.disabled = false;
    showHintButton();
  }
}

// A cell of the API (0-based [row, col]) as the page names it: r1c1 at the top left.
function cellName(cell) {
  return "r" + (cell[0] + 1) + "c" + (cell[1] + 1);
}

// A grader's sentence with its cells "(row,col)" (0-based, as the command line prints them)
// named as the page names cells.
function deskText(text) {
  return String(text || "").replace(/\((\d+),\s?(\d+)\)/g,
    (_, r, c) => cellName([Number(r), Number(c)]));
}

// A technique in English with the paper's own name beside it.
function techniqueNode(paper, english, extra) {
  const span = document.createElement("span");
  span.append(english || paper);
  if (english) {
    const name = document.createElement("span");
    name.className = "paper";
    name.textContent = " " + paper;
    span.append(name);
  }
  if (extra) span.append(extra);
  return span;
}

async function loadGenres() {
  try {
    const response = await fetch("/api/genres");
    const data = await response.json();
    for (const g of data.genres) state.genres[g.name] = g;
    $("genre-list").textContent = data.genres.map((g) => g.title).join(", ");
    const url = data.genres.find((g) => g.puzzlink.length);
    const id = data.genres.find((g) => g.tatham.length);
    $("puzzle").placeholder = [url && "https://puzz.link/p?" + url.puzzlink[0] + "/10/10/...",
      id && id.tatham[0] + ":6x6:...", data.genres.length && data.genres[0].header + " 10 10",
      "..."].filter(Boolean).join("\n");
    const graded = data.genres.filter((g) => g.grader).map((g) => g.title);
    $("graded-list").textContent = graded.length ? graded.join(", ") : "none yet";
    const select = $("make-genre");
    select.replaceChildren();
    for (const g of data.genres.filter((g) => g.generate)) select.add(new Option(g.title, g.name));
    showMakeOptions();
  } catch (e) {
    $("genre-list").textContent = "(the server cannot be reached)";
  }
  showHintButton();
}

// The size and levels of the genre chosen to make, as /api/genres gives them.
function showMakeOptions() {
  const info = state.genres[$("make-genre").value];
  const offer = info && info.generate;
  const levels = $("make-level");
  levels.replaceChildren(new Option("any (minimal clues)", ""));
  if (!offer) return;
  $("make-size").value = offer.size;
  if (offer.levels) {
    for (let k = offer.levels[0]; k <= offer.levels[1]; k++) levels.add(new Option(String(k), String(k)));
  }
  levels.disabled = !offer.levels;
  const symmetry = $("make-symmetry");
  symmetry.disabled = !offer.symmetry;
  if (!offer.symmetry) symmetry.value = "";
  symmetry.title = offer.symmetry ? "a symmetric clue layout" : "not made for this genre";
  const stars = $("make-stars");
  stars.disabled = !offer.stars;
  if (!offer.stars) stars.value = "";
  stars.title = offer.stars ? "stars a row and a column (auto: the size's default)" : "not an option of this genre";
  const variant = $("make-variant");
  const variants = offer.variants || [];
  variant.disabled = variants.length === 0;
  for (const option of variant.options) option.disabled = option.value !== "" && !variants.includes(option.value);
  if (variant.selectedOptions.length && variant.selectedOptions[0].disabled) variant.value = "";
  variant.title = variants.length ? "the genre's variants" : "no variant of this genre";
  levels.title = offer.scale;
  $("make-note").textContent = offer.levels ? "(" + offer.scale + ")" : "(no levels: " + offer.scale + ")";
}

// A made puzzle's seed as the server wrote it: the end of the command that makes it again
// (record.seed, a JSON number, is rounded by JavaScript past 2^53 - 1).
function seedOf(record) {
  const written = /--seed (-?\d+)$/.exec(record.command || "");
  return written ? written[1] : String(record.seed);
}

async function makePuzzle(extraLimit) {
  state.limit = extraLimit || MAKE_LIMIT;
  state.last = "make";
  const body = { genre: $("make-genre").value, size: $("make-size").value.trim(), time_limit: state.limit };
  if ($("make-level").value) body.level = Number($("make-level").value);
  if ($("make-symmetry").value) body.symmetry = $("make-symmetry").value;
  const stars = $("make-stars").value.trim();
  if (stars) body.stars = /^\d+$/.test(stars) ? Number(stars) : stars;  // text: the server says why
  if ($("make-variant").value) body.variant = $("make-variant").value;
  const seed = $("make-seed").value.trim();
  if (seed) body.seed = seed;  // as text: a JavaScript number rounds a seed past 2^53 - 1
  $("grade-panel").hidden = true; $("clues-panel").hidden = true; $("hint-panel").hidden = true;
  const record = await api("generate", body);
  showVerdict(record);
  $("views").hidden = true;
  if (record.error || !record.puzzle) {
    if (record.error && !record.busy) $("verdict").textContent = "Cannot make this puzzle";
    drawInto("drawing", ""); $("stats").replaceChildren();
    return;
  }
  $("puzzle").value = record.puzzle;
  setGenre(record.genre);
  state.svg = record.svg || {};
  drawInto("drawing", state.svg.puzzle);
  const level = record.level === null ? "no level" : "level " + record.level;
  $("message").textContent = "Made to order: " + level + " (" + record.scale + "), "
    + record.clues + " clues, seed " + seedOf(record) + ", in " + record.seconds + " s. It is in the "
    + "puzzle box: check, grade or hint it there. Made again by: " + record.command;
  const table = $("stats");
  table.replaceChildren();
  for (const [name, value] of [["genre", record.genre], ["size", record.size], ["level", record.level],
    ["score", record.score], ["clues", record.clues], ["seed", seedOf(record)],
    ["candidates tried", record.candidates], ["seconds", record.seconds]]) {
    if (value === null || value === undefined) continue;
    const tr = table.insertRow();
    tr.insertCell().textContent = name;
    tr.insertCell().textContent = String(value);
  }
}

function setGenre(name) {
  state.genre = name || null;
  showHintButton();
}

// Hint works where the genre's grader can start from a partial grid; before a check the
// genre is not known, and the button says so.
function showHintButton() {
  const info = state.genres[state.genre];
  const button = $("hint");
  button.disabled = !(info && info.hints);
  button.title = !state.genre ? "check the puzzle first" : (info && info.hints)
    ? "the next step a solver would take" : "no grader for " + (info ? info.title : state.genre) + " yet";
  $("hint-note").textContent = state.genre && !(info && info.hints)
    ? "(no hints: no grader for " + (info ? info.title : state.genre) + " yet)" : "";
}

function showVerdict(record) {
  $("result").hidden = false;
  const box = $("verdict");
  if (record.busy) {
    box.className = "verdict unknown";
    box.textContent = "Busy: try again in " + record.retry_after + " s";
    $("message").textContent = record.error;
  } else if (record.error) {
    box.className = "verdict error";
    box.textContent = "Cannot check this input";
    $("message").textContent = record.error;
  } else {
    box.className = "verdict " + record.verdict;
    box.textContent = VERDICTS[record.verdict] || record.verdict;
    const hint = record.x_variant ? "Hint: " + record.x_variant.text : "";
    $("message").textContent = [record.message || "", hint].filter(Boolean).join(" ");
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
  $("grade-panel").hidden = true; $("clues-panel").hidden = true; $("hint-panel").hidden = true;
  const record = await api("solve", request("solve"));
  showVerdict(record);
  if (!record.error) setGenre(record.genre);
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
  setGenre(record.genre);
  state.grade = record; state.step = 0;
  $("grade-panel").hidden = false;
  const info = state.genres[record.genre];
  const graded = info ? info.grader : record.level !== null;
  const summary = $("grade-summary");
  summary.className = graded ? "" : "grade-note";
  summary.textContent = record.level === null
    ? (record.reason || "not graded").replace(/^not graded: /, "Not graded: ")
    : "Level " + record.level + (record.score === null || record.score === undefined ? "" : ", score " + record.score)
      + (record.reason ? " (" + record.reason + ")" : "");
  const list = $("techniques");
  list.replaceChildren();
  const names = record.technique_names || {};
  for (const [paper, uses] of Object.entries(record.techniques || {})) {
    const item = document.createElement("li");
    item.append(techniqueNode(paper, names[paper], " ×" + uses));
    list.append(item);
  }
  $("stepper").hidden = !(graded && (record.steps || []).length);
  $("step-technique").replaceChildren(); $("step-text").textContent = "";
  drawInto("step-drawing", "");
  if (graded && (record.steps || []).length) await showStep(0);
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
  const names = (state.grade && state.grade.technique_names) || {};
  const technique = step ? steps[step - 1].technique : null;
  $("step-technique").replaceChildren(...(technique ? [techniqueNode(technique, names[technique])] : []));
  $("step-text").textContent = step ? deskText(steps[step - 1].text) : "Press next to replay the grader's deductions.";
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
  const names = (list) => list.map((c) => c.clue + " at " + cellName(c.cell)).join(", ");
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

async function hint(extraLimit) {
  state.limit = extraLimit || Number($("limit").value);
  state.last = "hint";
  const partial = $("partial").value.trim();
  const record = await api("hint", request("hint", partial ? { partial: partial } : {}));
  $("hint-panel").hidden = false;
  const technique = $("hint-technique");
  technique.replaceChildren();
  drawInto("hint-drawing", record.svg && record.svg.hint);
  if (record.error) { $("hint-text").textContent = record.error; return; }
  if (record.step) {
    technique.append(techniqueNode(record.step.technique, record.step.english));
    $("hint-text").textContent = deskText(record.step.text)
      + (record.cells.length ? " (cells " + record.cells.map(cellName).join(", ") + ")" : "");
  } else if (record.mistakes.length) {
    $("hint-text").textContent = record.message + ": " + record.mistakes.map(cellName).join(", ");
  } else {
    $("hint-text").textContent = record.message || (record.finished ? "The grid is finished." : "");
  }
  $("hint-panel").scrollIntoView();
}

function keepChecking() {
  const longer = Math.min(state.limit * 4, 120);
  if (state.last === "grade") grade(longer);
  else if (state.last === "hint") hint(longer);
  else if (state.last === "clues") clues(longer);
  else if (state.last === "make") makePuzzle(longer);
  else check(longer);
}

function setUp() {
  $("check").addEventListener("click", () => check());
  $("grade").addEventListener("click", () => grade());
  $("clues").addEventListener("click", () => clues());
  $("hint").addEventListener("click", () => hint());
  $("keep").addEventListener("click", keepChecking);
  $("make-genre").addEventListener("change", showMakeOptions);
  $("make-button").addEventListener("click", () => makePuzzle());
  $("prev").addEventListener("click", () => showStep(state.step - 1));
  $("next").addEventListener("click", () => showStep(state.step + 1));
  for (const b of document.querySelectorAll("button.view")) b.addEventListener("click", () => showView(b.dataset.view));
  const area = $("puzzle");
  area.addEventListener("input", () => setGenre(null));
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
  loadGenres().then(() => { if (url) { area.value = url; check(); } });
}

setUp();
