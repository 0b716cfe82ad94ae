"""Hostile inputs: rulesets, expressions and records from strangers, and what trickbook must say to each.

`tests/test_hostile.py` checks every case; `python tests/hostile.py` rewrites
`docs/robustness.md` with the message each one gets.
"""

from __future__ import annotations

import json
import os
import sys
import time
import tracemalloc
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

HEAD = "format: trickbook-ruleset/1\nid: hostile\ntitle: Hostile\nextends: tarneeb-41\n"


@dataclass(frozen=True)
class Case:
    """One hostile input: `make` writes it under a folder and returns the path (or expression text)."""

    kind: str
    name: str
    make: Callable[[Path], str]
    expect: str


def _file(name: str, content: str | bytes) -> Callable[[Path], str]:
    def make(folder: Path) -> str:
        path = folder / name
        path.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8"))
        return str(path)

    return make


def _expression(text: str) -> Callable[[Path], str]:
    return _file("expression.yaml", HEAD + "match:\n  wins: " + json.dumps(text) + "\n")


def _alias_bomb() -> str:
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    for level in range(1, 9):
        refs = ", ".join([f"*a{level - 1}"] * 10)
        lines.append(f"a{level}: &a{level} [{refs}]")
    return HEAD + "\n".join(lines) + "\n"


def _big_file(folder: Path) -> str:
    path = folder / "big.yaml"
    with path.open("wb") as handle:
        handle.write(HEAD.encode())
        handle.write(b"# " + b"x" * 1000 + b"\n")
        handle.truncate(50 * 1024 * 1024)
    return str(path)


def _extends_chain(folder: Path) -> str:
    for index in range(10):
        parent = f"extends: chain{index + 1}.yaml\n" if index < 9 else "extends: tarneeb-41\n"
        (folder / f"chain{index}.yaml").write_text(f"format: trickbook-ruleset/1\nid: c{index}\ntitle: C\n{parent}")
    return str(folder / "chain0.yaml")


def _deck_edited(old: str, new: str) -> Callable[[Path], str]:
    """A ruleset whose deck is the standard one with `old` replaced by `new`."""

    def make(folder: Path) -> str:
        from trickbook import resources

        text = (resources.decks_dir() / "standard-52.yaml").read_text(encoding="utf-8")
        (folder / "edited.yaml").write_text(text.replace(old, new), encoding="utf-8")
        return _file("uses.yaml", HEAD + "deck: ./edited.yaml\n")(folder)

    return make


def _folder(folder: Path) -> str:
    (folder / "records").mkdir()
    return str(folder / "records")


def _deck_folder(folder: Path) -> str:
    (folder / "decks").mkdir()
    return _file("folder.yaml", HEAD + "deck: ./decks\n")(folder)


def _deck_pipe(folder: Path) -> str:
    os.mkfifo(folder / "pipe")
    return _file("pipe.yaml", HEAD + "deck: ./pipe\n")(folder)


SECRET = "password: hunter2-never-to-be-shown"


def _deck_secret(folder: Path) -> str:
    (folder / "secrets.txt").write_text(SECRET + "\n", encoding="utf-8")
    return _file("secret.yaml", HEAD + "deck: ./secrets.txt\n")(folder)


def _record(edit: Callable[[dict], object], *, as_text: bool = False) -> Callable[[Path], str]:
    """A short real record, changed by `edit` (which mutates it, or returns the file's text if `as_text`)."""

    def make(folder: Path) -> str:
        from trickbook import Game, load_ruleset
        from trickbook.record.writer import match_record

        game = Game(load_ruleset("cardems-spades"), seed=3, hand_cap=2)
        while not game.is_over():
            game.apply(game.legal_actions()[-1] if game.phase == "bidding" else game.default_action())
        record = match_record(game)
        result = edit(record)
        text = str(result) if as_text else json.dumps(record, separators=(",", ":"))
        path = folder / "record.json"
        path.write_text(text, encoding="utf-8")
        return str(path)

    return make


def _first_play(record: dict) -> dict:
    return next(a for a in record["hands"][0]["actions"] if a["action"] == "play")


def _wrong_seat(record: dict) -> None:
    play = _first_play(record)
    play["seat"] = (play["seat"] + 1) % 4


