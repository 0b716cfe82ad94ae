"""compare says when its matches measure the players more than the rules, before it reports any difference."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from trickbook import load_ruleset
from trickbook.cli import main
from trickbook.tools.caveats import FEWEST_CONTRACTS, caveats
from trickbook.tools.stats import MatchStats

FINISHED = MatchStats(
    winner=(0, 2),
    first_dealer=0,
    hands=10,
    cancelled=0,
    contracts=10,
    made=5,
    bids=(),
    points=100,
    lines=(),
    all_tricks=0,
    automatic=0,
    events=(),
    lead_changes=1,
    comeback=False,
)


def test_a_comparison_whose_matches_reach_the_hand_cap_says_so_first(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    variant = str(Path(__file__).parent.parent / "examples" / "tarneeb-61.yaml")
    args = ["compare", "tarneeb-41", variant, "--matches", "4", "--hand-cap", "2", "--players", "random"]
    assert main(args) == 0
    out = capsys.readouterr().out
    first = out.index("Read this first")
    assert "tarneeb-41@2: 4 of 4 matches reached the hand cap of 2 hands unfinished" in out
    assert first < out.index("95% intervals")
    assert main([*args, "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert [len(r["caveats"]) for r in report["rulesets"]] == [1, 1]
    html = tmp_path / "report.html"
    assert main([*args, "--html", str(html)]) == 0
    page = html.read_text(encoding="utf-8")
    assert page.index("Read this first") < page.index("Every measure")


def test_finished_matches_give_no_caveat() -> None:
    assert caveats(load_ruleset("tarneeb-41"), [FINISHED] * 5, 100) == ()


@pytest.mark.parametrize(("thrown", "warned"), [(5, False), (6, True)])
def test_most_hands_thrown_in_is_said_above_one_half(thrown: int, warned: bool) -> None:
    said = caveats(load_ruleset("tarneeb-41"), [replace(FINISHED, cancelled=thrown)], 100)
    assert bool(said) is warned
    if warned:
        assert [str(sentence) for sentence in said] == ["6 of 10 hands (60%) were thrown in: the players rarely bid"]


@pytest.mark.parametrize(
    ("named", "warned"),
    [
        ((("7NT", 16), ("1C", 4)), True),  # 80% of 20
        ((("7NT", 15), ("1C", 5)), False),  # 75%: not above the line
        ((("7NT", FEWEST_CONTRACTS - 1),), False),  # too few contracts to say
    ],
)
def test_one_contract_played_nearly_always_is_said(named: tuple[tuple[str, int], ...], warned: bool) -> None:
    said = caveats(load_ruleset("contract-bridge"), [replace(FINISHED, contracts_named=named)], 100)
    assert bool(said) is warned
    if warned:
        assert [str(sentence) for sentence in said] == [
            "16 of 20 contracts (80%) were 7NT: the players may be bidding one contract whatever they hold"
        ]


def test_rules_with_a_single_bid_give_no_contract_caveat() -> None:
    """Whist has no bidding: whatever its hands show, no contract can dominate."""
    stats = [replace(FINISHED, contracts_named=(("x", 40),))]
    assert caveats(load_ruleset("whist"), stats, 100) == ()


def test_a_played_match_names_its_contracts() -> None:
    from trickbook.engine.game import Game
    from trickbook.players import make_player, parse_player_specs
    from trickbook.tools.simulate import play_on
    from trickbook.tools.stats import match_stats

    rules = load_ruleset("tarneeb-41")
    game = Game(rules, 5, hand_cap=6)
    play_on(game, [make_player(spec, 5, seat) for seat, spec in enumerate(parse_player_specs("random", 4))])
    stats = match_stats(game)
    played = [h for h in game.history if not h.cancelled]
    assert sum(count for _, count in stats.contracts_named) == len(played)
    finals = {}
    for hand in played:
        bids = [m for m in hand.moves if rules.actions.kinds[m.action] == "bid"]
        word = rules.actions.text(bids[-1].action)[4:]
        finals[word] = finals.get(word, 0) + 1
    assert dict(stats.contracts_named) == finals


def test_the_web_comparison_carries_the_caveats_to_its_page(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import time

    from trickbook.web import comparisons
    from trickbook.web.store import Store

    said = "whist: 1 of 1 matches reached the hand cap"
    monkeypatch.setattr(comparisons, "caveat_lines", lambda columns, say: [said])
    running = comparisons.Comparisons(Store(tmp_path), tmp_path)
    started = running.start(
        {"rulesets": [{"ruleset": "whist"}, {"ruleset": "hearts"}], "matches": 1}, "client", lambda: None
    )
    for _ in range(600):
        state = running.state(started)
        if state is not None and state["status"] not in ("running", "cancelling"):
            break
        time.sleep(0.1)
    assert state is not None and state["status"] == "done" and state["caveats"] == [said]
    page = (Path(comparisons.__file__).parent / "static" / "compare.js").read_text(encoding="utf-8")
    assert "state.caveats" in page
