"""One meaning on every path: the same seeds give the same records and scores from the API, `simulate` in one
process and in two (the ruleset named by its file), `replay`, `trace` and a live `Table`; and a worked example
written from a played hand gives the score the hand was played to.

Every bundled ruleset, every ruleset in examples/, and variants hypothesis writes (scoring rules renamed and
reordered, option values chosen, `extends` chains) go through every path.
"""

from __future__ import annotations

import json
import re
from dataclasses import asdict, astuple
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from trickbook import load_ruleset, open_ruleset, resources
from trickbook.book.scenario import Scenario
from trickbook.book.worked import check_examples
from trickbook.cli import main
from trickbook.engine import events as told
from trickbook.engine.game import Game
from trickbook.errors import Location
from trickbook.players import make_player, parse_player_specs
from trickbook.record.replay import RulesetCache, replay_record
from trickbook.record.writer import match_record
from trickbook.ruleset import actions as kinds
from trickbook.ruleset.rules import Rules
from trickbook.session.table import Table
from trickbook.tools.parallel import MatchJob, RulesetChoice, run_ordered
from trickbook.tools.simulate import play_on, simulate_job

ROOT = Path(__file__).resolve().parent.parent
BUNDLED = sorted(p.stem for p in (ROOT / "rulesets").glob("*.yaml"))
EXAMPLES = sorted((ROOT / "examples").glob("*.yaml"))
HANDS = 2
SEED = 3


def api_record(rules: Rules, seed: int, players: str = "random") -> dict[str, Any]:
    specs = parse_player_specs(players, rules.seats)
    game = Game(rules, seed, hand_cap=HANDS)
    play_on(game, [make_player(spec, seed, seat) for seat, spec in enumerate(specs)])
    return match_record(game, players=[str(s) for s in specs])


def simulated(tmp_path: Path, reference: str, *args: str) -> dict[str, Any]:
    out = tmp_path / f"{len(list(tmp_path.iterdir()))}.jsonl"
    command = ["simulate", reference, "--matches", "1", "--seed", str(SEED), "--hand-cap", str(HANDS)]
    assert main([*command, "--players", "random", *args, "--out", str(out)]) == 0
    lines = out.read_text(encoding="utf-8").split("\n")
    assert lines[1:] == [""]
    record: dict[str, Any] = json.loads(lines[0])
    return record


def same_match(first: dict[str, Any], second: dict[str, Any]) -> None:
    """Equal records but for how the ruleset was named (by id, or carried with its file's path)."""
    one, two = dict(first), dict(second)
    named_one, named_two = one.pop("ruleset"), two.pop("ruleset")
    assert one == two
    for key in ("id", "version", "options", "digest"):
        assert named_one[key] == named_two[key], key


def table_record(rules: Rules, reference: str, seed: int) -> dict[str, Any]:
    """Seat 0 is a person who plays as a random player of that seed would; the others are random bots."""
    seats = ["human"] + ["random"] * (rules.seats - 1)
    options = dict(rules.options)
    table = Table(reference, seats=seats, options=options, version=rules.version, seed=seed, hand_cap=HANDS)
    person = make_player(parse_player_specs("random", 1)[0], seed, 0)
    for _ in range(10_000):
        if table.finished:
            break
        if table.phase == "waiting-ready":
            table.mark_ready(0, 0.0)
        elif table.game.actor == 0:
            table.submit(0, person.choose(table.game.view(0)), 0.0)
        else:
            pytest.fail(f"the table waits for nothing a person can do ({table.phase})")
    record: dict[str, Any] = table.finished[0]
    return record


def traced_totals(capsys: pytest.CaptureFixture[str], path: Path, ruleset: str | None) -> list[str]:
    capsys.readouterr()
    assert main(["trace", str(path), *(["--ruleset", ruleset] if ruleset else [])]) == 0
    return re.findall(r"^  totals: (.*)$", capsys.readouterr().out, flags=re.MULTILINE)


