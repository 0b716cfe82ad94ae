// Creating a table: a ruleset, its version and options, and who sits at each seat.
"use strict";
nav("/tables");
const players = [["human", t("a person")], ["heuristic", t("heuristic bot")], ["random", t("random bot")],
  ["mcts:playouts=100", t("mcts bot (100 playouts)")]];
let picker;
let asked = 0;  // seat requests made, in order
let shown = 0;  // the request whose seats are on the page

async function drawSeats() {
  const status = document.getElementById("status");
  const mine = ++asked;
  try {
    const seating = await api("/api/seating", picker.value());
    if (mine < shown) return;  // a later choice's seats are on the page already: this answer came late
    shown = mine;
    if (mine === asked) status.textContent = "";
    document.getElementById("seats").replaceChildren(...seating.seats.map((name, seat) => el("label", { "data-name": name }, `${name} `,
      el("select", { "data-seat": seat, "aria-label": t("seat {seat}", { seat }) },
        players.map(([value, label]) => el("option", { value, selected: value === (seat === 0 ? "human" : "heuristic") }, label))))));
  } catch (error) {
    if (mine !== asked) return;  // only the latest choice's refusal is news
    status.textContent = error.message;
    status.className = "bad";
  }
}

// Where a table is, in the page's language.
const PHASE_WORDS = { playing: t("playing"), "waiting-ready": t("between hands"), voting: t("voting on a rematch"), closed: t("closed") };

async function listTables() {
  const tables = await api("/api/tables");
  const comma = t(", ");  // outside the call below: a t() within another's arguments is not found for translation
  document.getElementById("open").replaceChildren(...(tables.length ? tables.map((table) => el("li", {}, t("{title}: match {match}, {phase}; {seats}", {
    ...table, phase: PHASE_WORDS[table.phase] || table.phase,
    seats: table.seats.map((spec, seat) => `${table.names[seat]}: ${playerWords(spec)}`).join(comma) }))) : [el("li", {}, t("none yet"))]));
}

// The tables this browser created or sat at: every seat's link for the creator, the person's own seats otherwise.
function listMine() {
  const entries = Object.entries(myTables()).sort(([, a], [, b]) => b.when - a.when);
  document.getElementById("mine").replaceChildren(...(entries.length ? entries.map(([id, table]) => el("li", { "data-my-table": id },
    el("b", {}, table.title || id), table.creator ? ` ${t("(you created it)")} ` : " ",
    el("button", { onclick: () => { forgetTable(id); listMine(); } }, t("Forget")),
    el("ul", {}, Object.entries(table.links).map(([seat, link]) => el("li", {}, `${seat}${table.mine.includes(seat) ? ` ${t("(opened here)")}` : ""}: `,
      el("a", { href: link, "data-my-seat": seat }, t("open")), " ", copyButton(link)))))) : [el("li", { class: "muted" }, t("none yet"))]));
}

document.getElementById("create").addEventListener("click", async () => {
  const seats = [...document.querySelectorAll("[data-seat]")].map((s) => s.value);
  const clock = document.getElementById("clock").value;
  const status = document.getElementById("status");
  try {
    const made = await api("/api/tables", { ...picker.value(), seats, turn_seconds: clock ? Number(clock) : null });
    status.textContent = "";
    const names = [...document.querySelectorAll("[data-name]")].map((label) => label.dataset.name);
    const links = Object.fromEntries(Object.entries(made.links).map(([seat, link]) => [names[seat], new URL(link, location.href).href]));
    rememberTable(made.id, { title: picker.ruleset().title, creator: true, links, manage: made.creator });
    document.getElementById("links").replaceChildren(el("p", {}, t("Each person opens their own link (keep it private: it acts for that seat):")),
      el("ul", {}, Object.entries(made.links).map(([seat, link]) => el("li", {}, `${names[seat]}: `,
        el("a", { href: link, target: "_blank", "data-link-seat": seat }, links[names[seat]]), " ", copyButton(links[names[seat]])))));
    listTables();
    listMine();
  } catch (error) {
    status.textContent = error.message;
    status.className = "bad";
  }
});

api("/api/rulesets").then((catalogue) => {
  picker = rulesetPicker(catalogue, drawSeats);
  document.getElementById("picker").replaceChildren(`${t("Ruleset")} `, picker);
  const wanted = new URLSearchParams(location.search).get("ruleset");
  if (wanted && catalogue.some((r) => r.id === wanted)) picker.select(wanted);  // which draws its seats
  else drawSeats();
  listTables();
});
listMine();
