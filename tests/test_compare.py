"""compare and parallel simulate: metrics agree with the records, results do not depend on the number of jobs."""

from __future__ import annotations

import csv
import json
import math
import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from trickbook import RulesetError, UsageError, load_ruleset
from trickbook.cli import main
from trickbook.engine.game import Game
from trickbook.players import make_player, parse_player_specs
from trickbook.tools.compare import compare, restricted_players
from trickbook.tools.paired import Difference, paired
from trickbook.tools.parallel import RulesetChoice, load_choice
from trickbook.tools.plot import plot
from trickbook.tools.simulate import play_on
from trickbook.tools.stats import Estimate, MatchStats, Shape, match_shape, mean, proportion
from trickbook.tools.sweep import parse_sweep, sweep_choices


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    assert main(list(argv)) == 0
    return capsys.readouterr().out


def test_compare_metrics_equal_counts_taken_from_the_records(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    common = [
        "--players",
        "random,heuristic,random,heuristic",
        "--matches",
        "12",
        "--seed",
        "1",  # seeds where the heuristic side lets every random contract fail leave no "gains" row to check
        "--hand-cap",
        "60",
        "--jobs",
        "1",
    ]
    out = tmp_path / "t41.jsonl"
    _run(capsys, "simulate", "tarneeb-41", *common, "--out", str(out))
    report = json.loads(_run(capsys, "compare", "tarneeb-41", *common, "--json"))
    metrics = report["rulesets"][0]["metrics"]
    records = [json.loads(line) for line in out.read_text().splitlines()]
    hands = [h for r in records for h in r["hands"]]
    played = [h for h in hands if not h["cancelled"]]
    finished = [r for r in records if r["winner"] is not None]
    assert metrics["hands per match"]["value"] == pytest.approx(len(hands) / len(records))
    assert metrics["hands cancelled"]["value"] == pytest.approx(sum(h["cancelled"] for h in hands) / len(hands))
    made = sum(
        h["tricks_won"][h["declarer"] & 1] + h["tricks_won"][(h["declarer"] & 1) + 2]
        >= h["contract"][h["declarer"] & 1]
        for h in played
    )
    assert metrics["contracts made"]["value"] == pytest.approx(made / len(played))
    assert metrics["North-South wins"]["value"] == pytest.approx(
        sum(r["winner"] == [0, 2] for r in finished) / len(finished)
    )
    first = sum(r["hands"][0]["dealer"] in r["winner"] for r in finished)
    assert metrics["first dealer's side wins"]["value"] == pytest.approx(first / len(finished))
    points = [sum(h["score"]["sides"]) for h in played]
    per_match = []
    for r in records:
        mine = [sum(h["score"]["sides"]) for h in r["hands"] if not h["cancelled"]]
        if mine:
            per_match.append(sum(mine) / len(mine))
    assert metrics["points per played hand"]["value"] == pytest.approx(sum(per_match) / len(per_match))
    assert sum(points) != 0
    bonus = sum(any(line["rule"] == "king_bonus" and line["points"] > 0 for line in h["lines"]) for h in played)
    if bonus:
        gains = metrics["king bonus (+5 to the side that captured K♥ with the trump ace) gains, per played hand"]
        assert gains["value"] == pytest.approx(bonus / len(played))
    captured = sum(sum(h["events"]["king_captured"]) > 0 for h in played)
    (event,) = [name for name in metrics if name.startswith("king captured (A player plays K♥")]
    assert metrics[event]["value"] == pytest.approx(captured / len(played))
    bids = [a["value"] for h in hands for a in h["actions"] if a["action"] == "bid"]
    assert report["rulesets"][0]["bids"]["7"] == pytest.approx(bids.count(7) / len(bids))
    changes = 0
    for r in records:
        leader = None
        for h in r["hands"]:
            if h["cancelled"]:
                continue
            a, b = h["totals"]["sides"]
            now = 0 if a > b else 1 if b > a else None
            if now is not None and leader is not None and now != leader:
                changes += 1
            if now is not None:
                leader = now
    assert metrics["lead changes per match"]["value"] == pytest.approx(changes / len(records))
    comebacks = 0
    margins = []
    for r in finished:
        standings = [h["totals"]["sides"] for h in r["hands"] if not h["cancelled"]]
        middle = standings[(len(standings) - 1) // 2]
        side = 0 if r["winner"] == [0, 2] else 1
        comebacks += middle[side] != max(middle)
        margins.append(standings[-1][side] - standings[-1][1 - side])
    assert metrics["comebacks (winner behind at mid-match)"]["value"] == pytest.approx(comebacks / len(finished))
    assert metrics["final margin (points)"]["value"] == pytest.approx(sum(margins) / len(margins))
    slams = sum(
        max(h["tricks_won"][0] + h["tricks_won"][2], h["tricks_won"][1] + h["tricks_won"][3]) == 13 for h in played
    )
    assert metrics["all tricks to one side (per played hand)"]["value"] == pytest.approx(slams / len(played))
    for sign, word in ((1, "gains"), (-1, "loses")):
        (row,) = [n for n in metrics if n.startswith("declarers (") and n.endswith(f"{word}, per played hand")]
        moved = sum(any(ln["rule"] == "declarers" and ln["points"] * sign > 0 for ln in h["lines"]) for h in played)
        assert metrics[row]["value"] == pytest.approx(moved / len(played))
    north = [h for h in played if h["declarer"] == 0]
    assert north, "North declared some hands, and they count"


@pytest.mark.parametrize("ruleset", ["syrian-tarneeb-41", "cardems-spades"])
def test_contracts_of_declarations_are_counted_per_player_or_per_side_as_the_records_show(
    ruleset: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    common = ["--players", "random", "--matches", "6", "--seed", "2", "--hand-cap", "8", "--jobs", "1"]
    out = tmp_path / "m.jsonl"
    _run(capsys, "simulate", ruleset, *common, "--out", str(out))
    report = json.loads(_run(capsys, "compare", ruleset, *common, "--json"))
    records = [json.loads(line) for line in out.read_text().splitlines()]
    held = made = 0
    for hand in (h for r in records for h in r["hands"] if not h["cancelled"]):
        bids = [0, 0, 0, 0]
        for action in hand["actions"]:
            if action["action"] == "bid" and isinstance(action["value"], int):
                bids[action["seat"]] = action["value"]
        taken = hand["tricks_won"]
        if ruleset == "syrian-tarneeb-41":
            pairs = [(bids[s], taken[s]) for s in range(4)]
        else:
            pairs = [(bids[s] + bids[s + 2], taken[s] + taken[s + 2]) for s in (0, 1)]
        held += sum(bid > 0 for bid, _ in pairs)
        made += sum(bid > 0 and took >= bid for bid, took in pairs)
    assert held > 20
    assert report["rulesets"][0]["metrics"]["contracts made"]["value"] == pytest.approx(made / held)


def test_the_same_seed_gives_the_same_results_with_one_or_two_jobs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    base = ["--players", "heuristic", "--matches", "6", "--seed", "3", "--hand-cap", "40"]
    one = _run(capsys, "compare", "cardems-tarneeb", "tarneeb-41", *base, "--jobs", "1", "--json")
    two = _run(capsys, "compare", "cardems-tarneeb", "tarneeb-41", *base, "--jobs", "2", "--json")
    assert one == two
    first, second = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    for jobs, out in (("1", first), ("2", second)):
        simulate = ["simulate", "syrian-tarneeb-41", "--matches", "8", "--hand-cap", "15"]
        _run(capsys, *simulate, "--jobs", jobs, "--out", str(out))
    assert first.read_bytes() == second.read_bytes()


def test_compare_prints_one_table_and_writes_a_figure(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    figure = tmp_path / "compare.png"
    text = _run(
        capsys,
        "compare",
        "tarneeb-41",
        "tarneeb-41",
        "--option",
        "trump=kubba",
        "--matches",
        "5",
        "--hand-cap",
        "30",
        "--jobs",
        "2",
        "--plot",
        str(figure),
    )
    assert "tarneeb-41@2 " in text and "tarneeb-41@2:trump=kubba" in text, "options at their defaults go unsaid"
    assert "trump=kouz-moving" not in text
    for row in (
        "hands per match",
        "contracts made",
        "North-South wins",
        "first dealer's side wins",
        "lead changes per match",
        "comebacks",
        "bids (share)",
        "hands cancelled",
        "points per played hand",
    ):
        assert row in text
    assert figure.read_bytes().startswith(b"\x89PNG")
    assert text.index("Paired differences against tarneeb-41@2 (") < text.index("hands per match")
    assert "tarneeb-41@2:trump=kubba: " in text, "a verdict for the second ruleset, printed before the table"


def _stats(hands: int, winner: tuple[int, ...] | None = (0, 2)) -> MatchStats:
    return MatchStats(winner, 0, hands, 0, 0, 0, (), 10 * hands, (), 0, 0, (), 1, False)


def test_paired_differences_use_the_pairing_by_seed_and_say_when_none_shows() -> None:
    """Five seeds: B is two hands longer on every one; the matches themselves vary a lot, the difference not."""
    a = [_stats(h) for h in (5, 9, 14, 20, 31)]
    longer = {d.metric: d for d in paired(a, [_stats(h + 2) for h in (5, 9, 14, 20, 31)])}["hands per match"]
    assert (longer.mean, longer.low, longer.high, longer.pairs) == (2, 2, 2, 5) and longer.detected
    assert longer.verdict("B") == "B: matches longer (hands per match +2.00 [2.00, 2.00])"
    noisy = {d.metric: d for d in paired(a, [_stats(h) for h in (7, 8, 13, 22, 29)])}["hands per match"]
    assert not noisy.detected and noisy.mean == 0
    same = {d.metric: d for d in paired(a, a)}["matches finished"]
    assert same.verdict("B") == "B: no change in matches finished in any of the 5 matches"
    wobble = {d.metric: d for d in paired(a, [_stats(h) for h in (6, 9, 14, 20, 31)])}["hands per match"]
    assert not wobble.detected and wobble.matches_needed() == math.ceil((1.959964 * math.sqrt(0.2) / 0.2) ** 2)


def test_the_same_comparison_on_a_local_dask_cluster() -> None:
    import dask.distributed as distributed  # a test extra: a missing Dask fails loudly, never skips

    choices = [RulesetChoice("cardems-spades", None, ()), RulesetChoice("tarneeb-41", None, (("trump", "kubba"),))]
    local = compare(choices, "random", 4, 9, 10, processes=1)
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None
    ) as cluster:
        remote = compare(choices, "random", 4, 9, 10, processes=1, scheduler=cluster.scheduler_address)
    assert [c.stats for c in remote] == [c.stats for c in local]
    assert [c.metrics for c in remote] == [c.metrics for c in local]


def test_an_unreachable_scheduler_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    import dask.distributed  # noqa: F401  (a test extra: missing, it fails loudly instead of skipping)

    assert (
        main(["compare", "cardems-spades", "--matches", "1", "--hand-cap", "2", "--scheduler", "tcp://127.0.0.1:9"])
        == 2
    )
    assert "cannot reach the Dask scheduler" in capsys.readouterr().err


def test_a_game_without_contracts_or_cancelled_hands_shows_neither_and_no_undefined_rate(
    capsys: pytest.CaptureFixture[str],
) -> None:
    common = ["--players", "random", "--matches", "6", "--seed", "2", "--hand-cap", "60", "--jobs", "1", "--json"]
    report = json.loads(_run(capsys, "compare", "hearts", *common))
    metrics = report["rulesets"][0]["metrics"]
    assert "contracts made" not in metrics and "hands cancelled" not in metrics
    assert {"North wins", "East wins", "South wins", "West wins", "first dealer's seat wins"} <= set(metrics)
    for name, estimate in metrics.items():
        assert estimate["value"] == estimate["value"], f"{name} is undefined"
        if "per match" in name:
            assert estimate["low"] >= 0, f"{name}: a count's interval goes below zero"


def test_a_house_variant_is_compared_on_a_cluster_whose_workers_have_no_such_file(tmp_path: Path) -> None:
    """The job carries the merged ruleset: the file may be gone (or on another machine) when workers load it."""
    import dask.distributed as distributed

    variant = tmp_path / "t61.yaml"
    variant.write_text(
        "format: trickbook-ruleset/1\nid: t61\ntitle: T61\nextends: tarneeb-41\nmatch:\n  wins: total(side) >= 61\n",
        encoding="utf-8",
    )
    choice = RulesetChoice.of(str(variant), load_ruleset(variant))
    variant.unlink()
    load_choice.cache_clear()
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        remote = compare([choice], "random", 3, 5, 8, processes=1, scheduler=cluster.scheduler_address)
    assert remote[0].identity["id"] == "t61" and len(remote[0].stats) == 3


def test_compare_writes_one_csv_row_per_match_per_ruleset(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    table = tmp_path / "matches.csv"
    _run(
        capsys,
        "compare",
        "whist",
        "whist",
        "--option",
        "target=7",
        "--matches",
        "4",
        "--jobs",
        "1",
        "--csv",
        str(table),
    )
    rows = list(csv.DictReader(table.open(encoding="utf-8")))
    assert len(rows) == 8 and [r["seed"] for r in rows[:4]] == ["1", "2", "3", "4"]
    assert {r["ruleset"] for r in rows} == {
        "whist@1:target=5,honours=off,rubber=off",
        "whist@1:target=7,honours=off,rubber=off",
    }
    assert all(r["winner"] in ("0 2", "1 3") for r in rows), "whist matches end with a side's two seats"


def test_the_designers_measures_of_a_match_built_by_hand() -> None:
    # Two sides, higher wins: side 0 trails 5-9 and 14-20, then wins 30-20. The largest swings of the five
    # hands are 5, 9, 9, 11 and 16 points: a typical hand is 10.
    shape = match_shape([(5, 0), (5, 9), (14, 9), (14, 20), (30, 20)], party=0, lower_wins=False)
    assert shape == Shape(margin=10.0, close=True, decided_at=1.0, deficit=0.6)
    # Three players, lowest wins (as in Hearts): player 2 leads alone from the second hand on, by 2 at the end;
    # swings 13, 26 and 12: a typical hand is 17.
    shape = match_shape([(0, 13, 0), (26, 13, 0), (26, 14, 12)], party=2, lower_wins=True)
    assert shape is not None
    assert (shape.margin, shape.close, shape.deficit) == (2.0, True, 0.0)
    assert shape.decided_at == pytest.approx(2 / 3)
    # A winner 30 ahead after a typical hand of 10 did not finish close; a match without a winner has no shape.
    shape = match_shape([(10, 0), (20, 0), (30, 0)], party=0, lower_wins=False)
    assert shape == Shape(margin=30.0, close=False, decided_at=1 / 3, deficit=0.0)
    assert match_shape([(10, 0)], party=None, lower_wins=False) is None
    # A match won otherwise than by the totals (a slam that wins at once) while behind: the winner never led for
    # good, so it is decided at the very end, and its margin is below zero.
    shape = match_shape([(10, 0), (20, 0), (20, 30)], party=0, lower_wins=False)
    assert shape is not None and (shape.margin, shape.decided_at) == (-10.0, 1.0)


def test_restricted_play_gives_the_stronger_player_one_party_in_turn_and_counts_its_wins() -> None:
    tarneeb, hearts = load_ruleset("cardems-tarneeb"), load_ruleset("hearts")
    assert restricted_players(tarneeb, 3, ("heuristic", "random")) == (1, "random,heuristic,random,heuristic")
    assert restricted_players(hearts, 6, ("heuristic", "random")) == (2, "random,random,heuristic,random")
    choice = RulesetChoice("cardems-tarneeb", None, ())
    (column,) = compare([choice], "random", 6, 10, 60, 1, skill=("heuristic", "random"))
    assert len(column.restricted) == 6
    assert all(s.strong_won is None for s in column.stats), "ordinary matches have no stronger player"
    for number, stats in enumerate(column.restricted):
        strong, seats = restricted_players(tarneeb, 10 + number, ("heuristic", "random"))
        game = Game(tarneeb, 10 + number, hand_cap=60)
        play_on(game, [make_player(spec, 10 + number, s) for s, spec in enumerate(parse_player_specs(seats, 4))])
        won = None if game.winner is None else set(tarneeb.seating.sides[strong]) <= set(game.winner)
        assert stats.strong_won == won
    decided = [s.strong_won for s in column.restricted if s.strong_won is not None]
    assert column.metrics["skill: the stronger player's party wins"].value == pytest.approx(sum(decided) / len(decided))
    assert column.metrics["skill: its edge over a fair share"].value == pytest.approx(sum(decided) / len(decided) - 0.5)


def test_a_sweep_sets_one_key_to_each_value_and_checks_every_variant_like_a_file() -> None:
    sweep = parse_sweep("match.wins=total(side) >= {31, 61}")
    assert sweep.path == ("match", "wins") and sweep.values == ("31", "61")
    choices = sweep_choices("tarneeb-41", {"trump": "kubba"}, 1, sweep)
    assert [c.label for c in choices] == ["match.wins=total(side) >= 31", "match.wins=total(side) >= 61"]
    for choice, target in zip(choices, (31, 61), strict=True):
        document = json.loads(choice.document)
        assert document["match"]["wins"] == f"total(side) >= {target}"
        assert "options" not in document and "versions" not in document
        assert document["trump"]["mode"] == "fixed", "the kubba option stays applied"
        assert load_choice(choice).trump.mode.value == "fixed" and load_choice(choice).options == ()
    numbers = sweep_choices("cardems-spades", {}, None, parse_sweep("bidding.bids.min={0,1}"))
    assert [json.loads(c.document)["bidding"]["bids"]["min"] for c in numbers] == [0, 1]
    with pytest.raises(RulesetError, match="unknown key 'target'"):
        sweep_choices("tarneeb-41", {}, None, parse_sweep("match.target={31,41}"))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("match.wins=41", "one {a,b,...} list"),
        ("match.wins={41}", "at least two values"),
        ("=x{1,2}", "one {a,b,...} list"),
        ("match..wins={1,2}", "is not a key path"),
    ],
)
def test_a_sweep_that_cannot_be_read_is_refused_in_words(text: str, expected: str) -> None:
    with pytest.raises(UsageError, match=re.escape(expected)):
        parse_sweep(text)


def test_compare_sweeps_a_number_into_one_row_per_value(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    figure = tmp_path / "sweep.png"
    common = ["--matches", "3", "--players", "random", "--hand-cap", "15", "--jobs", "1"]
    sweep = "match.wins=total(side) >= {11,21}"
    report = tmp_path / "report.html"
    assert (
        main(["compare", "cardems-tarneeb", "--sweep", sweep, *common, "--plot", str(figure), "--html", str(report)])
        == 0
    )
    out = capsys.readouterr().out
    assert "match.wins swept" in out and figure.stat().st_size > 10_000
    page = report.read_text(encoding="utf-8")
    assert "match.wins=total(side) &gt;= 21: " in page, "verdicts, escaped"
    assert page.count('src="data:image/png;base64,') == 1 and "<h2>One row per value</h2>" in page
    rows = [line for line in out.splitlines() if line.startswith("│") and line.split("│")[1].strip() in ("11", "21")]
    assert len(rows) == 2
    assert main(["compare", "cardems-tarneeb", "whist", "--sweep", sweep, *common]) == 2


def test_compare_until_plays_on_until_the_interval_is_narrow_enough(capsys: pytest.CaptureFixture[str]) -> None:
    common = ["cardems-tarneeb", "tarneeb-41", "--players", "random", "--hand-cap", "12", "--jobs", "1"]
    assert main(["compare", *common, "--matches", "3", "--until", "1000", "--json"]) == 0
    captured = capsys.readouterr()
    assert captured.err.splitlines() == [line for line in captured.err.splitlines() if "until ±1000" in line]
    assert len(captured.err.splitlines()) == 1 and json.loads(captured.out)["matches"] == 3
    assert main(["compare", *common, "--matches", "2", "--until", "0.0001", "--max-matches", "7", "--json"]) == 0
    captured = capsys.readouterr()
    assert [line.split(" matches")[0] for line in captured.err.splitlines()[:3]] == ["2", "4", "7"]
    assert "stopped at --max-matches 7" in captured.err
    report = json.loads(captured.out)
    assert report["matches"] == 7 and report["seeds"] == [1, 7]
    assert main(["compare", *common, "--matches", "2", "--until", "1", "--until-metric", "drama"]) == 2
    assert "--until-metric 'drama' is not measured in this comparison; try 'contracts made'" in capsys.readouterr().err


@given(st.integers(min_value=1, max_value=100_000), st.data())
def test_a_share_lies_within_its_own_interval(trials: int, data: st.DataObject) -> None:
    successes = data.draw(st.sampled_from([0, trials, data.draw(st.integers(0, trials))]))
    estimate = proportion(successes, trials)
    assert 0.0 <= estimate.low <= estimate.value <= estimate.high <= 1.0


def test_a_comparison_where_every_match_finishes_draws_its_figure(tmp_path: Path) -> None:
    # 4 of 4 matches finished: Wilson's upper bound came out a hair below 100% and the figure failed.
    choices = [RulesetChoice("cardems-tarneeb", None, ()), RulesetChoice("tarneeb-41", None, ())]
    columns = compare(choices, "heuristic", 4, 1, 200, 1)
    assert all(c.metrics["matches finished"].value == 1.0 for c in columns)
    plot(columns, tmp_path / "figure.png")
    assert (tmp_path / "figure.png").stat().st_size > 10_000


def test_the_intervals_match_wilsons_and_students_worked_by_hand() -> None:
    # Wilson's 95% score interval (z = 1.96): 5 of 10 -> [0.2366, 0.7634]; 0 of 10 -> [0, 0.2775];
    # 9 of 10 -> [0.5958, 0.9821].
    for (successes, trials), (low, high) in {
        (5, 10): (0.2366, 0.7634),
        (0, 10): (0.0, 0.2775),
        (9, 10): (0.5958, 0.9821),
    }.items():
        estimate = proportion(successes, trials)
        assert (estimate.low, estimate.high) == pytest.approx((low, high), abs=1e-4)
    # A mean's half-width is Student's t for n - 1 degrees of freedom (tables: 2.776 at 4, 4.303 at 2, 12.706 at
    # 1) times sd / sqrt(n). 1..5: sd 1.5811, 2.776 * 1.5811 / sqrt(5) = 1.9629. 0, 0, 1: sd 0.5774,
    # 4.303 * 0.5774 / sqrt(3) = 1.4343, cut at 0 below. 1 and 3: sd 1.4142, 12.706 * 1.4142 / sqrt(2) = 12.706.
    for values, floor, expected in (
        ([1, 2, 3, 4, 5], None, (3.0, 1.0371, 4.9629)),
        ([0, 0, 1], 0, (1 / 3, 0.0, 1.7676)),
        ([1, 3], None, (2.0, -10.706, 14.706)),
    ):
        estimate = mean(values, floor)
        assert (estimate.value, estimate.low, estimate.high) == pytest.approx(expected, abs=1e-4)
    assert mean([7]) == Estimate(7, 7, 7)
    assert Estimate(0.5, 0.25, 0.755).text(percent=True) == "50.0% [25.0, 75.5]"
    assert Estimate(3.0, 1.614, 4.386).text(percent=False) == "3.00 [1.61, 4.39]"
    assert math.isnan(proportion(0, 0).value) and math.isnan(mean([]).value)


def test_lead_changes_and_comebacks_of_a_game_scored_by_players_lowest_wins(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    common = ["--players", "random", "--matches", "8", "--seed", "3", "--hand-cap", "30", "--jobs", "1"]
    out = tmp_path / "hearts.jsonl"
    _run(capsys, "simulate", "hearts", *common, "--out", str(out))
    metrics = json.loads(_run(capsys, "compare", "hearts", *common, "--json"))["rulesets"][0]["metrics"]
    records = [json.loads(line) for line in out.read_text().splitlines()]
    changes = comebacks = 0
    finished = [r for r in records if r["winner"] is not None]
    for record in records:
        standings = [h["totals"]["seats"] for h in record["hands"] if not h["cancelled"]]
        leader = None
        for totals in standings:
            best = [seat for seat, total in enumerate(totals) if total == min(totals)]
            now = best[0] if len(best) == 1 else None
            changes += now is not None and leader is not None and now != leader
            leader = now if now is not None else leader
        if record["winner"] is not None:
            middle = standings[(len(standings) - 1) // 2]
            comebacks += all(middle[seat] != min(middle) for seat in record["winner"])
    assert changes > 0 and finished
    assert metrics["lead changes per match"]["value"] == pytest.approx(changes / len(records))
    per_match = []
    for record in records:
        scored = [sum(h["score"]["seats"]) for h in record["hands"] if not h["cancelled"]]
        per_match.append(sum(scored) / len(scored))
    assert sum(per_match) > 0, "hearts taken score points"
    assert metrics["points per played hand"]["value"] == pytest.approx(sum(per_match) / len(per_match))
    assert metrics["comebacks (winner behind at mid-match)"]["value"] == pytest.approx(comebacks / len(finished))


def test_no_number_of_matches_is_named_for_a_difference_of_zero_or_one_without_spread() -> None:
    def difference(mean: float, spread: float) -> Difference:
        return Difference("hands per match", mean, mean - spread, mean + spread, 40, spread, "longer", "shorter")

    assert difference(0.0, 1.5).matches_needed() is None, "no difference at all: no size to show"
    assert difference(2.0, 0.0).matches_needed() is None, "the same difference in every match"
    assert difference(0.5, 2.0).matches_needed() == 62  # (1.96 * 2.0 / 0.5)^2 = 61.5


def test_a_ruleset_without_bids_shows_no_empty_bids_row(capsys: pytest.CaptureFixture[str]) -> None:
    """Klaverjassen names trump without bidding: its table leaves out the share of each bid rather than show an
    empty row; Tarneeb's keeps it (the test above)."""
    text = _run(
        capsys, "compare", "klaverjassen", "--players", "random", "--matches", "2", "--hand-cap", "2", "--jobs", "1"
    )
    assert "hands per match" in text and "bids (share)" not in text


def test_bids_of_points_are_no_contracts_of_tricks(capsys: pytest.CaptureFixture[str]) -> None:
    """Pinochle's bids are points to make in melds and cards: counting them against tricks taken would say that
    no contract is ever made."""
    common = ["--players", "random", "--matches", "2", "--seed", "2", "--hand-cap", "30", "--jobs", "1", "--json"]
    metrics = json.loads(_run(capsys, "compare", "pinochle", *common))["rulesets"][0]["metrics"]
    assert "contracts made" not in metrics and "points per played hand" in metrics


def test_parties_renamed_by_a_variant_keep_the_first_rulesets_rows(tmp_path: Path) -> None:
    """Names are words only: a variant that renames Kout's teams wins the same matches, in the same rows (the
    first ruleset's names), where its own names would have split each into two half-empty rows. A table of
    other parties keeps its own names."""
    renamed = tmp_path / "renamed.yaml"
    renamed.write_text(
        "format: trickbook-ruleset/2\nid: renamed\ntitle: Renamed\nextends: kout\nside_names: [Us, Them]\n",
        encoding="utf-8",
    )
    choices = [RulesetChoice("kout", None, ()), RulesetChoice(str(renamed), None, ())]
    kout, variant = compare(choices, "random", 4, 1, 30, 1)
    for row in ("First team wins", "Second team wins"):
        assert variant.metrics[row] == kout.metrics[row]
    assert not any(row.startswith(("Us ", "Them ")) for row in variant.metrics)
    _whist, hearts = compare(
        [RulesetChoice("whist", None, ()), RulesetChoice("hearts", None, ())], "random", 2, 1, 60, 1
    )
    assert "North wins" in hearts.metrics and "North-South wins" not in hearts.metrics
