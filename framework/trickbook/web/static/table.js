// A seat's page. Everything drawn here comes from what the server sent this seat: its own view and events.
"use strict";

const MOST_BID_BUTTONS = 16;  // more plain numbered bids than this are offered as a few buttons and a list
const FIRST_BID_BUTTONS = 4;  // how many of the lowest stay buttons

nav("");
const token = location.hash.slice(1);
const tableId = location.pathname.split("/").pop();
let socket = null;
let page = null;
let notice = null;
let retry = 500;

function card(code, attrs) {
  const [label, colour] = page.cards[code] || [code, "black"];
  return el(attrs ? "button" : "span", { class: `card suit-${colour}`, dir: "ltr", "data-card": code, ...(attrs || {}) }, label);
}
const name = (seat) => (seat === null || seat === undefined ? t("nobody") : page.seats[seat].name);
const cards = (codes) => codes.map((c) => page.cards[c][0]).join(" ");
// An action's text as a person reads it: a card by its symbol (never its code), a bid or call by its label.
const actionLabel = (text) => {
  const [verb, code] = text.split(" ");
  if (text in page.cards) return page.cards[text][0];
  if (code in page.cards) return `${page.labels[text] || verb} ${page.cards[code][0]}`;
  return page.labels[text] || text;
};

// The contract of this hand where bids are levels and strains: the bid, and whether it was doubled or redoubled,
// as the contract event says them.
function contractWords() {
  const set = thisHand().filter((e) => e.type === "contract" && e.bid).pop();
  if (!set) return null;
  const doubling = ["", t("doubled"), t("redoubled")][set.doubled];
  return [bidWords(set.bid), doubling, t("by {seat}", { seat: name(set.declarer) })].filter(Boolean).join(" ");
}

function thisHand() {
  const log = page.log;
  let start = 0;
  log.forEach((event, index) => { if (event.type === "hand_started") start = index; });
  return log.slice(start);
}

function actionWords(event) {
  const who = name(event.seat);
  if (event.hidden) return event.action === "discard" ? t("{who} laid a card away", { who }) : t("{who} passed cards", { who });
  if (event.action === "discard") return t("{who} laid away {cards}", { who, cards: cards(event.cards) });
  if (event.action === "show") return t("{who} showed {cards}", { who, cards: cards([event.card]) });
  if (event.action === "alone") return t("{who} plays alone", { who });
  if (event.action === "game") return t("{who} named the game {game}", { who, game: event.value });
  if (event.action === "bid") return t("{who} bid {bid}", { who, bid: bidWords(event.value) });
  if (event.action === "double") return t("{who} doubled", { who });
  if (event.action === "redouble") return t("{who} redoubled", { who });
  if (event.action === "pass") return t("{who} passed", { who });
  if (event.action === "trump") return t("{who} chose trump {suit}", { who, suit: page.suits[event.suit][0] });
  if (event.action === "pass_cards") return t("{who} passed {cards}", { who, cards: cards(event.cards) });
  return null;
}

// The creator's button on a person's seat: let a bot play it while the person is away, or give it back.
function seatControl(seat, index) {
  const manage = (myTables()[tableId] || {}).manage;
  if (!manage || seat.player !== "human" || page.view.table === "closed") return null;
  const player = seat.stand_in ? "human" : "heuristic";
  return el("button", { class: "seat-control", "data-seat-control": index, onclick: async () => {
    try {
      await api(`/api/tables/${tableId}/seat`, { creator: manage, seat: index, player });
    } catch (error) {
      notice = { text: error.message, bad: true };
      draw();
    }
  } }, seat.stand_in ? t("Give the seat back") : t("Let a bot play this seat"));
}

function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) {
    socket.send(JSON.stringify(message));
    return;
  }
  notice = { text: t("Not connected: that was not sent. Reconnecting…"), bad: true };
  draw();
}

// Where a seat sits around the table, as a position in the ring: this page's seat at the bottom, then the seats
// in their numbering order (clockwise around the table) to its left, across and to its right, `x` and `y` the
// ellipse's half-widths in percent.
function around(seat, x, y) {
  const count = page.seats.length;
  const angle = Math.PI / 2 + (2 * Math.PI * ((seat - page.seat + count) % count)) / count;
  return `left:${(50 + x * Math.cos(angle)).toFixed(1)}%;top:${(50 + y * Math.sin(angle)).toFixed(1)}%`;
}

// A bid as people read it: a level and strain by its suit's symbol or "no trump", a number as it is.
const bidWords = (value) => page.bids[value] || String(value);