def _illegal_card(record: dict) -> None:
    actions = record["hands"][0]["actions"]
    index = [i for i, a in enumerate(actions) if a["action"] == "play"][1]
    played = {a.get("card") for a in actions[:index]}
    seat = actions[index]["seat"]
    led = actions[index - 1]["card"][1]
    holding = [c for c in record["hands"][0]["deal"][seat] if c not in played]
    if any(c[1] == led for c in holding):
        actions[index]["card"] = next(c for c in holding if c[1] != led)
    else:
        actions[index]["card"] = next(c for c in record["hands"][0]["deal"][(seat + 1) % 4])


RULESETS = [
    Case(
        "ruleset",
        "Python object tag (would run os.system)",
        _file("tag.yaml", HEAD + "x: !!python/object/apply:os.system ['touch pwned']\n"),
        "YAML tags are not allowed",
    ),
    Case(
        "ruleset",
        "billion-laughs alias bomb (10^9 values)",
        _file("bomb.yaml", _alias_bomb()),
        "expands to too many values",
    ),
    Case(
        "ruleset",
        "more than 100 aliases",
        _file("aliases.yaml", HEAD + "a: &a 1\nb: [" + ", ".join(["*a"] * 150) + "]\n"),
        "too many aliases",
    ),
    Case(
        "ruleset",
        "10,000-deep nesting",
        _file("deep.yaml", HEAD + "x: " + "[" * 10000 + "]" * 10000 + "\n"),
        "nested too deeply",
    ),
    Case(
        "ruleset",
        "100-deep nesting",
        _file("deep100.yaml", HEAD + "x: " + "[" * 100 + "]" * 100 + "\n"),
        "nested too deeply",
    ),
    Case("ruleset", "a 50 MB file", _big_file, "the file is too large to be a ruleset"),
    Case(
        "ruleset",
        "a 60 KB file broken on its last line",
        _file("late.yaml", HEAD + "".join(f"k{i}: [1, 2, {{a: b}}]\n" for i in range(2_700)) + "bad: [1, 2\n"),
        "this is not valid YAML",
    ),
    Case(
        "ruleset", "duplicate keys", _file("dup.yaml", HEAD + "match: {}\nmatch: {}\n"), "the key 'match' appears twice"
    ),
    Case("ruleset", "non-string key", _file("intkey.yaml", HEAD + "1: one\n"), "a mapping key must be text"),
    Case(
        "ruleset", "collection as a key", _file("listkey.yaml", HEAD + "? [a, b]\n: c\n"), "a mapping key must be text"
    ),
    Case(
        "ruleset",
        "huge integer (50,000 digits)",
        _file("huge.yaml", HEAD + "bidding:\n  bids: {min: " + "9" * 50000 + ", max: 13}\n"),
        "this integer is too large",
    ),
    Case(
        "ruleset",
        "NaN",
        _file("nan.yaml", HEAD + "bidding:\n  bids: {min: .nan, max: 13}\n"),
        "not-a-number (.nan) is not allowed",
    ),
    Case(
        "ruleset",
        "infinity",
        _file("inf.yaml", HEAD + "bidding:\n  bids: {min: -.inf, max: 13}\n"),
        "infinite numbers are not allowed",
    ),
    Case(
        "ruleset",
        "control character",
        _file("bell.yaml", HEAD + "title: ding\x07\n"),
        "the character U+0007 is not allowed",
    ),
    Case(
        "ruleset", "invalid UTF-8 bytes", _file("latin1.yaml", HEAD.encode() + b"title: caf\xe9\n"), "not valid UTF-8"
    ),
    Case(
        "ruleset",
        "zero-width space inside a key",
        _file("zwsp.yaml", HEAD + "sco\u200bring: {}\n"),
        "unknown key 'sco\\u200bring'",
    ),
    Case(
        "ruleset",
        "right-to-left override in the id",
        _file("rtl.yaml", HEAD.replace("id: hostile", "id: \u202eelitsoh")),
        "this text has the wrong form",
    ),
    Case(
        "ruleset",
        "YAML merge key",
        _file("merge.yaml", HEAD + "base: &b {a: 1}\nx:\n  <<: *b\n"),
        "merge keys (<<) are not supported",
    ),
    Case("ruleset", "two YAML documents", _file("two.yaml", HEAD + "---\nid: other\n"), "not valid YAML"),
    Case("ruleset", "empty file", _file("empty.yaml", ""), "the file is empty"),
    Case("ruleset", "a list instead of a mapping", _file("list.yaml", "- 1\n- 2\n"), "a ruleset must be a mapping"),
    Case(
        "ruleset",
        "unknown format",
        _file("format.yaml", "format: trickbook-ruleset/9\nid: x\n"),
        "not a trickbook ruleset of a known format",
    ),
    Case(
        "ruleset",
        "extends itself",
        _file("self.yaml", HEAD.replace("extends: tarneeb-41", "extends: self.yaml")),
        "extend each other in a loop",
    ),
    Case("ruleset", "extends chain of 10 files", _extends_chain, "too many levels of `extends`"),
    Case(
        "ruleset",
        "a deck that is an endless device",
        _file("zero.yaml", HEAD + "deck: /dev/zero\n"),
        "this is not a file that can be read as text",
    ),
    Case("ruleset", "a deck that is a folder", _deck_folder, "found a directory"),
    Case(
        "ruleset",
        "a deck drawing hearts with the spade's code",
        _deck_edited('symbol: "♥"', 'symbol: "S"'),
        "edited.yaml:7:3: suits: 'S' would name two suits, 'S' and 'H'",
    ),
    Case(
        "ruleset",
        "a deck with K as an alias of the ace",
        _deck_edited("{code: A, name: ace, order: 14}", '{code: A, name: ace, order: 14, aliases: ["K"]}'),
        "ranks: 'K' would name two ranks",
    ),
    Case(
        "ruleset",
        "5,500 keys merged over the parent (the merge was quadratic)",
        _file("keys.yaml", HEAD + "definitions:\n" + "".join(f"  k{i}: 1\n" for i in range(5500))),
        "definitions: this value has the wrong size",
    ),
    Case(
        "ruleset",
        "a terminal escape sequence in the title",
        _file("escape.yaml", HEAD.replace("title: Hostile", 'title: "Red \\x1b[31mtext"')),
        "the control character U+001B is not allowed in text",
    ),
    Case(
        "ruleset",
        "a bid written as a fraction (7.0)",
        _file("float.yaml", HEAD + "bidding:\n  bids: {min: 7.0, max: 13}\n"),
        "bidding.bids.min: this value has the wrong type",
    ),
    Case(
        "ruleset",
        "definitions that double at each of 21 levels",
        _file(
            "double.yaml",
            HEAD
            + "definitions:\n  d0: tricks(side)\n"
            + "".join(f"  d{i}: d{i - 1} + d{i - 1}\n" for i in range(1, 22))
            + "scoring:\n  rules:\n    extra: {for: side, points: d21}\n",
        ),
        "this expression grows too large once its definitions are written out",
    ),
    Case("ruleset", "a deck that is a pipe", _deck_pipe, "found a device, pipe or socket"),
    Case("ruleset", "a deck that is some other file, a secret", _deck_secret, "this file is not a deck"),
    Case(
        "ruleset",
        "extends a 6,000-character path",
        _file("long.yaml", HEAD.replace("extends: tarneeb-41", "extends: " + "b" * 6000 + ".yaml")),
        "cannot read the ruleset file",
    ),
]

