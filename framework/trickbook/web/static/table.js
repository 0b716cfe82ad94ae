// A seat's page. Everything drawn here comes from what the server sent this seat: its own view and events.
"use strict";
nav("");
const token = location.hash.slice(1);
const tableId = location.pathname.split("/").pop();
let socket = null;
let page = null;
let notice = null;
let retry = 500;

function card(code, attrs) {
  const [label, colour] = page.cards[code] || [code, "black"];
  return el(attrs ? "button" : "span", { class: `card suit-${colour}`, "data-card": code, ...(attrs || {}) }, label);
}
const name = (seat) => (seat === null || seat === undefined ? "nobody" : page.seats[seat].name);

function thisHand() {
  const log = page.log;
  let start = 0;
  log.forEach((event, index) => { if (event.type === "hand_started") start = index; });
  return log.slice(start);
}

function actionWords(event) {
  if (event.hidden) return event.action === "discard" ? `${name(event.seat)} laid a card away` : `${name(event.seat)} passed cards`;
  if (event.action === "discard") return `${name(event.seat)} laid away ${event.cards.map((c) => page.cards[c][0]).join(" ")}`;
  if (event.action === "alone") return `${name(event.seat)} plays alone`;
  if (event.action === "game") return `${name(event.seat)} named the game ${event.value}`;
  if (event.action === "bid") return `${name(event.seat)} bid ${event.value}`;
  if (event.action === "pass") return `${name(event.seat)} passed`;
  if (event.action === "trump") return `${name(event.seat)} chose trump ${page.suits[event.suit][0]}`;
  if (event.action === "pass_cards") return `${name(event.seat)} passed ${event.cards.map((c) => page.cards[c][0]).join(" ")}`;
  return null;
}

function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

function act(action) { notice = null; send({ type: "act", action }); }

