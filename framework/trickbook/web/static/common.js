// Shared helpers. Text from rulesets, players and the server is always set as text, never parsed as HTML.
"use strict";

// The page's texts in its language, sent by the server with the page (see web/pages.py); English is the source.
const MESSAGES = JSON.parse((document.getElementById("messages") || {}).textContent || "{}");
const LANGUAGE_COOKIE = "trickbook-lang";

// A text in the page's language, with `{name}` places filled from `values`.
function t(text, values) {
  const said = MESSAGES[text] || text;
  return said.replace(/\{(\w+)\}/g, (whole, key) => (values && key in values ? String(values[key]) : whole));
}

// The language switch: remembered in a cookie, which the server reads to send the pages in that language.
function chooseLanguage(language) {
  document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=31536000; samesite=lax`;
  location.reload();
}

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (key === "class") node.className = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (value !== false && value !== null && value !== undefined) node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

async function api(path, body) {
  const response = await fetch(path, body === undefined ? {} : {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body),
  });
  const value = await response.json();
  if (!response.ok) {
    const error = new Error(value.error || `the server answered ${response.status}`);
    error.status = response.status;
    error.answer = value;
    throw error;
  }
  return value;
}

function nav(here) {
  const links = [["/workbench", t("Workbench")], ["/tables", t("Tables")], ["/compare", t("Compare")]];
  const other = document.documentElement.lang === "ar" ? ["en", "English"] : ["ar", "العربية"];
  document.body.prepend(el("header", { class: "top" },
    el("a", { class: "brand", href: "/" }, "trickbook"),
    links.map(([href, name]) => el("a", { href, class: href === here ? "here" : "" }, name)),
    el("button", { class: "language", id: "language", lang: other[0], onclick: () => chooseLanguage(other[0]) }, other[1])));
}

// One option's picker: its named values, and a box for a list of numbers when the option takes one.
function optionPicker(name, spec, changed) {
  const LIST = "(list)"; // no named value has brackets (see `choice` in the schema)
  const pick = el("select", { "aria-label": name, onchange: () => { typed.hidden = pick.value !== LIST; changed && changed(); } },
    spec.values.map((v, i) => el("option", { value: v, selected: v === spec.default }, spec.labels[i])),
    spec.numbers ? el("option", { value: LIST }, t("a list...")) : []);
  const typed = el("input", { "aria-label": `${name} list`, hidden: true, size: 12, onchange: changed,
    placeholder: spec.numbers ? `${spec.numbers.min},...,${spec.numbers.max}` : "",
    title: spec.numbers && spec.numbers.description ? spec.numbers.description : "" });
  const label = el("label", { "data-option": name }, ` ${spec.label} `, pick, typed);
  label.chosen = () => (pick.value === LIST ? typed.value.trim() : pick.value);
  return label;
}

// A ruleset as a picker names it: its title in the page's language, its id, and whether it was saved here.
function rulesetName(r) {
  return `${r.title} (${r.id})${r.saved ? ` - ${t("saved")}` : ""}`;
}

// A ruleset picker: ruleset, then its version and options; `changed` runs when any of them changes.
function rulesetPicker(catalogue, changed) {
  const choose = el("select", { "aria-label": "ruleset" },
    catalogue.map((r) => el("option", { value: r.id }, rulesetName(r))));
  const version = el("select", { "aria-label": "rules version" });
  const options = el("span", { class: "options" });
  const box = el("span", { class: "picker" }, choose, ` ${t("version")} `, version, " ", options);
  function fill(first) {
    const ruleset = catalogue.find((r) => r.id === choose.value);
    version.replaceChildren(...ruleset.versions.slice().reverse().map((v) => el("option", { value: v }, String(v))));
    options.replaceChildren(...Object.entries(ruleset.options).map(([name, spec]) => optionPicker(name, spec, changed)));
    if (changed && first !== true) changed();
  }
  choose.addEventListener("change", fill);
  version.addEventListener("change", () => changed && changed());
  box.value = () => {
    const chosen = {};
    options.querySelectorAll("[data-option]").forEach((s) => { chosen[s.dataset.option] = s.chosen(); });
    return { ruleset: choose.value, version: Number(version.value), options: chosen };
  };
  box.ruleset = () => catalogue.find((r) => r.id === choose.value);
  box.select = (id) => { choose.value = id; fill(); };
  fill(true);
  return box;
}

// "My tables": the tables this browser created or sat at, with their seat links, kept in localStorage (this
// site's storage in this browser only) so a person finds their seat again and a creator can resend every link.
const MY_TABLES = "trickbook.my-tables";

function myTables() {
  try {
    const kept = JSON.parse(localStorage.getItem(MY_TABLES) || "{}");
    return kept && typeof kept === "object" ? kept : {};
  } catch (error) {
    return {};  // storage written by something else, or switched off: start again
  }
}

// Adds to what this browser keeps of a table: `links` maps seat names to links, `mine` names the seats opened here.
function rememberTable(id, entry) {
  const all = myTables();
  const old = all[id] || { links: {}, mine: [] };
  all[id] = {
    title: entry.title || old.title, creator: Boolean(old.creator || entry.creator), when: old.when || Date.now(),
    manage: entry.manage || old.manage,  // the creator's token: lets a bot play an absent person's seat, and gives it back
    links: { ...old.links, ...(entry.links || {}) }, mine: [...new Set([...old.mine, ...(entry.mine || [])])],
  };
  try { localStorage.setItem(MY_TABLES, JSON.stringify(all)); } catch (error) { /* storage full or off: nothing kept */ }
}

function forgetTable(id) {
  const all = myTables();
  delete all[id];
  localStorage.setItem(MY_TABLES, JSON.stringify(all));
}

// A button that copies a link; where the clipboard is not allowed, the link is shown to copy by hand.
function copyButton(link, label) {
  const button = el("button", { class: "copy", "data-copy": link }, label || t("Copy link"));
  button.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(link);
      button.textContent = t("Copied");
    } catch (error) {
      window.prompt(t("Copy this link:"), link);
    }
  });
  return button;
}

// Who plays a seat, in the page's language: a person, or a bot by its kind and its settings.
function playerWords(spec) {
  const [kind, settings] = spec.split(/:(.*)/s);
  const words = { human: t("a person"), heuristic: t("heuristic bot"), random: t("random bot"), mcts: t("mcts bot") }[kind];
  if (!words) return spec;
  return settings ? `${words} (${settings.split(",").map(settingWords).join(t(", "))})` : words;
}

// One setting of a bot (`playouts=100`) in the page's language; one the page does not know is kept as typed.
function settingWords(setting) {
  const [key, count] = setting.split("=");
  if (count === undefined) return setting;
  if (key === "playouts") return t("{count} playouts", { count });
  if (key === "ms") return t("{count} ms a move", { count });
  if (key === "samples") return t("{count} worlds a choice", { count });
  if (key === "spread") return t("bids within {count} of its estimate", { count });
  return setting;
}
