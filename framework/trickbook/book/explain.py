"""A ruleset as a rule book people can follow, generated from the compiled rules (Markdown or HTML).

The text comes from `words`; the score tables are computed by running the
ruleset's own scoring rules over representative hands, so the numbers are
the ones the engine uses.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass

from .. import i18n
from ..cards import Deck
from ..errors import Value, said, spoken
from ..ruleset.rules import BiddingKind, Rules, TrumpMode
from ..text import visible
from .scenario import Scenario, ScenarioError, evaluate
from .words import SECTIONS, statements


@dataclass(frozen=True, slots=True)
class Table:
    """A score table: its caption and headers are catalogue texts (a sentence with values where they vary)."""

    caption: Value
    header: tuple[Value, ...]
    rows: tuple[tuple[str, ...], ...]


def _(text: str) -> str:
    """Marks a fixed word of the rule book for the catalogue; `explain` translates it."""
    return text


FIXED_WORDS = (
    _("Players and deal"),
    _("Bidding"),
    _("Trump"),
    _("Play"),
    _("Trick events"),
    _("Scoring"),
    _("Match end"),
    _("Timeouts"),
    _("Table options and rules versions"),
    _("Players"),
    _("Dealer"),
    _("Deal"),
    _("Passing"),
    _("Exchange"),
    _("Highest trumps"),
    _("Playing alone"),
    _("First lead"),
    _("Following"),
    _("Lead restriction"),
    _("Stopping early"),
    _("The dummy"),
    _("Totals"),
    _("Winning a trick"),
    _("Winning the match"),
    _("Card points"),
    _("Cards"),
    _("Direction"),
    _("Hand thrown in"),
    _("Rules versions"),
    _("The first trick"),
    _("bid"),
    _("failed by 1"),
    _("made exactly"),
    _("made with 2 over"),
    _("tricks"),
    _("points"),
    _("contract"),
    _("made"),
    _("made, doubled"),
    _("one short"),
    _("one short, doubled"),
    _("declared"),
    _("took 1 fewer"),
    _("took exactly"),
    _("took 2 more"),
    _("named bid"),
    _("its bidder took no trick"),
    _("its bidder took 1 trick"),
    _("makers' tricks"),
    _("makers / defenders"),
    _("maker alone"),
)
"""The rule book's headings and table headers, which the catalogue translates; its sentences stay in English."""


def explain(rules: Rules, fmt: str = "md", language: str = i18n.LANGUAGES[0]) -> str:
    """The rule book of `rules` in Markdown (`md`) or HTML (`html`), its title, description and fixed words in a
    language."""
    say = i18n.gettext(language)
    own = rules.translation(language)
    title = f"{own.title} (`{rules.id}`, " + say(_("rules version {version}")).format(version=rules.version) + ")"
    intro = [own.description] if own.description else []
    if rules.source:
        intro.append(say(_("Source: {source}.")).format(source=rules.source))
    if rules.extends:
        parents = say(_(", itself a variant of ")).join(f"`{parent}`" for parent in rules.extends)
        if rules.changes:
            shown = ", ".join(f"`{path}`" for path in rules.changes[:12])
            more = len(rules.changes) - 12
            sets = say(_("A variant of {parents} that sets {paths} and {count} more.")) if more > 0 else ""
            sets = sets or say(_("A variant of {parents} that sets {paths}."))
            intro.append(sets.format(parents=parents, paths=shown, count=more))
        else:
            intro.append(say(_("A variant of {parents}.")).format(parents=parents))
    choices = ", ".join(say(_("{name} = `{value}`")).format(name=k, value=v) for k, v in rules.options)
    if choices:
        intro.append(say(_("Table options: {choices}.")).format(choices=choices))
    sections: list[tuple[str, list[tuple[str, str]], list[Table]]] = []
    said = statements(rules, language)
    for section in SECTIONS:
        items = [(say(s.title), s.text) for s in said if s.section == section]
        tables = [_translated(t, say) for t in score_tables(rules)] if section == "Scoring" else []
        if items:
            sections.append((say(section), items, tables))
    if fmt == "html":
        return visible(_html(title, intro, sections, rules.deck, language))
    return visible(_markdown(title, intro, sections))