def written_totals(rules: Rules, record: dict[str, Any]) -> list[str]:
    """The totals after each scored hand, in the words `trace` uses."""
    seating = rules.seating
    out = []
    for hand in record["hands"]:
        if hand["cancelled"]:
            continue
        seats = ", ".join(f"{n} {t}" for n, t in zip(seating.seat_names, hand["totals"]["seats"] or (), strict=False))
        sides = ", ".join(f"{n} {t}" for n, t in zip(seating.side_names, hand["totals"]["sides"] or (), strict=False))
        out.append(f"{sides} (players: {seats})" if sides and seats else sides or seats)
    return out


def every_path(tmp_path: Path, capsys: pytest.CaptureFixture[str], reference: str, file: Path, rules: Rules) -> None:
    options = [f"--option={name}={value}" for name, value in rules.options]
    version = ["--rules-version", str(rules.version)]
    expected = api_record(rules, SEED)
    same_match(simulated(tmp_path, reference, *version, *options), expected)
    by_file = simulated(tmp_path, str(file), *version, *options)
    same_match(by_file, expected)
    path = tmp_path / "by-file.jsonl"
    path.write_text(json.dumps(by_file) + "\n", encoding="utf-8")
    replayed, said = told_hands(by_file)
    same_match(match_record(replayed, players=by_file["players"]), expected)
    assert main(["replay", str(path), "--ruleset", str(file)]) == 0
    assert traced_totals(capsys, path, str(file)) == written_totals(rules, expected)
    from_table = table_record(rules, reference, SEED)
    from_table["players"] = expected["players"]
    same_match(from_table, expected)
    for index in range(len(replayed.history)):
        worked_example_agrees(rules, str(file.resolve()), replayed, index, said[index], tmp_path)


def told_hands(record: dict[str, Any]) -> tuple[Game, list[list[object]]]:
    """The record replayed, with what the engine told of each hand."""
    hands: list[list[object]] = []

    def observe(event: object) -> None:
        if isinstance(event, told.HandStarted):
            hands.append([])
        hands[-1].append(event)

    game = replay_record(record, Location("record", 1, 1), RulesetCache(), observer=observe)
    return game, hands


def scenario_of(rules: Rules, game: Game, index: int, said: list[object]) -> Scenario:
    """A worked example of the hand as a person would write it from watching: who bid what, who took which
    cards, the totals before; the rules then work out contracts, sums and points themselves."""
    hand = game.history[index]
    before = game.history[index - 1] if index else None
    deck, actions = rules.deck, rules.actions
    seats = rules.seats
    bids: list[int | str | None] = [None] * seats
    took: list[list[str]] = [[] for _ in range(seats)]
    won_tricks: list[list[list[str]]] = [[] for _ in range(seats)]
    shown: list[list[str]] = [[] for _ in range(seats)]
    rest: list[list[str]] = [[] for _ in range(seats)]
    first, last, game_index, out, announced, doubled = None, None, -1, [], [], 0
    contract, taken, laid = None, [], []
    winners: list[int] = []
    drawn_after: list[bool] = []  # per trick, whether players drew from the stock after it (`play.draw`)
    calls = rules.bidding.calls
    for event in said:
        if isinstance(event, told.ActionTaken):
            kind = actions.kinds[event.action]
            if kind == kinds.BID:  # a new bid leaves any double behind
                contract = actions.bid_codes[actions.bid_values[event.action]] if calls is not None else None
                doubled = 0
                name = actions.name_index[event.action]
                bids[event.seat] = actions.named_bids[name] if name >= 0 else actions.bid_values[event.action]
            elif kind == kinds.DOUBLE:
                doubled = 1
            elif kind == kinds.REDOUBLE:
                doubled = 2
            elif kind == kinds.ANNOUNCE:
                announced.append(actions.text(event.action).split()[-1])
            elif kind == kinds.DISCARD:
                laid.append(actions.card_of(event.action))
            elif kind == kinds.SHOW:
                shown[event.seat].append(deck.codes[actions.card_of(event.action)])
        elif isinstance(event, told.CardDrawn) and rules.deal.rest is not None:
            rest[event.seat].append(deck.codes[event.card])  # the rest of a deal in stages, dealt before the play
        elif isinstance(event, told.CardDrawn):
            drawn_after[-1] = True
        elif isinstance(event, told.TrickWon):
            winners.append(event.winner)
            drawn_after.append(False)
            for card in event.cards:
                took[event.winner].append(deck.codes[card])
            won_tricks[event.winner].append([deck.codes[card] for card in event.cards])
            first = event.winner if first is None else first
            last = event.winner
        elif isinstance(event, told.GameNamed):
            game_index = [g.name for g in rules.trump.games].index(event.name)
        elif isinstance(event, told.SitsOut):
            out.append(event.seat)
        elif isinstance(event, told.CardsTaken):
            taken += list(event.cards)
    late = [sum(w == seat and not drew for w, drew in zip(winners, drawn_after, strict=True)) for seat in range(seats)]
    sides = len(rules.seating.sides)
    counters = (
        before.counters if before else tuple((c.start,) * (sides if c.per == "side" else seats) for c in rules.counters)
    )
    stock = [c for c in hand.stock if c not in taken] + laid
    return Scenario(
        tricks=hand.tricks_won,
        bids=bids
        if any(b is not None for b in bids) or rules.bidding.named or rules.bidding.kind.value != "none"
        else (),
        declarer=None if hand.declarer < 0 else hand.declarer,
        trump=deck.suits[hand.trump].code if hand.trump >= 0 else None,
        dealer=hand.dealer,
        hand_number=hand.number,
        hand_size=max(len(cards) for cards in hand.deal),
        totals=before.totals if before else (),
        seat_totals=before.seat_totals if before and rules.personal else None,
        counters={c.name: counters[i] for i, c in enumerate(rules.counters)},
        events={e.name: hand.events[i] for i, e in enumerate(rules.events)},
        took=took,
        shown=shown,
        dealt=[[deck.codes[c] for c in cards] + rest[seat] for seat, cards in enumerate(hand.deal)],
        first_trick=first,
        last_trick=last,
        sits_out=out or None,
        game=game_index,
        stock=[deck.codes[c] for c in stock],
        tricks_after_stock=late if rules.play.draw is not None else None,
        contract=contract,
        doubled=doubled,
        exchanged=bool(taken) if rules.exchange is not None else None,
        announced=announced,
        won_tricks=won_tricks if rules.melds is not None and rules.melds.source.value == "tricks" else None,
    )