function draw() {
  const view = page.view;
  const mine = (view.actor === undefined ? view.turn : view.actor) === page.seat && view.table === "playing";
  document.title = `${page.title} - trickbook`;
  document.getElementById("title").textContent = `${page.title}: you are ${name(page.seat)}`;
  const trump = view.trump ? page.suits[view.trump] : null;
  const facts = [
    ["Match", String(view.match)], ["Hand", String(view.hand_number)], ["Dealer", name(view.dealer)],
    ["Trump", view.game ? `the game ${view.game}` : trump ? `${trump[0]} ${trump[1]}` : page.trump_game ? "not yet known" : "none in this game"],
  ];
  if (view.declarer !== null) facts.push(["Declarer", name(view.declarer)]);
  if (page.progress.length) facts.push(["Tricks", page.progress.map((p) => `${p.name} ${p.taken}${p.wanted !== null ? ` of ${p.wanted}` : ""}`).join(", ")]);
  if (view.exposed.length) facts.push(["Shown", view.exposed.map((c) => page.cards[c][0]).join(" ")]);
  if (view.deadline) facts.push(["Clock", `${Math.max(0, Math.round(view.deadline - Date.now() / 1000))} s`]);
  document.getElementById("facts").replaceChildren(...facts.map(([k, v]) => el("span", {}, el("b", {}, `${k}: `), el("span", { "data-fact": k.toLowerCase() }, v))));
  if (trump) document.querySelector('[data-fact="trump"]').className = `suit-${trump[2]}`;

  document.getElementById("seats").replaceChildren(...page.seats.map((seat, index) => el("div",
    { class: `seat${view.turn === index && view.table === "playing" ? " turn" : ""}`, "data-seat": index },
    el("div", { class: "who" }, seat.name, index === page.seat ? " (you)" : ""),
    el("div", {}, seat.player === "human" ? "a person" : seat.player),
    el("div", {}, `tricks: ${view.tricks_won[index]}`),
    page.personal && view.seat_totals ? el("div", {}, `total: ${view.seat_totals[index]}`) : null)));

  document.getElementById("trick").replaceChildren(...view.trick.map((code, i) =>
    el("div", { class: "played" }, card(code), el("div", {}, name(page.trick_seats[i])))));

  const legal = new Set(view.legal);
  const cardActions = new Set(view.legal.filter((t) => t in page.cards || t.startsWith("give ") || t.startsWith("discard ")));
  const hand = document.getElementById("hand");
  hand.replaceChildren(...view.hand.map((code) => {
    const text = [code, `give ${code}`, `discard ${code}`].find((t) => legal.has(t)) || code;
    const playable = legal.has(text);
    const clickable = mine && view.turn === page.seat && (playable || view.phase === "play");
    const look = !mine ? "" : playable ? " legal" : " dim";
    return card(code, { class: `card suit-${page.cards[code][1]}${look}`, disabled: !clickable,
      "aria-label": page.cards[code][0], onclick: () => act(text) });
  }));
  if (!view.hand.length && view.table === "playing") hand.replaceChildren(el("span", { class: "muted" }, "You have not seen your cards yet."));
  const dummy = document.getElementById("dummy");
  dummy.replaceChildren(...(view.dummy_hand && view.dummy_hand.length ? [el("span", { class: "muted" }, `Dummy (${name(view.dummy)}): `),
    ...view.dummy_hand.map((code) => {
      const playable = mine && view.turn === view.dummy && legal.has(code);
      return card(code, { class: `card suit-${page.cards[code][1]}${playable ? " legal" : ""}`, disabled: !playable,
        "aria-label": `dummy ${page.cards[code][0]}`, onclick: () => act(code) });
    })] : []));

  const open = document.getElementById("open-hand");
  open.replaceChildren(...(view.open_hand.length && view.open_seat !== page.seat ? [el("span", { class: "muted" }, `Open hand (${name(view.open_seat)}): `),
    ...view.open_hand.map((code) => card(code, { class: `card suit-${page.cards[code][1]}`, disabled: true, "aria-label": `open ${page.cards[code][0]}` }))] : []));

  const buttons = [];
  if (mine) for (const text of view.legal) if (!cardActions.has(text)) buttons.push(el("button", { "data-action": text, onclick: () => act(text) }, page.labels[text]));
  if (mine && page.passing) buttons.push(el("span", { id: "passing" }, `${page.passing}: click them one by one.`));
  if (mine && view.legal.some((t) => t.startsWith("discard "))) buttons.push(el("span", { id: "exchange" }, "Lay a card away: click it."));
  if (mine && !buttons.length && !cardActions.size) buttons.push(el("span", {}, "Your turn."));
  if (!mine && view.table === "playing" && view.turn !== null) buttons.push(el("span", {}, `Waiting for ${name(view.turn)}…`));
  const log = page.log;
  if (view.table === "waiting-ready") {
    const wanted = log.map((e) => e.type).lastIndexOf("ready_wanted");
    const done = log.slice(wanted).some((e) => e.type === "ready" && e.seat === page.seat);
    buttons.push(done ? el("span", {}, "Waiting for the others to be ready…") :
      el("button", { class: "primary", id: "ready", onclick: () => send({ type: "ready" }) }, "Ready for the next hand"));
  }
  if (view.table === "voting") {
    const ended = log.filter((e) => e.type === "match_ended").pop();
    const winners = ended && ended.winner ? ended.winner.map(name).join(" and ") : "nobody";
    buttons.push(el("strong", { id: "result" }, `The match is over: ${winners} won. `));
    const voted = log.some((e) => e.type === "vote" && e.seat === page.seat && log.indexOf(e) > log.map((x) => x.type).lastIndexOf("vote_wanted"));
    if (!voted) buttons.push(el("button", { class: "primary", onclick: () => send({ type: "vote", rematch: true }) }, "Play again"),
      el("button", { onclick: () => send({ type: "vote", rematch: false }) }, "Leave the table"));
    else buttons.push(el("span", {}, "Waiting for the others' votes…"));
  }
  if (view.table === "closed") buttons.push(el("strong", {}, `The table is closed: ${page.close_reason}`));
  document.getElementById("actions").replaceChildren(...buttons);

  const box = document.getElementById("notice");
  box.replaceChildren(...(notice ? [el("div", { class: `notice${notice.bad ? " bad" : ""}`, role: "alert" }, notice.text)] : []));

  const hand_events = thisHand();
  const bids = [];
  for (const event of hand_events) {
    if (event.type === "cards_passed" && event.to === page.seat) {
      bids.push(`${name(event.seat)} passed you ${event.cards.map((c) => page.cards[c][0]).join(" ")}`);
      continue;
    }
    if (event.type === "cards_taken") {
      bids.push(`${name(event.seat)} took ${event.cards.map((c) => page.cards[c][0]).join(" ")}`);
      continue;
    }
    if (event.type === "sits_out") {
      bids.push(`${name(event.seat)} sits this hand out`);
      continue;
    }
    if (event.type !== "action") continue;
    const words = actionWords(event);
    const last = bids.length ? bids[bids.length - 1] : "";
    if (event.action === "pass_cards" && last.startsWith(`${name(event.seat)} passed `) && !last.includes(" you ")) {
      bids[bids.length - 1] = event.hidden ? last.replace(/passed (\d+ )?cards?$/, (_, n) => `passed ${Number(n || 1) + 1} cards`)
        : `${last} ${event.cards.map((c) => page.cards[c][0]).join(" ")}`;
    } else if (words) bids.push(event.hidden && event.action === "pass_cards" ? `${name(event.seat)} passed 1 card` : words);
  }
  document.getElementById("bidding").replaceChildren(...(bids.length ? bids.map((b) => el("div", {}, b)) : ["None yet this hand."]));

  const score = [];
  if (page.sides.length) score.push(el("div", {}, page.sides.map((s, i) => `${s} ${view.totals[i]}`).join(", ")));
  if (page.personal && view.seat_totals) score.push(el("div", {}, page.seats.map((s, i) => `${s.name} ${view.seat_totals[i]}`).join(", ")));
  const scored = log.filter((e) => e.type === "hand_scored").pop();
  if (scored) score.push(el("div", { class: "muted" }, "Last hand: ", scored.lines.map((l) =>
    `${l.rule} ${l.points >= 0 ? "+" : ""}${l.points} (${l.for === "side" ? page.sides[l.target] : name(l.target)})`).join("; ")));
  document.getElementById("score").replaceChildren(...score);

  const last = log.filter((e) => e.type === "trick").pop();
  document.getElementById("last").replaceChildren(last ? el("div", {}, `Trick ${last.number}, led by ${name(last.leader)}: `,
    ...last.cards.map((c) => card(c)), ` won by ${name(last.winner)}`) : "No trick has been played yet.");

  document.getElementById("records").replaceChildren(...(page.finished.length ? page.finished.map((n) =>
    el("button", { onclick: () => download(n) }, `record of match ${n}`)) : ["none yet"]));
}