def _translated(table: Table, say: i18n.Gettext) -> Table:
    """A score table with its caption and headers in a language."""

    def words(value: Value) -> str:
        return say(value) if isinstance(value, str) else str(spoken(value, say))

    return Table(words(table.caption), tuple(words(h) for h in table.header), table.rows)


def score_tables(rules: Rules) -> list[Table]:
    """Hand scores for typical outcomes, computed by the ruleset's own scoring rules.

    No table is made where the scores depend on which cards were taken: a
    table of trick counts alone would show numbers that never happen.
    """
    if rules.reads_cards:
        return []
    try:
        if rules.bidding.kind is BiddingKind.CALLS:
            return [_calls_table(rules)]
        if rules.bidding.kind is BiddingKind.AUCTION:
            return [_auction_table(rules)]
        if rules.trump.mode is TrumpMode.MADE:
            return [_makers_table(rules)]
        if rules.bidding.kind is BiddingKind.NONE:
            return [_tricks_table(rules)]
        if rules.personal:
            return [_personal_table(rules)]
        return [_contract_table(rules), *([_named_table(rules)] if rules.bidding.named else [])]
    except ScenarioError:
        return []


def _opponent(rules: Rules, seat: int) -> int:
    """Some seat that does not play with `seat`: takes the other tricks in these tables."""
    side_of = rules.seating.side_of
    return next(s for s in range(rules.seats) if s != seat and (side_of[s] != side_of[seat] or side_of[s] < 0))


def _tricks(rules: Rules, mine: int, seat: int = 0) -> list[int]:
    tricks = [0] * rules.seats
    tricks[seat] = mine
    tricks[_opponent(rules, seat)] = rules.hand_size - mine
    return tricks


def _score(
    rules: Rules, bids: list[int | str | None], tricks: list[int], declarer: int | None = None
) -> tuple[int, ...]:
    outcome = evaluate(rules, Scenario(tricks=tricks, bids=bids, declarer=declarer))
    return outcome.score.seats if rules.personal else outcome.score.sides


