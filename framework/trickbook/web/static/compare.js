// A comparison runs on the server; this page starts it, shows its progress, then its table and figure.
"use strict";
nav("/compare");
let catalogue = [];
const pickers = [];

function addPicker(id) {
  const picker = rulesetPicker(catalogue);
  if (id) picker.select(id);
  const row = el("p", { "data-picker": pickers.length }, `${t("Ruleset {number}:", { number: pickers.length + 1 })} `, picker);
  pickers.push(picker);
  document.getElementById("pickers").append(row);
}

function showResult(state) {
  const result = document.getElementById("result");
  if (state.status === "failed" || state.status === "cancelled") {
    result.replaceChildren(el("p", { class: state.status === "failed" ? "bad" : "" }, state.message));
    return;
  }
  const table = el("table", { class: "grid", id: "comparison" },
    el("caption", {}, state.title),
    el("tr", {}, el("th", {}, t("95% intervals in brackets")), state.labels.map((l) => el("th", {}, l))),
    state.rows.map(([name, cells]) => el("tr", {}, el("td", {}, name), cells.map((c) => el("td", { dir: "ltr" }, c)))));
  const caveats = state.caveats && state.caveats.length
    ? [el("div", { class: "panel", id: "caveats" }, el("h2", {}, t("Read this first")),
        el("p", { class: "muted" }, t("These matches may measure the players more than the rules.")),
        el("ul", {}, state.caveats.map((c) => el("li", {}, c))))]
    : [];
  result.replaceChildren(
    ...caveats,
    el("div", { class: "panel" }, el("h2", {}, t("Paired differences against {first}", state)),
      state.differences.length ? el("ul", {}, state.differences.map((d) => el("li", {}, d))) : el("p", {}, t("None to show."))),
    el("div", { class: "panel" }, table),
    state.figure ? el("img", { src: `/api/compare/${state.id}/figure.png`, alt: t("distributions and rates side by side"), style: "max-width:100%" })
      : el("p", { class: "muted" }, t("Install trickbook[plot] (matplotlib) on the server for the figure.")));
}

const STATUS = { running: (s) => t("{done} of {total} matches played", s), cancelling: () => t("cancelling…"),
                 done: () => t("done"), cancelled: () => t("cancelled"), failed: () => "" };

async function follow(id) {
  const bar = document.getElementById("bar");
  const status = document.getElementById("status");
  const cancel = document.getElementById("cancel");
  bar.hidden = false;
  cancel.onclick = () => { cancel.disabled = true; api(`/api/compare/${id}/cancel`, {}); };
  for (;;) {
    const state = await api(`/api/compare/${id}`);
    const going = state.status === "running" || state.status === "cancelling";
    cancel.hidden = !going;
    cancel.disabled = state.status === "cancelling";
    bar.firstElementChild.style.width = `${(100 * (state.done || 0)) / Math.max(1, state.total || 1)}%`;
    status.textContent = STATUS[state.status](state);
    if (!going) { state.id = id; showResult(state); return; }
    await new Promise((resolve) => setTimeout(resolve, 400));
  }
}

document.getElementById("add").addEventListener("click", () => addPicker());
document.getElementById("start").addEventListener("click", async () => {
  const status = document.getElementById("status");
  status.className = "";
  try {
    const started = await api("/api/compare", {
      rulesets: pickers.map((p) => p.value()),
      players: document.getElementById("players").value,
      matches: Number(document.getElementById("matches").value),
      hand_cap: Number(document.getElementById("cap").value),
      skill: document.getElementById("skill").checked ? "heuristic/random" : null,
    });
    history.replaceState(null, "", `/compare#${started.id}`);
    await follow(started.id);
  } catch (error) {
    status.textContent = error.message;
    status.className = "bad";
  }
});

api("/api/rulesets").then((list) => {
  catalogue = list;
  addPicker("tarneeb-41");
  addPicker("syrian-tarneeb-41");
  if (location.hash.length > 1) follow(location.hash.slice(1));
});
