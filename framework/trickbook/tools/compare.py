"""Side-by-side comparison of rulesets: the same matches (seeds, players) under each, summed up with 95% intervals."""

from __future__ import annotations

import csv
import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from ..engine.game import Game
from ..errors import Said, Say, Term, UsageError, _, said
from ..players import make_player, parse_player_specs
from ..ruleset.rules import BiddingKind, Rules
from .caveats import caveats
from .paired import SKILL_METRICS, Difference, paired
from .parallel import MatchJob, RulesetChoice, load_choice, players_of, run_ordered
from .simulate import play_on
from .stats import Estimate, MatchStats, match_stats, mean, parties, party_names, proportion
from .sweep import Sweep


def play_for_stats(job: MatchJob) -> MatchStats:
    """Plays one match of a comparison and keeps only its statistics (runs in worker processes)."""
    rules = load_choice(job.ruleset)
    players = [make_player(spec, job.seed, seat) for seat, spec in enumerate(players_of(job, rules.seats))]
    game = Game(rules, job.seed, hand_cap=job.hand_cap)
    play_on(game, players)
    return match_stats(game, job.strong)


def parse_skill(text: str) -> tuple[str, str]:
    """`STRONG/WEAK`, two players such as `heuristic/random`, each checked like `--players`."""
    strong, slash, weak = text.partition("/")
    if not slash or not strong or not weak or "," in text:
        raise UsageError(f"restricted play takes STRONG/WEAK, two players such as heuristic/random, not {text!r}")
    parse_player_specs(f"{strong},{weak}", 2)
    return strong, weak


def restricted_players(rules: Rules, seed: int, skill: tuple[str, str]) -> tuple[int, str]:
    """Restricted play: the stronger player holds one party (taken in turn by seed), the weaker every other
    seat. Returns that party and the players, one per seat."""
    groups = parties(rules)
    strong = seed % len(groups)
    return strong, ",".join(skill[0] if seat in groups[strong] else skill[1] for seat in range(rules.seats))


@dataclass(frozen=True, slots=True)
class Column:
    """One ruleset's summary: labelled estimates, then the bid and special-event tables."""

    label: str
    identity: dict[str, Any]
    metrics: dict[str, Estimate]
    percent: frozenset[str]
    frequencies: frozenset[str]
    """The rows of scoring rules and trick events (how often each applies)."""
    bids: dict[str, float]
    stats: tuple[MatchStats, ...]
    restricted: tuple[MatchStats, ...] = ()
    """The matches of restricted play (a stronger player against weaker ones), when asked for."""
    caveats: tuple[Said, ...] = ()
    """Signs that these matches measure the players more than the rules (see `tools.caveats`)."""
    names: dict[str, Said] = field(default_factory=dict)
    """The measures whose English name is built from the ruleset's own words, as sentences other languages say
    (`report_rows`); every other measure's name is a catalogue text as it stands."""


def compare(
    choices: Sequence[RulesetChoice],
    players: str,
    matches: int,
    seed: int,
    hand_cap: int,
    processes: int,
    scheduler: str | None = None,
    progress: Callable[[int], None] | None = None,
    skill: tuple[str, str] | None = None,
    before: Sequence[Column] = (),
) -> list[Column]:
    """Plays `matches` matches (seeds `seed`..) under every ruleset and summarises each; with `skill` (a stronger
    and a weaker player), as many matches again of restricted play on the same seeds. `before`: the columns of
    the earlier seeds of the same comparison, which the new matches add to."""
    jobs = [
        MatchJob(index, choice, seed + number, players, hand_cap)
        for index, choice in enumerate(choices)
        for number in range(matches)
    ]
    if skill is not None:
        for index, choice in enumerate(choices):
            for number in range(matches):
                strong, seats = restricted_players(load_choice(choice), seed + number, skill)
                jobs.append(MatchJob(index, choice, seed + number, seats, hand_cap, strong=strong))
    results = list(run_ordered(play_for_stats, jobs, processes, scheduler, progress))
    columns = []
    extra = len(choices) * matches
    loaded = [load_choice(choice) for choice in choices]
    first = loaded[0]
    for index, (choice, rules) in enumerate(zip(choices, loaded, strict=True)):
        column = results[index * matches : (index + 1) * matches]
        restricted = results[extra + index * matches : extra + (index + 1) * matches] if skill else []
        if before:
            column = [*before[index].stats, *column]
            restricted = [*before[index].restricted, *restricted]
        # Parties the first ruleset also has are called by its names, so that renaming them splits no row.
        names = party_names(first) if parties(first) == parties(rules) else None
        summary = summarise(choice.label or _label(rules), rules, column, restricted, names)
        columns.append(replace(summary, caveats=caveats(rules, column, hand_cap)))
    return columns