EXPRESSIONS = [
    Case(
        "expression",
        "10,000 nested parentheses",
        _expression("(" * 10000 + "1" + ")" * 10000),
        "at most 4000 character(s)",
    ),
    Case(
        "expression",
        "100 nested parentheses",
        _expression("(" * 100 + "true" + ")" * 100),
        "brackets are nested too deeply",
    ),
    Case(
        "expression",
        "a chain of 1,500 additions",
        _expression("1" + "+1" * 1500 + " > 0"),
        "this expression is nested too deeply",
    ),
    Case("expression", "enormous literal", _expression("total(side) >= " + "9" * 40), "this number is too large"),
    Case("expression", "division by zero", _expression("total(side) / 0 > 1"), "division by zero"),
    Case("expression", "__import__", _expression("__import__(side)"), "unknown name '__import__'"),
    Case("expression", "eval / open / exec", _expression("eval(side) or open(side)"), "unknown name 'eval'"),
    Case("expression", "().__class__", _expression("().__class__"), "the expression does not parse here"),
    Case("expression", "attribute access", _expression("total.__globals__"), "the character '.' cannot be used here"),
    Case(
        "expression", "a string literal", _expression('total(side) == "41"'), "the character '\"' cannot be used here"
    ),
    Case("expression", "a lambda", _expression("lambda: 1"), "the character ':' cannot be used here"),
    Case(
        "expression",
        "ranging over builtins",
        _expression("any(true for x in __builtins__)"),
        "an aggregate ranges over",
    ),
    Case("expression", "right-to-left override", _expression("total(side) \u202e>= 41"), "cannot be used here"),
]