def _auction_table(rules: Rules) -> Table:
    """By bid and tricks taken: bids of tricks one short, made, two over and every trick; bids that are values
    (`bids.values`, not tricks) no trick, half the tricks, one more and every trick."""
    size = rules.hand_size
    rows = []
    other = _opponent(rules, 0)
    other_side = rules.seating.side_of[other] if rules.seating.has_sides else other
    values = rules.bidding.values
    took_columns = sorted({0, size // 2, size // 2 + 1, size})
    for bid in values or range(rules.bidding.min, rules.bidding.max + 1):
        cells = [str(bid)]
        for column, took in enumerate(took_columns if values else (bid - 1, bid, bid + 2, size)):
            repeated = not values and column == 3 and size in (bid - 1, bid, bid + 2)
            if 0 <= took <= size and not repeated:
                bids: list[int | str | None] = [None] * rules.seats
                bids[0] = bid
                scores = _score(rules, bids, _tricks(rules, took), declarer=0)
                mine = scores[rules.seating.side_of[0] if rules.seating.has_sides and not rules.personal else 0]
                cells.append(f"{mine:+d} / {scores[other_side]:+d}")
            else:
                cells.append("")
        rows.append(tuple(cells))
    every = said("all {count} tricks", count=size)
    header: tuple[Value, ...] = ("bid", "failed by 1", "made exactly", "made with 2 over", every)
    if values:
        header = ("bid", *(said("{count} tricks", count=took) for took in took_columns))
    caption = (
        _("Declaring side / defenders, by bid and tricks the declarer took")
        if rules.seating.has_sides
        else _("Declarer / an opponent, by bid and tricks the declarer took")
    )
    return Table(caption, header, tuple(rows))


def _tricks_table(rules: Rules) -> Table:
    size = rules.hand_size
    rows = []
    for took in range(size + 1):
        scores = _score(rules, [], _tricks(rules, took))
        rows.append((str(took), f"{scores[0]:+d}"))
    caption = (
        _("A side's points by the tricks it took")
        if rules.seating.has_sides and not rules.personal
        else _("A player's points by the tricks it took")
    )
    return Table(caption, ("tricks", "points"), tuple(rows))


def _calls_table(rules: Rules) -> Table:
    """Where bids are levels and strains: for each contract, the fewest tricks that make it (the first giving the
    declaring side points) and the declaring side's score then and one trick short, undoubled and doubled."""
    codes = rules.actions.bid_codes
    doubles = rules.actions.doubles
    side = rules.seating.side_of[0] if rules.seating.has_sides and not rules.personal else 0

    def score(contract: str, took: int, doubled: int) -> int:
        outcome = evaluate(rules, Scenario(tricks=_tricks(rules, took), declarer=0, contract=contract, doubled=doubled))
        return (outcome.score.seats if rules.personal else outcome.score.sides)[side]

    rows = []
    for contract in codes[1:]:
        made = next((t for t in range(rules.hand_size + 1) if score(contract, t, 0) > 0), None)
        if made is None:
            continue
        cells = [contract, str(made)]
        for took, doubled in ((made, 0), (made, 1), (made - 1, 0), (made - 1, 1))[:: 1 if doubles else 2]:
            cells.append(f"{score(contract, took, doubled):+d}" if took >= 0 else "")
        rows.append(tuple(cells))
    header = ("contract", "tricks", "made", "made, doubled", "one short", "one short, doubled")[
        : None if doubles else 2
    ] + (() if doubles else ("made", "one short"))
    return Table(_("The declaring side's score by contract"), header, tuple(rows))


def _makers_table(rules: Rules) -> Table:
    """Where a player makes trump: the makers' and the defenders' points by the tricks the makers took, with the
    maker's partner and, where the rules allow it, alone."""
    size = rules.hand_size
    seating = rules.seating
    partner = seating.partner[0]
    other = _opponent(rules, 0)
    mine, theirs = (seating.side_of[0], seating.side_of[other]) if seating.has_sides else (0, other)
    rows = []
    for took in range(size + 1):
        cells = [str(took)]
        for out in (None, partner) if rules.alone is not None and partner >= 0 else (None,):
            tricks = _tricks(rules, took)
            outcome = evaluate(rules, Scenario(tricks=tricks, declarer=0, sits_out=out))
            scores = outcome.score.seats if rules.personal else outcome.score.sides
            cells.append(f"{scores[mine]:+d} / {scores[theirs]:+d}")
        rows.append(tuple(cells))
    header = ("makers' tricks", "makers / defenders") + (("maker alone",) if len(rows[0]) > 2 else ())
    return Table(_("Points by the tricks the makers took"), header, tuple(rows))


def _contract_table(rules: Rules) -> Table:
    size = rules.hand_size
    low = rules.bidding.min
    members = rules.seating.sides[0]
    rows = []
    for contract in range(max(len(members) * low, 1), size + 1, len(members)):
        share = [max(low, contract // len(members))] * len(members)
        share[-1] = contract - sum(share[:-1])
        if share[-1] < low:
            continue
        bids: list[int | str | None] = [low] * rules.seats
        for seat, bid in zip(members, share, strict=True):
            bids[seat] = bid
        cells = [str(contract)]
        for took in (contract - 1, contract, contract + 2):
            if 0 <= took <= size:
                cells.append(f"{_score(rules, bids, _tricks(rules, took, members[0]))[0]:+d}")
            else:
                cells.append("")
        rows.append(tuple(cells))
    return Table(
        _("A side's points by its contract (the sum of its players' bids) and the tricks it took"),
        ("contract", "failed by 1", "made exactly", "made with 2 over"),
        tuple(rows),
    )


def _named_table(rules: Rules) -> Table:
    size = rules.hand_size
    low = rules.bidding.min
    members = rules.seating.sides[0]
    rows = []
    partner = max(low, 3)
    for named in rules.bidding.named:
        cells = [named.name]
        for took in (0, 1):
            bids: list[int | str | None] = [low] * rules.seats
            bids[members[0]] = named.name
            tricks = [0] * rules.seats
            tricks[members[0]] = took
            for seat in members[1:]:
                bids[seat] = partner
                tricks[seat] = partner
            tricks[_opponent(rules, members[0])] = size - sum(tricks)
            cells.append(f"{_score(rules, bids, tricks)[0]:+d}")
        rows.append(tuple(cells))
    return Table(
        said(
            "A side's points when one player bids a named bid and the partner bids {bid} and takes exactly that",
            bid=partner,
        ),
        ("named bid", "its bidder took no trick", "its bidder took 1 trick"),
        tuple(rows),
    )


def _personal_table(rules: Rules) -> Table:
    size = rules.hand_size
    rows = []
    for bid in range(rules.bidding.min, rules.bidding.max + 1):
        cells = [str(bid)]
        for took in (bid - 1, bid, bid + 2):
            if 0 <= took <= size:
                cells.append(f"{_score(rules, [bid] * rules.seats, _tricks(rules, took))[0]:+d}")
            else:
                cells.append("")
        rows.append(tuple(cells))
    return Table(
        _("A player's points by declaration and tricks taken"),
        ("declared", "took 1 fewer", "took exactly", "took 2 more"),
        tuple(rows),
    )


def _markdown(title: str, intro: list[str], sections: list[tuple[str, list[tuple[str, str]], list[Table]]]) -> str:
    lines = [f"# {title}", ""]
    for paragraph in intro:
        lines += [paragraph, ""]
    for name, items, tables in sections:
        lines += [f"## {name}", ""]
        for heading, text in items:
            lines += [f"**{heading}.** {text}", ""]
        for table in tables:
            lines += [
                f"*{table.caption}:*",
                "",
                "| " + " | ".join(map(str, table.header)) + " |",
                "|" + "---|" * len(table.header),
            ]
            lines += ["| " + " | ".join(row) + " |" for row in table.rows]
            lines.append("")
    return "\n".join(lines)


_CODE = re.compile(r"`([^`]*)`")


def _inline(text: str) -> str:
    return _CODE.sub(lambda m: f"<code>{m.group(1)}</code>", html.escape(text, quote=False))


def _html(
    title: str,
    intro: list[str],
    sections: list[tuple[str, list[tuple[str, str]], list[Table]]],
    deck: Deck,
    language: str,
) -> str:
    """A self-contained page: a table of contents with anchors, and suit symbols in the deck's colours."""
    colours = {html.escape(suit.symbol, quote=False): suit.colour for suit in deck.suits}

    def text(value: str) -> str:
        inline = _inline(value)
        for symbol, colour in colours.items():
            inline = inline.replace(symbol, f'<span class="suit-{colour}">{symbol}</span>')
        return inline

    styles = "".join(f".suit-{c}{{color:{c}}}" for c in sorted(set(colours.values())))
    out = [
        "<!DOCTYPE html>",
        f'<html lang="{language}" dir="{i18n.direction(language)}"><head><meta charset="utf-8">',
        f"<title>{html.escape(title.replace('`', ''), quote=False)}</title>",
        "<style>body{font-family:sans-serif;max-width:48em;margin:2em auto;line-height:1.5}"
        "table{border-collapse:collapse}td,th{border:1px solid #999;padding:.2em .6em;text-align:right}"
        f"nav li{{display:inline;margin-right:1em}}{styles}</style>",
        "</head><body>",
        f"<h1>{text(title)}</h1>",
    ]
    out += [f"<p>{text(p)}</p>" for p in intro]
    anchors = [_anchor(name) for name, _items, _tables in sections]
    out.append("<nav><ul>")
    out += [f'<li><a href="#{a}">{text(name)}</a></li>' for a, (name, _i, _t) in zip(anchors, sections, strict=True)]
    out.append("</ul></nav>")
    for anchor, (name, items, tables) in zip(anchors, sections, strict=True):
        out.append(f'<h2 id="{anchor}">{text(name)}</h2>')
        out += [f'<p id="{anchor}-{_anchor(h)}"><strong>{text(h)}.</strong> {text(t)}</p>' for h, t in items]
        for table in tables:
            out.append(f"<table><caption>{text(str(table.caption))}</caption>")
            out.append("<tr>" + "".join(f"<th>{text(str(h))}</th>" for h in table.header) + "</tr>")
            out += ["<tr>" + "".join(f"<td>{text(c)}</td>" for c in row) + "</tr>" for row in table.rows]
            out.append("</table>")
    out.append("</body></html>")
    return "\n".join(out) + "\n"


def _anchor(heading: str) -> str:
    """A heading as a fragment name: `Players and deal` -> `players-and-deal`."""
    return re.sub(r"[^a-z0-9]+", "-", heading.lower()).strip("-") or "section"