function act(action) { notice = null; send({ type: "act", action }); }

function draw() {
  const view = page.view;
  const mine = (view.actor === undefined ? view.turn : view.actor) === page.seat && view.table === "playing";
  document.title = `${mine ? `● ${t("Your turn")} - ` : ""}${page.title} - trickbook`;
  document.getElementById("title").textContent = t("{title}: you are {seat}", { title: page.title, seat: name(page.seat) });
  const trump = view.trump ? page.suits[view.trump] : null;
  const facts = [
    ["match", t("Match"), String(view.match)], ["hand", t("Hand"), String(view.hand_number)], ["dealer", t("Dealer"), name(view.dealer)],
    ["trump", t("Trump"), view.game ? t("the game {game}", { game: page.words[view.game] || view.game.replaceAll("_", " ") }) : trump ? `${trump[0]} ${trump[1]}` : page.trump_game ? t("not yet known") : t("none in this game")],
  ];
  if (view.declarer !== null) facts.push(["declarer", t("Declarer"), name(view.declarer)]);
  const contract = contractWords();
  if (contract) facts.push(["contract", t("Contract"), contract]);
  if (view.estimating) facts.push(["estimates", t("Estimates"), view.declarer !== null ?
    t("every player but {seat} says the tricks they will take", { seat: name(view.declarer) }) :
    t("every player says the tricks they will take; the highest estimate declares")]);
  if (page.progress.length) facts.push(["tricks", t("Tricks"), page.progress.map((p) => (p.wanted !== null ?
    t("{name} {taken} of {wanted}", p) : `${p.name} ${p.taken}`)).join(t(", "))]);
  if (page.progress.some((p) => p.points !== null)) facts.push(["points", t("Points taken"),
    page.progress.map((p) => `${p.name} ${p.points}`).join(t(", "))]);
  if (page.progress.some((p) => p.melds !== null)) facts.push(["melds", t("Melds"),
    page.progress.map((p) => `${p.name} ${p.melds}`).join(t(", "))]);
  const own = view.own_melds || [];
  if (own.length) facts.push(["own-melds", own.length > 1 ? t("Your melds, by trump") : t("Your melds"),
    own.map(([code, points]) => (own.length > 1 && code ? `${page.suits[code][0]} ${points}` : String(points))).join(" ")]);
  for (const [code, broken] of page.broken) facts.push([`broken-${code}`, `${page.suits[code][0]} ${page.suits[code][1]}`,
    broken ? t("broken") : t("not broken yet")]);
  if (view.shown.length) facts.push(["shown", t("Shown"), cards(view.shown)]);
  if (view.stock_left) facts.push(["stock", t("Stock"), view.stock_up ?
    t("{count} cards, {card} face up", { count: view.stock_left, card: cards([view.stock_up]) }) :
    t("{count} cards", { count: view.stock_left })]);
  if (view.deadline) facts.push(["clock", t("Clock"), t("{seconds} s", { seconds: Math.max(0, Math.round(view.deadline - Date.now() / 1000)) })]);
  document.getElementById("facts").replaceChildren(...facts.map(([key, k, v]) => el("span", {}, el("b", {}, `${k}: `), el("bdi", { "data-fact": key }, v))));
  if (trump) document.querySelector('[data-fact="trump"]').className = `suit-${trump[2]}`;

  document.getElementById("seats").replaceChildren(...page.seats.map((seat, index) => el("div",
    { class: `seat${view.turn === index && view.table === "playing" ? " turn" : ""}${index === page.seat ? " me" : ""}`,
      "data-seat": index, style: around(index, 42, 40) },
    el("div", { class: "who" }, seat.name, index === page.seat ? ` ${t("(you)")}` : "",
      seat.role ? el("span", { class: "muted", "data-role": seat.role }, ` · ${seat.role}`) : ""),
    el("div", {}, seat.stand_in ? t("a bot ({player}) plays for this person", { player: playerWords(seat.stand_in) }) :
      playerWords(seat.player)),
    el("div", {}, t("tricks: {count}", { count: view.tricks_won[index] })),
    page.personal && view.seat_totals ? el("div", {}, t("total: {points}", { points: view.seat_totals[index] })) : null,
    seatControl(seat, index))));

  // More than four cards on the table need a wider ring and smaller cards, or neighbouring seats' cards overlap.
  const crowded = page.seats.length > 4;
  const narrow = window.matchMedia("(max-width: 700px)").matches;  // as style.css's small screens
  const [ringX, ringY] = !crowded ? [16, 17] : narrow ? [18, 17] : [24, 20];
  document.getElementById("trick").classList.toggle("crowded", crowded);
  document.getElementById("trick").replaceChildren(...view.trick.map((code, i) =>
    el("div", { class: `played${i === 0 ? " led" : ""}`, "data-played-by": page.trick_seats[i], style: around(page.trick_seats[i], ringX, ringY) },
      card(code), el("div", {}, name(page.trick_seats[i])))));

  const legal = new Set(view.legal);
  const cardActions = new Set(view.legal.filter((t) => t in page.cards || t.startsWith("give ") || t.startsWith("discard ") || t.startsWith("show ")));
  const hand = document.getElementById("hand");
  hand.replaceChildren(...view.hand.map((code) => {
    const text = [code, `give ${code}`, `discard ${code}`, `show ${code}`].find((t) => legal.has(t)) || code;
    const playable = legal.has(text);
    const clickable = mine && view.turn === page.seat && (playable || view.phase === "play");
    const look = !mine ? "" : playable ? " legal" : cardActions.size ? " dim" : "";  // readable while bidding
    return card(code, { class: `card suit-${page.cards[code][1]}${look}`, disabled: !clickable,
      "aria-label": page.cards[code][0], onclick: () => act(text) });
  }));
  if (!view.hand.length && view.table === "playing") hand.replaceChildren(el("span", { class: "muted" }, t("You have not seen your cards yet.")));
  const dummy = document.getElementById("dummy");
  dummy.replaceChildren(...(view.dummy_hand && view.dummy_hand.length ? [el("span", { class: "muted" }, t("Dummy ({seat}): ", { seat: name(view.dummy) })),
    ...view.dummy_hand.map((code) => {
      const playable = mine && view.turn === view.dummy && legal.has(code);
      return card(code, { class: `card suit-${page.cards[code][1]}${playable ? " legal" : ""}`, disabled: !playable,
        "aria-label": t("dummy {card}", { card: page.cards[code][0] }), onclick: () => act(code) });
    })] : []));

  const open = document.getElementById("open-hand");
  open.replaceChildren(...(view.open_hand.length && view.open_seat !== page.seat ? [el("span", { class: "muted" }, t("Open hand ({seat}): ", { seat: name(view.open_seat) })),
    ...view.open_hand.map((code) => card(code, { class: `card suit-${page.cards[code][1]}`, disabled: true, "aria-label": t("open {card}", { card: page.cards[code][0] }) }))] : []));

  const buttons = [];
  // A long run of plain numbered bids (Pinochle's 100 to 1000 in tens) is the lowest few as buttons and the
  // rest in one list, so the table is not buried under them.
  const actions = mine ? view.legal.filter((text) => !cardActions.has(text)) : [];
  const numbered = actions.filter((text) => text.startsWith("bid ") && !page.bids[text.slice(4)]);
  const listed = numbered.length > MOST_BID_BUTTONS ? new Set(numbered.slice(FIRST_BID_BUTTONS)) : new Set();
  for (const text of actions) if (!listed.has(text)) buttons.push(el("button", { "data-action": text, onclick: () => act(text) },
    text.startsWith("bid ") && page.bids[text.slice(4)] ? bidWords(text.slice(4)) : page.labels[text]));
  if (listed.size) {
    const choice = el("select", { id: "bid-choice", "aria-label": t("A higher bid") },
      ...[...listed].map((text) => el("option", { value: text }, page.labels[text])));
    buttons.push(el("span", { id: "bid-list" }, choice, el("button", { id: "bid-chosen", onclick: () => act(choice.value) }, t("Bid"))));
  }
  if (mine && page.passing) buttons.push(el("span", { id: "passing" }, t("{passing}: click them one by one.", page)));
  if (mine && page.exchange && view.legal.includes("take")) buttons.push(el("span", { id: "exchange-choice" }, page.exchange));
  if (mine && view.legal.some((t) => t.startsWith("discard "))) buttons.push(el("span", { id: "exchange" }, t("Lay a card away: click it.")));
  if (mine && view.phase === "showing") buttons.push(el("span", { id: "showing" }, t("Show a card by clicking it, or pass.")));
  if (mine && !buttons.length && !cardActions.size) buttons.push(el("span", {}, t("Your turn.")));
  if (mine && view.dummy !== null && view.turn === view.dummy && view.dummy !== page.seat) {
    buttons.push(el("strong", { id: "dummy-turn" }, t("Your turn to play from the dummy ({seat}): click one of its cards.", { seat: name(view.dummy) })));
  }
  if (!mine && view.table === "playing" && view.turn !== null) buttons.push(el("span", {}, t("Waiting for {seat}…", { seat: name(view.turn) })));
  const log = page.log;
  if (view.table === "waiting-ready") {
    const wanted = log.map((e) => e.type).lastIndexOf("ready_wanted");
    const done = log.slice(wanted).some((e) => e.type === "ready" && e.seat === page.seat);
    buttons.push(done ? el("span", {}, t("Waiting for the others to be ready…")) :
      el("button", { class: "primary", id: "ready", onclick: () => send({ type: "ready" }) }, t("Ready for the next hand")));
  }
  if (view.table === "voting") {
    const ended = log.filter((e) => e.type === "match_ended").pop();
    const and = t(" and ");  // outside the call below: a t() within another's arguments is not found for translation
    const over = ended && ended.winner
      ? t("The match is over: {winners} won. ", { winners: ended.winner.map(name).join(and) })
      : t("The match is over: {reason}. ", { reason: ended ? ended.reason : "" });
    buttons.push(el("strong", { id: "result" }, over));
    const voted = log.some((e) => e.type === "vote" && e.seat === page.seat && log.indexOf(e) > log.map((x) => x.type).lastIndexOf("vote_wanted"));
    if (!voted) buttons.push(el("button", { class: "primary", onclick: () => send({ type: "vote", rematch: true }) }, t("Play again")),
      el("button", { onclick: () => send({ type: "vote", rematch: false }) }, t("Leave the table")));
    else buttons.push(el("span", {}, t("Waiting for the others' votes…")));
  }
  if (view.table === "closed") buttons.push(el("strong", {}, t("The table is closed: {reason}", { reason: page.close_reason })));
  if (page.seats[page.seat].stand_in) {
    buttons.push(el("strong", { id: "stood-in" }, t("A bot plays your seat while you are away; the table's creator can give it back.")));
  }
  document.getElementById("actions").replaceChildren(...buttons);

  const box = document.getElementById("notice");
  box.replaceChildren(...(notice ? [el("div", { class: `notice${notice.bad ? " bad" : ""}`, role: "alert" }, notice.text)] : []));

  const hand_events = thisHand();
  const bids = [];
  const passes = [];  // the cards each seat passed so far, drawn as one line per seat
  const draws = new Map();  // a staged deal's rest, before the first trick: each seat's draws on one line
  let played = false;
  for (const event of hand_events) {
    if (event.type === "trick") played = true;
    if (event.type === "card_drawn" && !played) {
      let line = draws.get(event.seat);
      if (!line) { line = { at: bids.length, cards: [], hidden: 0 }; draws.set(event.seat, line); bids.push(""); }
      if (event.card) line.cards.push(event.card); else line.hidden += 1;
      const who = name(event.seat);
      bids[line.at] = [line.cards.length ? t("{who} drew {cards}", { who, cards: cards(line.cards) }) : "",
        line.hidden ? t("{who} drew {count} cards face down", { who, count: line.hidden }) : ""].filter(Boolean).join(t("; "));
      continue;
    }
    if (event.type === "cards_passed" && event.to === page.seat) {
      bids.push(t("{who} passed you {cards}", { who: name(event.seat), cards: cards(event.cards) }));
      continue;
    }
    if (event.type === "cards_taken") {
      bids.push(t("{who} took {cards}", { who: name(event.seat), cards: cards(event.cards) }));
      continue;
    }
    if (event.type === "sits_out") {
      bids.push(t("{who} sits this hand out", { who: name(event.seat) }));
      continue;
    }
    if (event.type !== "action") continue;
    const words = actionWords(event);
    const last = passes.length ? passes[passes.length - 1] : null;
    if (event.action === "pass_cards" && last && last.seat === event.seat && bids.length && last.at === bids.length - 1) {
      last.count += 1;
      last.cards.push(...(event.cards || []));
      bids[last.at] = event.hidden ? t("{who} passed {count} cards", { who: name(event.seat), count: last.count })
        : t("{who} passed {cards}", { who: name(event.seat), cards: cards(last.cards) });
    } else if (words) {
      if (event.action === "pass_cards") passes.push({ seat: event.seat, at: bids.length, count: 1, cards: [...(event.cards || [])] });
      bids.push(event.hidden && event.action === "pass_cards" ? t("{who} passed 1 card", { who: name(event.seat) }) : words);
    }
  }
  document.getElementById("bidding").closest(".panel").hidden = !page.before_play;
  document.getElementById("bidding").replaceChildren(...(bids.length ? bids.map((b) => el("div", {}, b)) : [t("None yet this hand.")]));

  const score = [];
  if (page.sides.length) score.push(el("div", {}, page.sides.map((s, i) => `${s} ${view.totals[i]}`).join(t(", "))));
  if (page.personal && view.seat_totals) score.push(el("div", {}, page.seats.map((s, i) => `${s.name} ${view.seat_totals[i]}`).join(t(", "))));
  for (const c of view.counters || []) {  // kept across hands, such as each side's overtricks
    const names = c.per === "side" ? page.sides : page.seats.map((s) => s.name);
    score.push(el("div", { "data-counter": c.name }, `${page.words[c.name] || c.name}: `, names.map((n, i) => `${n} ${c.values[i]}`).join(t(", "))));
  }
  const scored = log.filter((e) => e.type === "hand_scored").pop();
  if (scored) score.push(el("div", { class: "muted" }, `${t("Last hand:")} `, scored.lines.map((l) =>
    `${page.words[l.rule] || l.rule} ${l.points >= 0 ? "+" : ""}${l.points} (${l.for === "side" ? page.sides[l.target] : name(l.target)})`).join(t("; "))));
  document.getElementById("score").replaceChildren(...score);
  drawSheet();

  const last = log.filter((e) => e.type === "trick").pop();
  document.getElementById("last").replaceChildren(last ? el("div", {}, t("Trick {number}, led by {seat}: ", { number: last.number, seat: name(last.leader) }),
    ...last.cards.map((c) => card(c)), ` ${t("won by {seat}", { seat: name(last.winner) })}`) : t("No trick has been played yet."));

  document.getElementById("records").replaceChildren(...(page.finished.length ? page.finished.map((n) =>
    el("button", { onclick: () => download(n) }, t("record of match {number}", { number: n }))) : [t("none yet")]));
}