RECORDS = [
    Case(
        "record",
        "a record nested 3,000 deep",
        _file("deep.jsonl", '{"hands":' + "[" * 3000 + "]" * 3000 + "}\n"),
        "the record is nested too deeply for the JSON parser",
    ),
    Case("record", "a folder given as a record file", _folder, "this is not a file of records"),
    Case("record", "truncated JSON", _record(lambda r: json.dumps(r)[:500], as_text=True), "this is not valid JSON"),
    Case(
        "record",
        "unknown ruleset id",
        _record(lambda r: r["ruleset"].update(id="poker")),
        "there is no bundled ruleset 'poker'",
    ),
    Case(
        "record",
        "a rules version that does not exist",
        _record(lambda r: r["ruleset"].update(version=9)),
        "has no rules version 9",
    ),
    Case(
        "record",
        "an unknown option value",
        _record(lambda r: r["ruleset"].update(options={"trump": "x"})),
        "has no table option 'trump'",
    ),
    Case("record", "a deal of 51 cards", _record(lambda r: r["hands"][0]["deal"][2].pop()), "seat 2 is dealt 12 cards"),
    Case(
        "record",
        "a duplicate card",
        _record(lambda r: r["hands"][0]["deal"][1].__setitem__(0, r["hands"][0]["deal"][0][0])),
        "is dealt twice",
    ),
    Case("record", "an action by the wrong seat", _record(_wrong_seat), "'s turn, not seat"),
    Case("record", "an illegal card", _record(_illegal_card), "illegal action"),
    Case(
        "record",
        "a wrong total",
        _record(lambda r: r["hands"][0]["totals"]["sides"].__setitem__(1, 999)),
        "hands[0].totals: the record says",
    ),
    Case(
        "record",
        "a wrong winner",
        _record(lambda r: r.update(winner=[1, 3], status="finished")),
        "the record's winner is [1, 3]",
    ),
    Case(
        "record",
        "a version 2 winner written as a team",
        _record(lambda r: r.update(winner=1, status="finished")),
        "winner: this value matches none of the allowed forms",
    ),
    Case("record", "an extra field of the wrong type", _record(lambda r: r.update(hand_cap="lots")), "hand_cap"),
    Case(
        "record",
        "NaN",
        _record(lambda r: json.dumps(r, separators=(",", ":")).replace('"seed":3', '"seed":NaN'), as_text=True),
        "NaN is not allowed in a record",
    ),
    Case(
        "record",
        "a 100-digit number",
        _record(
            lambda r: json.dumps(r, separators=(",", ":")).replace('"seed":3', '"seed":' + "7" * 100), as_text=True
        ),
        "is too large for a record",
    ),
    Case(
        "record",
        "JSON nested 10,000 deep",
        _record(lambda r: "[" * 10000 + "]" * 10000, as_text=True),
        "nested too deeply",
    ),
    Case("record", "not an object", _record(lambda r: "[1, 2, 3]", as_text=True), "a record must be a JSON object"),
    Case("record", "no hands", _record(lambda r: r.update(hands=[])), "the record has no hands"),
    Case(
        "record",
        "the wrong dealer",
        _record(lambda r: r["hands"][1].update(dealer=(r["hands"][1]["dealer"] + 2) % 4)),
        "hands[1].dealer: the record says seat",
    ),
    Case(
        "record",
        "a capped match marked finished",
        _record(lambda r: r.update(status="finished")),
        "the record's status is 'finished', but the match is capped",
    ),
    Case(
        "record",
        "a match cut short but marked over",
        _record(lambda r: r["hands"].pop()),
        "the record says the match ended (winner null), but under the rules it goes on",
    ),
    Case(
        "record",
        "an action after the hand is over",
        _record(lambda r: r["hands"][0]["actions"].append(dict(r["hands"][0]["actions"][-1]))),
        "this action is one too many",
    ),
    Case(
        "record",
        "a hand whose actions stop early",
        _record(lambda r: r["hands"][0]["actions"].pop()),
        "the hand's actions stop before the hand is over",
    ),
    Case(
        "record",
        "a finished hand marked in progress",
        _record(lambda r: r["hands"][0].update(complete=False)),
        "the hand is marked in progress, but its actions finish it",
    ),
    Case(
        "record",
        "a hand after the match ended",
        _record(lambda r: r["hands"].append(json.loads(json.dumps(r["hands"][-1])))),
        "before this hand",
    ),
    Case(
        "record",
        "an exposed card the rules do not expose",
        _record(lambda r: r["hands"][0].update(exposed=["AS"])),
        "exposed, the rules expose []",
    ),
    Case(
        "record",
        "a trump choice in a game without one",
        _record(
            lambda r: r["hands"][0]["actions"].__setitem__(
                4, {"seat": r["hands"][0]["actions"][4]["seat"], "action": "trump", "suit": "H"}
            )
        ),
        "illegal action: the play has begun: play a card, not trump H",
    ),
    Case(
        "record",
        "a hand cap beyond what any match may have",
        _record(lambda r: r.__setitem__("hand_cap", 6000)),
        "expected at most 5,000 hands in a match",
    ),
    Case(
        "record",
        "a tampered scoring line",
        _record(lambda r: r["hands"][0]["lines"][0].__setitem__("points", 999)),
        "hands[0].lines: the record says",
    ),
    Case(
        "record",
        "a tampered declarer",
        _record(lambda r: r["hands"][0].__setitem__("declarer", 3)),
        "hands[0].declarer: the record says 3",
    ),
    Case(
        "record",
        "a tampered contract",
        _record(lambda r: r["hands"][0].__setitem__("contract", [13, 13])),
        "hands[0].contract: the record says [13, 13]",
    ),
    Case(
        "record",
        "a card code of another deck",
        _record(lambda r: r["hands"][0]["deal"][0].__setitem__(0, "1Z")),
        "'1Z' is not a card",
    ),
]