async function download(match) {
  const response = await fetch(`/api/tables/${tableId}/records/${match}`, { headers: { "x-seat-token": token } });
  const blob = await response.blob();
  const link = el("a", { href: URL.createObjectURL(blob), download: `trickbook-${tableId}-match-${match}.json` });
  document.body.append(link);
  link.click();
  link.remove();
}

document.getElementById("last-toggle").addEventListener("click", (event) => {
  const box = document.getElementById("last");
  box.hidden = !box.hidden;
  event.target.textContent = box.hidden ? "show" : "hide";
});

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/ws/table/${tableId}`);
  socket.addEventListener("open", () => { retry = 500; socket.send(JSON.stringify({ type: "hello", token })); });
  socket.addEventListener("message", (message) => {
    const data = JSON.parse(message.data);
    if (data.type === "error") { notice = { text: data.message, bad: true }; if (page) draw(); else document.getElementById("title").textContent = data.message; return; }
    if (!page) {  // the seat is open: this browser keeps its link, and the person may copy it to come back
      const seat = data.page.seats[data.page.seat].name;
      rememberTable(tableId, { title: data.page.title, links: { [seat]: location.href }, mine: [seat] });
      document.getElementById("copy").replaceChildren(copyButton(location.href, "Copy my link"),
        " to come back to this seat from another device; ", el("a", { href: "/tables" }, "my tables"), " lists it in this browser");
    }
    page = data.page;
    document.body.dataset.updates = String(Number(document.body.dataset.updates || 0) + 1);
    for (const event of data.news) {
      if (event.type === "refused") notice = { text: `Refused: ${event.reason}`, bad: true };
      if (event.type === "timed_out") notice = { text: `${name(event.seat)} ran out of time; the rules played ${event.action}.` };
      if (event.type === "hand_cancelled") notice = { text: `The hand was cancelled: ${event.reason}` };
    }
    draw();
  });
  socket.addEventListener("close", (event) => {
    if (event.code === 4401 || event.code === 4403 || event.code === 4410) return;
    document.getElementById("title").textContent = page ? `${page.title}: reconnecting…` : "Reconnecting…";
    setTimeout(connect, retry);
    retry = Math.min(5000, retry * 2);
  });
}

setInterval(() => { if (page && page.view.deadline) draw(); }, 1000);
connect();