def worked_example_agrees(rules: Rules, parent: str, game: Game, index: int, said: list[object], folder: Path) -> None:
    """`check` of a worked example written from the played hand finds the score the hand was played to."""
    hand = game.history[index]
    if hand.cancelled:
        return
    scenario = scenario_of(rules, game, index, said)
    example: dict[str, Any] = {"name": "as played", "version": rules.version, "options": dict(rules.options)}
    for key, value in asdict(scenario).items():
        if key == "game":
            value = rules.trump.games[value].name if value >= 0 else None
        if value is not None and value != () and value != {}:
            example[key] = (
                [list(v) if isinstance(v, tuple) else v for v in value] if isinstance(value, tuple) else value
            )
    lines: dict[str, list[int]] = {}
    counts = {"side": len(rules.seating.sides), "seat": rules.seats}
    for line in hand.lines:
        lines.setdefault(line.rule, [0] * counts[line.per])[line.target] += line.points
    expect: dict[str, Any] = {"lines": lines}
    expect["counters"] = {c.name: list(hand.counters[i]) for i, c in enumerate(rules.counters)}
    if rules.seating.has_sides:
        expect["score"] = list(hand.score)
        expect["totals"] = list(hand.totals)
    if rules.personal:
        expect["seat_score"] = list(hand.seat_score or ())
        expect["seat_totals"] = list(hand.seat_totals or ())
    example["expect"] = expect
    variant = {"format": "trickbook-ruleset/1", "id": "as-played", "title": "As played", "extends": parent}
    variant["examples"] = [example]
    path = folder / f"as-played-{index}.yaml"
    path.write_text(yaml.safe_dump(variant, sort_keys=False, allow_unicode=True), encoding="utf-8")
    results = [r for r in check_examples(open_ruleset(path)) if r.name == "as played"]
    assert [r.mismatches for r in results] == [()]


@pytest.mark.parametrize("ruleset", BUNDLED)
def test_every_path_agrees_on_a_bundled_ruleset(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], ruleset: str
) -> None:
    every_path(tmp_path, capsys, ruleset, resources.rulesets_dir() / f"{ruleset}.yaml", load_ruleset(ruleset))