def _variant(parent: str, body: str) -> Callable[[Path], str]:
    """A ruleset extending the bundled `parent` with `body`, the phases under test."""
    return _file("variant.yaml", f"format: trickbook-ruleset/1\nid: variant\ntitle: Variant\nextends: {parent}\n{body}")


BLIND = "bidding:\n  named:\n    blind_nil: {value: 0, blind: true, description: Blind.}\n"

UNPLAYABLE = [
    Case(
        "unplayable",
        "passing that is not one-to-one (two seats pass to the dealer's left)",
        _variant("hearts", "passing: {cards: 3, to: left(dealer)}\n"),
        "variant.yaml:5:25: passing.to: in hand 1 with seat 0 dealing, seats 0 and 1 both pass to seat 1",
    ),
    Case(
        "unplayable",
        "an exchange that lays away more cards than it takes",
        _variant("skat", "exchange: {discard: 3}\n"),
        "exchange.discard: the seat takes 2 card(s) but lays 3 away",
    ),
    Case(
        "unplayable",
        "an exchange that lays away fewer cards than it takes",
        _variant("skat-simple", "deal: {hand_size: 7}\n"),
        "exchange.discard: the seat takes 11 card(s) but lays 2 away",
    ),
    Case(
        "unplayable",
        "an exchange that takes a card exposed in a player's hand",
        _variant("euchre", "deal: {expose: {seat: dealer, card: 1}}\n"),
        "deal.expose.seat: the exchange takes the exposed card, but this one stays in a player's hand",
    ),
    Case(
        "unplayable",
        "a dealer who sits out and leads",
        _variant("skat", "seats: 4\ndeal: {dealer_sits_out: true}\nplay: {first_lead: dealer}\n"),
        "play.first_lead: the dealer sits out, holds no cards and has no turn",
    ),
    Case(
        "unplayable",
        "a dealer who sits out and shows a card of its hand",
        _variant("skat", "seats: 4\ndeal: {dealer_sits_out: true, expose: {seat: dealer, card: 1}}\n"),
        "deal.expose.seat: the dealer sits out, holds no cards and has no turn",
    ),
    Case(
        "unplayable",
        "an exposed card number beyond the smallest hand",
        _variant("oh-hell", "deal: {expose: {seat: dealer, card: 5}}\n"),
        "deal.expose.card: the hand size changes from hand to hand, so a hand may have fewer than 5 cards",
    ),
    Case(
        "unplayable",
        "blind bids with passing (passing shows the cards first)",
        _variant("cardems-spades", BLIND + "passing: {cards: 2, to: across(seat)}\n"),
        "passing: a blind bid is made before the bidder looks at their cards, but passing comes first",
    ),
]