def widest(columns: Sequence[Column], metric: str) -> float | None:
    """The half-width of the widest 95% interval that matters for `metric`: of each paired difference against the
    first ruleset, or of the one ruleset's own estimate; None while there is none yet."""
    if len(columns) == 1:
        estimate = columns[0].metrics.get(metric)
        return None if estimate is None or not estimate.known else (estimate.high - estimate.low) / 2
    widths = [
        (d.high - d.low) / 2 for _column, found in paired_differences(columns) for d in found if d.metric == metric
    ]
    return max(widths) if widths else None


def paired_differences(columns: Sequence[Column]) -> list[tuple[Column, list[Difference]]]:
    """Each ruleset after the first against the first, seed by seed: the main matches, then restricted play."""
    first = columns[0]
    return [
        (column, paired(first.stats, column.stats) + paired(first.restricted, column.restricted, SKILL_METRICS))
        for column in columns[1:]
    ]


def _label(rules: Rules) -> str:
    """A column's name: the ruleset, its version and the options set away from their defaults (the others go
    without saying, and a label of every option is too long to read; the CSV keeps them all, `spec`)."""
    defaults = {option.name: option.default for option in rules.table_options}
    options = ",".join(f"{k}={v}" for k, v in rules.options if defaults.get(k) != v)
    return f"{rules.id}@{rules.version}" + (f":{options}" if options else "")


def spec(identity: dict[str, Any]) -> str:
    """A ruleset with its version and every option in force, as `--ruleset`-like text: what a CSV row names."""
    options = ",".join(f"{k}={v}" for k, v in identity["options"].items())
    return f"{identity['id']}@{identity['version']}" + (f":{options}" if options else "")


