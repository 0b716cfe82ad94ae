// Shared helpers. Text from rulesets, players and the server is always set as text, never parsed as HTML.
"use strict";

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
  if (!response.ok) throw new Error(value.error || `the server answered ${response.status}`);
  return value;
}

function nav(here) {
  const links = [["/workbench", "Workbench"], ["/tables", "Tables"], ["/compare", "Compare"]];
  document.body.prepend(el("header", { class: "top" },
    el("a", { class: "brand", href: "/" }, "trickbook"),
    links.map(([href, name]) => el("a", { href, class: href === here ? "here" : "" }, name))));
}

// A ruleset picker: ruleset, then its version and options; `changed` runs when any of them changes.
function rulesetPicker(catalogue, changed) {
  const choose = el("select", { "aria-label": "ruleset" },
    catalogue.map((r) => el("option", { value: r.id }, `${r.title} (${r.id})${r.saved ? " - saved" : ""}`)));
  const version = el("select", { "aria-label": "rules version" });
  const options = el("span", { class: "options" });
  const box = el("span", { class: "picker" }, choose, " version ", version, " ", options);
  function fill(first) {
    const ruleset = catalogue.find((r) => r.id === choose.value);
    version.replaceChildren(...ruleset.versions.slice().reverse().map((v) => el("option", { value: v }, String(v))));
    options.replaceChildren(...Object.entries(ruleset.options).map(([name, spec]) => el("label", {}, ` ${name} `,
      el("select", { "data-option": name, "aria-label": name, onchange: changed },
        spec.values.map((v) => el("option", { value: v, selected: v === spec.default }, v))))));
    if (changed && first !== true) changed();
  }
  choose.addEventListener("change", fill);
  version.addEventListener("change", () => changed && changed());
  box.value = () => {
    const chosen = {};
    options.querySelectorAll("select").forEach((s) => { chosen[s.dataset.option] = s.value; });
    return { ruleset: choose.value, version: Number(version.value), options: chosen };
  };
  box.ruleset = () => catalogue.find((r) => r.id === choose.value);
  box.select = (id) => { choose.value = id; fill(); };
  fill(true);
  return box;
}
