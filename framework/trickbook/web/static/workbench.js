// The workbench: edit a ruleset; every pause re-reads it through the same checks as `trickbook validate`.
"use strict";
nav("/workbench");
const text = document.getElementById("text");
const gutter = document.getElementById("gutter");
const problems = document.getElementById("problems");
const status = document.getElementById("status");
let marks = {};
let pending = null;
let asked = 0;

function drawGutter() {
  const count = text.value.split("\n").length;
  const lines = [];
  for (let n = 1; n <= count; n++) lines.push(el("span", { class: marks[n] || "" }, String(n)), "\n");
  gutter.replaceChildren(...lines);
  gutter.scrollTop = text.scrollTop;
}

function goTo(line, column) {
  const rows = text.value.split("\n");
  let offset = 0;
  for (let n = 1; n < line && n <= rows.length; n++) offset += rows[n - 1].length + 1;
  offset += Math.max(0, (column || 1) - 1);
  text.focus();
  text.setSelectionRange(offset, offset);
  const height = text.scrollHeight / Math.max(1, rows.length);
  text.scrollTop = Math.max(0, (line - 5) * height);
}

function show(result) {
  marks = {};
  const items = [];
  for (const [kind, list] of [["error", result.errors], ["warning", result.warnings]]) {
    for (const problem of list) {
      if (problem.line) marks[problem.line] = kind === "error" ? "err" : "warn";
      const where = problem.line ? t("line {line}, column {column}: ", problem) : "";
      const body = problem.line ? problem.text.replace(/^[^\n]*?editor:\d+:\d+: /, "") : problem.text;
      // The quoted lines of the file and the carets under them (indented four spaces) are code, left to right on
      // a right-to-left page too; each other line takes the direction of its own words.
      const lines = `${kind === "error" ? t("error") : t("warning")}: ${where}${body}`.split("\n").map((line) =>
        line.startsWith("    ") ? el("div", { class: "excerpt", dir: "ltr" }, line) : el("div", { dir: "auto" }, line));
      items.push(el("li", { class: kind, "data-line": problem.line || "",
        onclick: () => problem.line && goTo(problem.line, problem.column) }, ...lines));
    }
  }
  problems.replaceChildren(...items);
  drawGutter();
  const failed = result.examples.filter((e) => !e.passed).length;
  status.textContent = result.errors.length ? t("{count} error(s)", { count: result.errors.length }) :
    t("{id}: loads; {warnings} warning(s); {held} of {examples} worked example(s) hold", { id: result.id,
      warnings: result.warnings.length, held: result.examples.length - failed, examples: result.examples.length });
  status.className = result.errors.length ? "bad" : "good";
  offerUpgrade(result.upgrade);
  if (result.book) document.getElementById("book").srcdoc = result.book;
  document.getElementById("stale").hidden = Boolean(result.book);
  document.getElementById("examples").replaceChildren(...(result.examples.length ? result.examples.map((e) =>
    el("li", { class: e.passed ? "good" : "bad" }, `${e.passed ? "✓" : "✗"} ${e.name} (${t("line {line}", e)})`,
      e.mismatches.map((m) => el("div", { class: "muted" }, m)))) : [el("li", { class: "muted" }, t("This ruleset has no worked examples."))]));
  document.getElementById("diff").textContent = result.extends ?
    (result.diff || "") : t("This ruleset extends no other: there is nothing to compare it with.");
}

// A text in an older format: say so, and offer what `trickbook upgrade` would write (shown, then applied).
let upgradeText = null;
function offerUpgrade(upgrade) {
  const box = document.getElementById("upgrade");
  box.hidden = !upgrade;
  upgradeText = upgrade ? upgrade.text : null;
  if (!upgrade) return;
  document.getElementById("upgrade-says").textContent = t("This ruleset is written in the older format {format}; " +
    "it loads as that format meant it. Upgrading it (as trickbook upgrade does): {notes}. ",
    { format: upgrade.format, notes: upgrade.notes.join("; ") });
  document.getElementById("upgrade-diff").textContent = upgrade.diff;
}
document.getElementById("upgrade-show").addEventListener("click", () => {
  const diff = document.getElementById("upgrade-diff");
  diff.hidden = !diff.hidden;
});
document.getElementById("upgrade-apply").addEventListener("click", () => {
  if (upgradeText === null) return;
  text.value = upgradeText;
  document.getElementById("upgrade-diff").hidden = true;
  text.dispatchEvent(new Event("input"));
});

async function study() {
  const mine = ++asked;
  try {
    const result = await api("/api/study", { text: text.value, language: document.documentElement.lang });
    if (mine === asked) show(result);
  } catch (error) {
    status.textContent = error.message;
    status.className = "bad";
  }
}

text.addEventListener("input", () => {
  drawGutter();
  status.textContent = t("checking…");
  status.className = "muted";
  clearTimeout(pending);
  pending = setTimeout(study, 400);
});
text.addEventListener("scroll", () => { gutter.scrollTop = text.scrollTop; });
text.addEventListener("keydown", (event) => {
  if (event.key === "Tab") {
    event.preventDefault();
    text.setRangeText("  ", text.selectionStart, text.selectionEnd, "end");
    text.dispatchEvent(new Event("input"));
  }
});

document.querySelectorAll(".tabs button").forEach((button) => button.addEventListener("click", () => {
  document.querySelectorAll(".tabs button").forEach((b) => b.classList.toggle("on", b === button));
  document.querySelectorAll("[data-pane]").forEach((pane) => { pane.hidden = pane.dataset.pane !== button.dataset.tab; });
}));

async function load(id) {
  const ruleset = await api(`/api/rulesets/${encodeURIComponent(id)}`);
  text.value = ruleset.text;
  text.scrollTop = 0;
  drawGutter();
  study();
}

document.getElementById("variant").addEventListener("click", () => {
  const parent = document.getElementById("open").value;
  text.value = `format: trickbook-ruleset/2\nid: my-${parent}\ntitle: My ${parent}\nextends: ${parent}\n` +
    `description: >\n  What this variant changes, in a sentence.\n\n# Set only what differs from ${parent}, for example:\n# match:\n#   wins: total(side) >= 61\n`;
  drawGutter();
  study();
});

// Saving over a saved id asks first: the text becomes that id's new version (tables already playing keep theirs).
async function save() {
  try {
    return await api("/api/rulesets", { text: text.value });
  } catch (error) {
    const id = error.status === 409 && error.answer.replaces;
    if (!id) throw error;
    if (!confirm(t('A ruleset "{id}" is already saved. Replace it with this text? Tables already playing it keep the version they started with.', { id }))) return null;
    return api("/api/rulesets", { text: text.value, replace: true });
  }
}

document.getElementById("save").addEventListener("click", async () => {
  try {
    const saved = await save();
    if (!saved) {
      status.textContent = t("not saved: the saved version is kept");
      status.className = "";
      return;
    }
    status.textContent = t("saved as {id} (version {version})", saved);
    status.className = "good";
    await fillCatalogue(saved.id);
  } catch (error) {
    status.textContent = `${t("not saved:")} ${error.message}`;
    status.className = "bad";
  }
});

async function fillCatalogue(selected) {
  const catalogue = await api("/api/rulesets");
  const open = document.getElementById("open");
  open.replaceChildren(...catalogue.map((r) => el("option", { value: r.id, selected: r.id === selected }, rulesetName(r))));
  return catalogue;
}

document.getElementById("open").addEventListener("change", (event) => load(event.target.value));
fillCatalogue(new URLSearchParams(location.search).get("ruleset") || "tarneeb-41")
  .then(() => load(document.getElementById("open").value));