@pytest.mark.parametrize("file", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_every_path_agrees_on_an_example_ruleset(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], file: Path
) -> None:
    every_path(tmp_path, capsys, str(file), file, load_ruleset(file))


def test_worker_processes_play_every_ruleset_as_its_file_says(tmp_path: Path) -> None:
    """Workers load a ruleset from its file when they can, else from the copy the job carries: both as written."""
    jobs, expected = [], []
    for file in [resources.rulesets_dir() / f"{name}.yaml" for name in BUNDLED] + EXAMPLES:
        rules = load_ruleset(file)
        from_file = RulesetChoice.of(str(file), rules)
        moved = RulesetChoice(str(tmp_path / "elsewhere" / file.name), *astuple(from_file)[1:])
        for choice in (from_file, moved):
            jobs.append(MatchJob(len(jobs), choice, SEED, "random", HANDS))
            expected.append(api_record(rules, SEED))
    for (_, line), wanted in zip(run_ordered(simulate_job, jobs, 2), expected, strict=True):
        same_match(json.loads(line), wanted)


@st.composite
def house_variant(draw: st.DrawFn) -> tuple[str, dict[str, str], list[dict[str, Any]]]:
    """A bundled ruleset, a choice of its options, and one to three files extending it in a chain, each of which
    renames and reorders the scoring rules it inherits."""
    parent = draw(st.sampled_from(BUNDLED))
    source = open_ruleset(parent)
    declared = source.document.data.get("options", {})
    options = {name: draw(st.sampled_from(list(spec["values"]))) for name, spec in declared.items()}
    rules = source.resolve(options=options)
    chain: list[dict[str, Any]] = []
    names = [rule.name for rule in rules.scoring.rules]
    # A version or option that changes a scoring rule names it: such a parent's rules keep their names.
    patched = "scoring" in json.dumps([source.document.data.get(key) for key in ("versions", "options")])
    for depth in range(draw(st.integers(1, 3))):
        written = {name: _rule_text(rules, name, chain) for name in names}
        order = names if patched else draw(st.permutations(names))
        renamed = {name: name if patched else f"{name}_{depth}" for name in names}
        scoring: dict[str, Any] = {} if patched else {old: None for old in names}
        scoring.update({renamed[name]: written[name] for name in order})
        chain.append({"rules": scoring, "order": [renamed[n] for n in order]})
        names = [renamed[n] for n in order]
    return parent, options, chain


def _rule_text(rules: Rules, name: str, chain: list[dict[str, Any]]) -> dict[str, Any]:
    if chain:
        return dict(chain[-1]["rules"][name])
    rule = next(r for r in rules.scoring.rules if r.name == name)
    text: dict[str, Any] = {"for": rule.per, "points": rule.points.source}
    if rule.when is not None:
        text["when"] = rule.when.source
    return text


@settings(deadline=None)
@given(variant=house_variant(), seed=st.integers(0, 2**20))
def test_every_path_agrees_on_house_variants(tmp_path_factory: pytest.TempPathFactory, variant: Any, seed: int) -> None:
    parent, options, chain = variant
    folder = tmp_path_factory.mktemp("variant")
    extends = parent
    for depth, link in enumerate(chain):
        document = {
            "format": "trickbook-ruleset/1",
            "id": f"house-{depth}",
            "title": f"House {depth}",
            "extends": extends,
            "scoring": {"rules": link["rules"]},
        }
        path = folder / f"house-{depth}.yaml"
        path.write_text(yaml.safe_dump(document, sort_keys=False), encoding="utf-8")
        extends = path.name
    rules = load_ruleset(path, options=options)
    assert [r.name for r in rules.scoring.rules] == chain[-1]["order"]
    expected = api_record(rules, seed)
    out = folder / "m.jsonl"
    command = ["simulate", str(path), "--matches", "1", "--seed", str(seed), "--hand-cap", str(HANDS)]
    command += [f"--option={name}={value}" for name, value in options.items()]
    assert main([*command, "--players", "random", "--out", str(out)]) == 0
    same_match(json.loads(out.read_text(encoding="utf-8")), expected)
    assert main(["replay", str(out), "--ruleset", str(path)]) == 0
    game, said = told_hands(expected)
    for index in range(len(game.history)):
        worked_example_agrees(rules, str(path), game, index, said[index], folder)