// The score sheet: each hand of this match, what it scored and the totals after it, per side (or per player).
function drawSheet() {
  const personal = page.personal || !page.sides.length;
  const columns = personal ? page.seats.map((s) => s.name) : page.sides;
  const rows = page.sheet.map((h) => el("tr", { "data-sheet-hand": h.hand }, el("td", {}, String(h.hand)),
    columns.map((_, i) => {
      const [score, total] = personal ? [h.seat_score[i], h.seat_totals[i]] : [h.score[i], h.totals[i]];
      return el("td", {}, h.cancelled ? "-" : `${score >= 0 ? "+" : ""}${score} = ${total}`);
    })));
  document.getElementById("sheet").replaceChildren(...(rows.length ?
    [el("tr", {}, el("th", {}, t("Hand")), columns.map((c) => el("th", {}, c))), ...rows] : []));
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
  event.target.textContent = box.hidden ? t("show") : t("hide");  // shown at first, as a table's last trick is
});

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/ws/table/${tableId}`);
  socket.addEventListener("open", () => { retry = 500; socket.send(JSON.stringify({ type: "hello", token, language: document.documentElement.lang })); });
  socket.addEventListener("message", (message) => {
    const data = JSON.parse(message.data);
    if (data.type === "error") { notice = { text: data.message, bad: true }; if (page) draw(); else document.getElementById("title").textContent = data.message; return; }
    if (!page) {  // the seat is open: this browser keeps its link, and the person may copy it to come back
      const seat = data.page.seats[data.page.seat].name;
      rememberTable(tableId, { title: data.page.title, links: { [seat]: location.href }, mine: [seat] });
      document.getElementById("copy").replaceChildren(copyButton(location.href, t("Copy my link")),
        ` ${t("to come back to this seat from another device;")} `, el("a", { href: "/tables" }, t("my tables")), ` ${t("lists it in this browser")}`);
    }
    page = data.page;
    document.body.dataset.updates = String(Number(document.body.dataset.updates || 0) + 1);
    for (const event of data.news) {
      if (event.type === "refused") notice = { text: t("Refused: {reason}", event), bad: true };
      if (event.type === "timed_out") notice = { text: t("{who} ran out of time; the rules played {action}.", { who: name(event.seat), action: actionLabel(event.action) }) };
      if (event.type === "hand_cancelled") notice = { text: t("The hand was cancelled: {reason}", event) };
    }
    draw();
  });
  socket.addEventListener("close", (event) => {
    if (event.code === 4401 || event.code === 4403 || event.code === 4410) return;
    document.getElementById("title").textContent = page ? t("{title}: reconnecting…", page) : t("Reconnecting…");
    setTimeout(connect, retry);
    retry = Math.min(5000, retry * 2);
  });
}

setInterval(() => { if (page && page.view.deadline) draw(); }, 1000);
connect();