def summarise(
    label: str,
    rules: Rules,
    stats: Sequence[MatchStats],
    restricted: Sequence[MatchStats] = (),
    names: Sequence[str] | None = None,
) -> Column:
    """The estimates of one ruleset's column from its matches' statistics; `names`, what to call its parties
    (default: their own names).

    Rates of things that cannot happen under these rules (contracts where nobody
    bids, cancelled hands where nothing cancels) are left out rather than shown as
    undefined; counts and lengths never get an interval below zero.
    """
    finished = [s for s in stats if s.winner is not None]
    hands = sum(s.hands for s in stats)
    played = [s.hands - s.cancelled for s in stats]
    bid_counts: Counter[str] = Counter()
    for s in stats:
        bid_counts.update(dict(s.bids))
    bids_total = sum(bid_counts.values())
    seating = rules.seating
    groups = parties(rules)
    names = names or party_names(rules)
    whose = "side" if rules.match.by == "side" else "seat"
    counts: dict[str, Estimate] = {
        _("matches finished"): proportion(len(finished), len(stats)),
        _("hands per match"): mean([s.hands for s in stats], 0),
        _("played hands per match"): mean(played, 0),
        _("hands cancelled"): proportion(sum(s.cancelled for s in stats), hands),
        _("contracts made"): proportion(sum(s.made for s in stats), sum(s.contracts for s in stats)),
        _("points per played hand"): mean([s.points / p for s, p in zip(stats, played, strict=True) if p]),
    }
    spoken: dict[str, Said] = {}
    for name, members in zip(names, groups, strict=True):
        counts[f"{name} wins"] = proportion(sum(set(members) <= set(s.winner or ()) for s in finished), len(finished))
        spoken[f"{name} wins"] = said("{party} wins", party=Term(name))
    first_dealer_wins = sum(set(_party_of(groups, s.first_dealer)) <= set(s.winner or ()) for s in finished)
    dealers = _("first dealer's side wins") if whose == "side" else _("first dealer's seat wins")
    counts[dealers] = proportion(first_dealer_wins, len(finished))
    shapes = [s.shape for s in finished if s.shape is not None]
    counts[_("final margin (points)")] = mean([shape.margin for shape in shapes])
    counts[_("close finishes (margin within a typical hand)")] = proportion(sum(x.close for x in shapes), len(shapes))
    counts[_("decided at (share of the match)")] = mean([shape.decided_at for shape in shapes], 0)
    counts[_("winner's largest deficit (typical hands)")] = mean([shape.deficit for shape in shapes], 0)
    decided = [s for s in restricted if s.strong_won is not None]
    if restricted:
        counts[SKILL_WINS] = proportion(sum(bool(s.strong_won) for s in decided), len(decided))
        counts[SKILL_EDGE] = mean([float(bool(s.strong_won)) - 1 / s.parties for s in decided])
    counts[_("lead changes per match")] = mean([s.lead_changes for s in stats], 0)
    counts[_("comebacks (winner behind at mid-match)")] = proportion(sum(s.comeback for s in finished), len(finished))
    one = (
        _("all tricks to one side (per played hand)")
        if seating.has_sides
        else _("all tricks to one player (per played hand)")
    )
    counts[one] = proportion(sum(s.all_tricks for s in stats), sum(played))
    if rules.bidding.present:
        counts[_("automatic bids (per hand)")] = proportion(sum(s.automatic for s in stats), hands)
    auction = rules.bidding.kind is BiddingKind.AUCTION
    can_cancel = rules.bidding.cancel_if is not None or (auction and rules.bidding.all_pass == "cancel")
    if not can_cancel:
        counts.pop("hands cancelled")
    metrics = {name: value for name, value in counts.items() if value.known}
    percent = {name for name in metrics if name not in NOT_SHARES}
    lines: dict[str, list[int]] = {}
    for s in stats:
        for rule, plus, minus in s.lines:
            tally = lines.setdefault(rule, [0, 0])
            tally[0] += plus
            tally[1] += minus
    about = {rule.name: rule.description for rule in rules.scoring.rules}
    frequencies: set[str] = set()
    for rule, (plus, minus) in sorted(lines.items()):
        words = words_for(rule, about.get(rule, ""))
        if plus:
            name = f"{words} gains, per played hand"
            metrics[name] = proportion(plus, sum(played))
            frequencies.add(name)
            spoken[name] = said("{rule} gains, per played hand", rule=Term(rule))
        if minus:
            name = f"{words} loses, per played hand"
            metrics[name] = proportion(minus, sum(played))
            frequencies.add(name)
            spoken[name] = said("{rule} loses, per played hand", rule=Term(rule))
    events: Counter[str] = Counter()
    for s in stats:
        events.update(dict(s.events))
    for event in rules.events:
        name = f"{words_for(event.name, event.description)} happens, per played hand"
        estimate = proportion(events[event.name], sum(played))
        if estimate.known:
            metrics[name] = estimate
            frequencies.add(name)
            spoken[name] = said("{event} happens, per played hand", event=Term(event.name))
    bids = {bid: count / bids_total for bid, count in sorted(bid_counts.items(), key=_bid_order)} if bids_total else {}
    shares = frozenset(percent | frequencies)
    column_stats = tuple(stats)
    named = {name: words for name, words in spoken.items() if name in metrics}
    return Column(
        label,
        rules.identity(),
        metrics,
        shares,
        frozenset(frequencies),
        bids,
        column_stats,
        tuple(restricted),
        names=named,
    )


def words_for(name: str, description: str, most: int = 60) -> str:
    """A scoring rule or trick event as a reader knows it: its name in words, then its description's first
    clause in brackets (`made contract (a made bid scores the tricks taken)`), cut at a word within `most`."""
    named = name.replace("_", " ")
    clause = re.split(r"(?<=[.;:])\s|,\s(?=only|if|unless|when)", " ".join(description.split()), maxsplit=1)[0]
    clause = clause.rstrip(".;:")
    if len(clause) > most:
        clause = clause[:most].rsplit(" ", 1)[0]
        if clause.count("(") > clause.count(")"):
            clause = clause[: clause.rfind("(")].rstrip()
        clause += "…"
    return f"{named} ({clause})" if clause else named


SKILL_WINS = _("skill: the stronger player's party wins")
SKILL_EDGE = _("skill: its edge over a fair share")

NOT_SHARES = frozenset(
    {
        "hands per match",
        "played hands per match",
        "points per played hand",
        "lead changes per match",
        "final margin (points)",
        "decided at (share of the match)",
        "winner's largest deficit (typical hands)",
    }
)
"""The measures that are amounts, not shares of matches or hands (shown without a percent sign)."""