def _forged_auto(record: dict) -> None:
    """The first bid (the last legal one, nil, as `_record` plays) marked automatic: the timeout rule bids 1."""
    record["hands"][0]["actions"][0]["auto"] = True


def _nested(depth: int) -> str:
    """`any` nested `depth` deep over the seats: one evaluation runs its body seats^depth times."""
    names = [f"s{level}" for level in range(depth)]
    body = " + ".join(f"tricks({name})" for name in names) + " >= 0"
    for name in reversed(names):
        body = f"any({body} for {name} in seats)"
    return f"if {body} then 0 else 1"


def _nested_rule(depth: int) -> str:
    return f'scoring:\n  rules:\n    extra:\n      for: side\n      points: "{_nested(depth)}"\n'


def _carries_nested(record: dict) -> None:
    """The record carries its ruleset, with a scoring rule of aggregates nested eight deep."""
    import copy

    from trickbook.ruleset.loader import open_ruleset

    document = copy.deepcopy(open_ruleset("cardems-spades").document.data)
    document["scoring"]["rules"]["extra"] = {"for": "side", "points": _nested(8)}
    record["ruleset"]["document"] = document


NESTED = [
    Case(
        "nested aggregates",
        "aggregates nested six deep",
        _variant("tarneeb-41", _nested_rule(6)),
        "scoring.rules.extra.points: this expression does too much work each time it is evaluated",
    ),
    Case(
        "nested aggregates",
        "aggregates nested eight deep",
        _variant("tarneeb-41", _nested_rule(8)),
        "scoring.rules.extra.points: this expression does too much work each time it is evaluated",
    ),
    Case(
        "records v2",
        "a record carrying a ruleset of aggregates nested eight deep",
        _record(_carries_nested),
        "this expression does too much work each time it is evaluated",
    ),
]

RECORDS_V2 = [
    Case(
        "records v2",
        "a ruleset path too long for the system",
        _record(lambda r: r["ruleset"].update(path="r" * 5000 + ".yaml")),
        "ruleset.path: the record's ruleset path cannot name a file",
    ),
    Case(
        "records v2",
        "a forged bid marked automatic",
        _record(_forged_auto),
        "hands[0].actions[0]: the record marks bid nil automatic, but when time runs out the rules play bid 1",
    ),
]

CASES = RULESETS + EXPRESSIONS + RECORDS + UNPLAYABLE + NESTED + RECORDS_V2


RECORD_KINDS = ("record", "records v2")
"""Kinds of case that are records, checked by `replay` (the others by `validate`)."""


@dataclass(frozen=True)
class Outcome:
    status: int
    message: str
    seconds: float
    peak_mb: float


def run(case: Case, folder: Path) -> Outcome:
    """Runs the command a user would (`validate` or `replay`) twice: once timed, once under tracemalloc for the
    peak allocation (tracemalloc slows allocation-heavy code several times, so it must not be in the timing)."""
    import contextlib
    import io

    from trickbook.cli import main

    target = case.make(folder)
    command = ["replay", target] if case.kind in RECORD_KINDS else ["validate", target]

    def once() -> tuple[int, str]:
        errors = io.StringIO()
        with contextlib.redirect_stderr(errors), contextlib.redirect_stdout(io.StringIO()):
            status = main(command)
        return status, errors.getvalue()

    started = time.perf_counter()
    status, message = once()
    seconds = time.perf_counter() - started
    tracemalloc.start()
    once()
    peak = tracemalloc.get_traced_memory()[1] / 2**20
    tracemalloc.stop()
    return Outcome(status, message, seconds, peak)


def report(path: Path) -> None:
    import tempfile

    rows = []
    for case in CASES:
        with tempfile.TemporaryDirectory() as folder:
            outcome = run(case, Path(folder))
        first = outcome.message.strip().splitlines()[0] if outcome.message.strip() else "(no message)"
        first = first.replace(folder, "…").replace("trickbook: ", "")
        if len(first) > 150:
            first = first[:147] + "..."
        rows.append(
            f"| {case.kind} | {case.name} | exit {outcome.status}: `{first}` "
            f"| {outcome.seconds * 1000:.0f} ms | {outcome.peak_mb:.1f} MB |"
        )
    text = HEADER + "\n".join(rows) + "\n" + FOOTER + _round_three() + _limits_table()
    path.write_text(text, encoding="utf-8")


def _limits_table() -> str:
    """Every limit of `limits.py` with its value and its own words, so the page cannot drift from the code."""
    import ast

    from trickbook import limits

    tree = ast.parse(Path(limits.__file__).read_text(encoding="utf-8"))
    rows = []
    for node, after in zip(tree.body, tree.body[1:], strict=False):
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            name = node.target.id
            said = after.value.value if isinstance(after, ast.Expr) and isinstance(after.value, ast.Constant) else ""
            value = getattr(limits, name)
            rows.append(f"| `{name}` | {value:,} | {' '.join(str(said).split())} |")
    return "\n## The limits\n\n| limit | value | what it bounds |\n|---|---:|---|\n" + "\n".join(rows) + "\n"


HEADER = """# Robustness: hostile inputs and what trickbook says

Rulesets, expressions and records may come from strangers. Each input below
is refused with a message naming the place (file:line:column, key path or
record/hand/action), what was expected and what was found; none runs code,
prints a Python traceback or exceeds the budget of 5 seconds and 200 MB of
Python allocations (time measured in one run, allocations with tracemalloc in a
second). `tests/test_hostile.py` checks
every row; this page is written by `python tests/hostile.py` from the same
list of cases, so the messages are the real ones. YAML errors are worded by
PyYAML's pure-Python parser on every build (libyaml, when PyYAML has it, is
only the fast path for valid files), so the messages are the same on every
machine; the times below were taken with libyaml present.

| input | case | outcome (first line) | time | peak memory |
|---|---|---|---:|---:|
"""

FOOTER = """
Limits behind these refusals are listed in the README ("Limits on untrusted
input") and kept in `framework/trickbook/limits.py`. Besides these fixed
cases, `tests/test_fuzz.py` feeds hypothesis-generated text to the YAML
loader and the expression parser and checks that only trickbook's own errors
escape, and generates random valid rulesets and plays seeded matches under each.
"""

ROUND_THREE_INTRO = """
## Round three: the new phases, records v2 and saved tables

Issue 28 attacked passing, the exchange, exposed cards, sitting out, blind
bids, records v2 and `Table` save/restore. Each root cause is fixed as a rule,
and has its tests (rows above of kinds `unplayable`, `nested aggregates` and
`records v2`, and the tests named here, in `tests/test_hostile.py` unless
another file is named):
"""