def _party_of(groups: tuple[tuple[int, ...], ...], seat: int) -> tuple[int, ...]:
    return next(members for members in groups if seat in members)


def _bid_order(item: tuple[str, int]) -> tuple[int, str]:
    bid = item[0]
    return (int(bid), "") if bid.isdigit() else (10_000, bid)


def report_rows(columns: Sequence[Column], say: Say | None = None) -> list[tuple[str, list[str]]]:
    """The comparison table as people read it: each measure with every ruleset's estimate and interval, then
    the share of each bid; the same rows on the terminal and in the browser. Measures are named in English,
    or in the language `say` speaks."""
    names = list(dict.fromkeys(name for column in columns for name in column.metrics))
    rows = []
    for name in names:
        cells = []
        for column in columns:
            estimate = column.metrics.get(name)
            cells.append("" if estimate is None else estimate.text(percent=name in column.percent))
        words = next((column.names[name] for column in columns if name in column.names), Said(name))
        rows.append((name if say is None else say(words), cells))
    bids = [", ".join(f"{b} {100 * v:.0f}%" for b, v in c.bids.items() if v >= 0.01) for c in columns]
    if any(bids):  # rulesets without bids leave the row out rather than show it empty
        rows.append((_("bids (share)") if say is None else say(Said(_("bids (share)"))), bids))
    return rows


SWEEP_METRICS = {
    "hands per match": "hands",
    "points per played hand": "points a hand",
    "contracts made": "contracts made",
    "close finishes (margin within a typical hand)": "close finishes",
    "decided at (share of the match)": "decided at",
    "winner's largest deficit (typical hands)": "winner's deficit",
    "lead changes per match": "lead changes",
    "comebacks (winner behind at mid-match)": "comebacks",
    SKILL_EDGE: "skill edge",
}
"""The designer's measures a sweep shows per value, where the ruleset has them, with their short headings."""


def sweep_rows(columns: Sequence[Column], sweep: Sweep) -> tuple[list[str], list[list[str]]]:
    """A sweep as one row per value: the value, then each designer's measure with its interval."""
    names = [name for name in SWEEP_METRICS if any(name in column.metrics for column in columns)]
    rows = []
    for value, column in zip(sweep.values, columns, strict=True):
        cells = [column.metrics[n].text(n in column.percent) if n in column.metrics else "" for n in names]
        rows.append([value, *cells])
    return [sweep.label("…"), *(SWEEP_METRICS[n] for n in names)], rows


def as_json(columns: Sequence[Column], players: str, matches: int, seed: int) -> dict[str, Any]:
    return {
        "players": players,
        "matches": matches,
        "seeds": [seed, seed + matches - 1],
        "rulesets": [
            {
                "label": c.label,
                "ruleset": c.identity,
                "metrics": {name: {"value": e.value, "low": e.low, "high": e.high} for name, e in c.metrics.items()},
                "bids": c.bids,
                "caveats": [str(caveat) for caveat in c.caveats],
            }
            for c in columns
        ],
    }


CSV_COLUMNS = (
    "ruleset",
    "seed",
    "winner",
    "first_dealer",
    "hands",
    "cancelled",
    "contracts",
    "made",
    "points",
    "lead_changes",
    "comeback",
    "all_tricks",
    "automatic_bids",
)
"""The columns of `compare --csv`: one row per match per ruleset."""


def write_csv(columns: Sequence[Column], seed: int, path: Path) -> None:
    """One row per match per ruleset (match i has seed `seed + i`); the winner as seats joined by spaces."""
    with open(path, "w", encoding="utf-8", newline="") as handle:
        out = csv.writer(handle)
        out.writerow(CSV_COLUMNS)
        for column in columns:
            for index, s in enumerate(column.stats):
                winner = " ".join(str(seat) for seat in s.winner) if s.winner is not None else ""
                out.writerow(
                    [
                        spec(column.identity),
                        seed + index,
                        winner,
                        s.first_dealer,
                        s.hands,
                        s.cancelled,
                        s.contracts,
                        s.made,
                        s.points,
                        s.lead_changes,
                        int(s.comeback),
                        s.all_tricks,
                        s.automatic,
                    ]
                )


def caveat_lines(columns: Sequence[Column], say: Say = str) -> list[str]:
    """Every column's caveats, each named by its ruleset: what to read before the differences (in English, or in
    the language `say` speaks)."""
    return [f"{column.label}: {say(caveat)}" for column in columns for caveat in column.caveats]