ROUND_THREE: list[tuple[str, str, str]] = [
    (
        "passing that is not one-to-one",
        (
            "`passing.to` is tried at load for 24 hands and every dealer, and checked again as each "
            "hand passes: each seat receives the cards of exactly one seat"
        ),
        ("`unplayable` rows; `test_passing_targets_that_stop_being_one_to_one_end_the_match_with_the_rule`"),
    ),
    (
        "an exchange that lays away more or fewer cards than it takes",
        ("`exchange.discard` equals the cards taken (1 exposed card, or the stock of a fixed hand size)"),
        "`unplayable` rows",
    ),
    (
        "an exchange that takes a card exposed in a hand",
        "only a stock card that is exposed can be taken",
        "`unplayable` row",
    ),
    (
        "a dealer who sits out yet leads, shows a card or exchanges",
        "refused at `play.first_lead`, `deal.expose.seat`, `exchange.seat`",
        "`unplayable` rows",
    ),
    (
        "an exposed card's number beyond a smaller hand",
        "with hand sizes that vary, only the first or last card may be exposed",
        "`unplayable` row",
    ),
    (
        "blind bids with passing (passing shows the cards)",
        "refused at `passing`",
        "`unplayable` row",
    ),
    (
        "nested aggregates costing seats^depth",
        (
            "at most `MAX_EVALUATED_PARTS` parts per evaluation, each inside an aggregate counted once "
            "per seat or side; `validate` thins the totals it tries for a costly match end"
        ),
        ("`nested aggregates` rows; `test_validate_tries_fewer_totals_on_a_match_end_that_costs_more_to_evaluate`"),
    ),
    (
        "option numbers in superscript or circled digits",
        "ASCII digits only (`text.is_ascii_number`)",
        "`test_option_numbers_are_ascii_digits_so_superscript_and_circled_digits_are_refused_not_crashed`",
    ),
    (
        "bidirectional controls and zero-width characters echoed",
        "shown as `\\uXXXX` in every trickbook error and in rule books (`text.visible`)",
        "`test_bidi_controls_and_zero_width_characters_are_shown_escaped_in_messages_and_rule_books`",
    ),
    (
        "JSON Lines split at U+2028, U+2029, U+0085",
        "records read at `\\n` only, and written with those escaped",
        "`tests/test_record_files.py::test_json_lines_split_at_newline_only_so_text_with_unicode_line_separators_stays_in_its_record`",
    ),
    (
        "an over-long `ruleset.path`",
        "refused at `ruleset.path`",
        "`records v2` row",
    ),
    (
        "forged moves marked `auto`",
        (
            "an `auto` move must be the timeout rule's move there, and a bot's move is never `auto` "
            "(replay, and so `Table.restore`)"
        ),
        ("`records v2` row; `test_an_automatic_move_must_be_the_timeout_move_in_replay_and_in_a_table_restore`"),
    ),
    (
        "deals not checked, a file taking a bundled id",
        (
            "`replay` says which records it replayed as dealt, and when a record's file takes a bundled "
            "id; `validate` warns about such a file"
        ),
        (
            "`test_replay_says_which_records_deals_were_not_checked_against_their_seed`, "
            "`test_a_file_that_takes_a_bundled_id_is_named_in_replay_and_warned_about_by_validate`"
        ),
    ),
    (
        "saved-table fields of the wrong type or range",
        "every field checked, naming it (`session/saved.py`)",
        (
            "`test_a_tampered_table_save_is_refused_naming_the_field` (item 14 rows), "
            "`test_any_junk_in_a_saved_field_is_refused_or_gives_a_table_that_answers_every_call`"
        ),
    ),
    (
        "saved-table states no table reaches",
        ("phase, confirmations, votes, finished matches, seed, hand cap and deadline checked against the match"),
        "`test_a_tampered_table_save_is_refused_naming_the_field` (item 15 rows)",
    ),
    (
        "bots without a bound",
        (
            "`MAX_PLAYOUTS_PER_DECISION` and `MAX_THINKING_MS` for every kind, checked when a player is "
            "named: CLI, `Table`, server, saved table"
        ),
        (
            "`test_one_budget_per_decision_holds_for_every_player_kind_wherever_a_player_is_named`, "
            "item 16 rows of the tampered saves"
        ),
    ),
    (
        "a timed-out hidden card named to every seat",
        ("every event declares who may see it (`seen_by`, no default); table and terminal deliver by it"),
        (
            "`test_every_event_class_declares_who_may_see_it_with_no_default`, "
            "`test_a_timed_out_hidden_move_names_its_card_only_to_its_own_seat`"
        ),
    ),
]
"""Each class issue 28 found: the rule that now holds, and its tests."""


def _round_three() -> str:
    """The section listing the classes of round three with their tests."""
    rows = [f"| {name} | {rule} | {tests} |" for name, rule, tests in ROUND_THREE]
    return ROUND_THREE_INTRO + "\n| class | the rule now | tests |\n|---|---|---|\n" + "\n".join(rows) + "\n"


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    report(Path(__file__).resolve().parents[1] / "docs" / "robustness.md")
    print("wrote docs/robustness.md")
