"""Semantic checks beyond the schema: rules that can never apply, never end, or do nothing.

`trickbook validate` runs these on every rules version and option
combination. Errors make a ruleset unplayable as written (a match end no total
can satisfy, hands that are always thrown in); warnings point at things that
are probably mistakes (a definition nobody uses, an option whose values give
the same rules).
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from typing import Any

from .. import limits, resources
from ..engine.scoring import match_winner, score_hand
from ..errors import InputError, Location, Mark, Said, _, said
from ..expr.facts import Facts
from ..expr.site import Site
from ..expr.syntax import Aggregate, Binary, Call, If, Name, Node, Unary, parse
from ..resources import bundled_ruleset_ids, rulesets_dir
from ..ruleset.builder import split_definition
from ..ruleset.loader import RulesetSource, leaf_keys
from ..ruleset.rules import BiddingKind, Rules, TrumpMode
from ..ruleset.yamlsource import Document, KeyPath, format_path
from .scenario import Scenario, scenario_facts


@dataclass(frozen=True, slots=True)
class Finding:
    level: str
    """'error' or 'warning'."""
    where: Location
    path: str
    said: Said
    """What is wrong, a sentence the workbench says in the page's language."""

    @property
    def message(self) -> str:
        """What is wrong, in English."""
        return str(self.said)

    def render(self, gettext: Callable[[str], str] = str) -> str:
        """`level: file:line:col: key.path: what is wrong`, what is wrong in `gettext`'s language."""
        return f"{self.level}: {self.where}: {self.path}: {self.said.in_language(gettext)}"

    def __str__(self) -> str:
        return self.render()


def lint(source: RulesetSource) -> list[Finding]:
    """Every finding for every rules version and option combination, each reported once."""
    findings: dict[tuple[str, str], Finding] = {}
    used: set[str] = set()
    source.resolve()  # the default rules first: an error there is the ruleset's, under any version and options
    for version, options in source.combinations():
        try:
            rules, document = source.resolve_with_document(options=options, version=version)
        except InputError as exc:
            raise _in_combination(source, exc, version, options) from None
        used |= _names_read(document)
        for finding in _check(source, rules):
            findings.setdefault((finding.path, finding.message), finding)
    for finding in _unused_names(source, used):
        findings.setdefault((finding.path, finding.message), finding)
    for finding in (*_same_options(source), *_bundled_id(source), *_options_behind_the_file(source)):
        findings.setdefault((finding.path, finding.message), finding)
    return sorted(findings.values(), key=lambda f: (f.level != "error", f.where.line, f.path))


def _in_combination(source: RulesetSource, exc: InputError, version: int, options: dict[str, str]) -> InputError:
    """The same error, saying under which rules version and option values it arises."""
    chosen = ", ".join(
        f"{name}={value}" for name, value in options.items() if source.option_defaults.get(name) != value
    )
    problem = exc.sentences.get("problem", exc.problem)
    under = (
        said(
            "{problem} (under rules version {version} with {options})", problem=problem, version=version, options=chosen
        )
        if chosen
        else said("{problem} (under rules version {version})", problem=problem, version=version)
    )
    kept = {key: exc.sentences.get(key, getattr(exc, key)) for key in ("expected", "found", "hint")}
    return type(exc)(under, where=exc.where, path=exc.path, excerpt=exc.excerpt, **kept)


def _check(source: RulesetSource, rules: Rules) -> Iterator[Finding]:
    yield from _idle_counters(source, rules)
    yield from _trump_map(source, rules)
    yield from _never_applies(source, rules)
    yield from _always_cancelled(source, rules)
    yield from _unreachable_end(source, rules)


def _finding(source: RulesetSource, level: str, path: KeyPath, message: Said) -> Finding:
    return Finding(level, source.document.locate(path), format_path(path), message)


_EXPRESSION = "#/$defs/expression"


def _expression_paths(data: dict[str, Any]) -> Iterator[KeyPath]:
    """Every key path of the ruleset that holds an expression, wherever the schema says one may stand, so a new
    key that takes an expression is read without being listed here. The schema marks none inside worked
    examples, options or versions (their changes are merge patches), so none is read there."""
    schema = resources.schema("ruleset")
    yield from _expressions_in(data, schema, schema, ())


def _expressions_in(data: Any, node: dict[str, Any], schema: dict[str, Any], path: KeyPath) -> Iterator[KeyPath]:
    """The key paths under `path` whose value the schema node `node` (or a shape it allows) marks an expression."""
    shapes = [node, *node.get("oneOf", []), *node.get("anyOf", [])]
    if not isinstance(data, (dict, list)) and any(shape.get("$ref") == _EXPRESSION for shape in shapes):
        yield path
        return
    while "$ref" in node and node["$ref"] != _EXPRESSION:
        node = schema["$defs"][node["$ref"].split("/")[-1]]
    if isinstance(data, list) and isinstance(node.get("items"), dict):
        for index, item in enumerate(data):
            yield from _expressions_in(item, node["items"], schema, (*path, index))
    elif isinstance(data, dict):
        properties = node.get("properties", {})
        extra = node.get("additionalProperties")
        for key, value in data.items():
            child = properties.get(key, extra if isinstance(extra, dict) else None)
            if child is not None:
                yield from _expressions_in(value, child, schema, (*path, key))


def _names(node: Node) -> Iterator[str]:
    stack = [node]
    while stack:
        current = stack.pop()
        match current:
            case Name():
                yield current.id
            case Call():
                yield current.function
                stack.extend(current.args)
            case Aggregate():
                stack.extend((current.domain, current.body))
            case Unary():
                stack.append(current.operand)
            case Binary():
                stack.extend((current.left, current.right))
            case If():
                stack.extend((current.condition, current.then, current.otherwise))


def _unused_names(source: RulesetSource, used: set[str]) -> Iterator[Finding]:
    """Definitions and events that no expression of any version and option combination reads (`used`)."""
    data = source.document.data
    for key in data.get("definitions", {}):  # in any order: `lint` sorts its findings by place
        name = split_definition(key)[0]
        if name not in used:
            yield _finding(
                source, "warning", ("definitions", key), said("the definition {name} is never used", name=repr(name))
            )
    for name in sorted(set(data.get("events", {})) - used):
        yield _finding(
            source,
            "warning",
            ("events", name),
            said("the event {name} is counted but no expression reads it", name=repr(name)),
        )


def _names_read(document: Document) -> set[str]:
    """Every name the expressions of a resolved document read, following definitions that are read."""
    data = document.data
    reads: dict[KeyPath, set[str]] = {}
    for path in _expression_paths(data):
        value: Any = data
        for key in path:
            value = value[key]
        text = str(value).lower() if isinstance(value, bool) else str(value)
        site = Site(text, document.marks.get(path) or Mark(document.file, 1, 1), format_path(path))
        reads[path] = set(_names(parse(site)))
    keys = {split_definition(key)[0]: key for key in data.get("definitions", {})}
    definitions = set(keys)
    roots = {n for path, names in reads.items() if path[0] != "definitions" for n in names}
    used = set(roots)
    frontier = roots & definitions
    while frontier:
        name = frontier.pop()
        for inner in reads[("definitions", keys[name])]:
            if inner not in used:
                used.add(inner)
                if inner in definitions:
                    frontier.add(inner)
    return used


def _idle_counters(source: RulesetSource, rules: Rules) -> Iterator[Finding]:
    for counter in rules.counters:
        if counter.add.is_constant and counter.add.constant == 0:
            yield _finding(
                source,
                "warning",
                ("counters", counter.name, "add"),
                said("the counter {name} never changes: it adds 0", name=repr(counter.name)),
            )


def _trump_map(source: RulesetSource, rules: Rules) -> Iterator[Finding]:
    if rules.trump.mode is not TrumpMode.EXPOSED:
        return
    mapping = rules.trump.mapping
    missing = sorted(set(range(len(mapping))) - set(mapping))
    if missing:
        suits = ", ".join(rules.deck.suits[s].code for s in missing)
        yield _finding(
            source,
            "warning",
            ("trump", "map"),
            said("trump.map is not a permutation: {suits} can never be trump", suits=suits),
        )


def _never_applies(source: RulesetSource, rules: Rules) -> Iterator[Finding]:
    for rule in rules.scoring.rules:
        if rule.when is not None and rule.when.is_constant and not rule.when.constant:
            yield _finding(
                source,
                "warning",
                ("scoring", "rules", rule.name, "when"),
                said("the rule {name} never applies", name=repr(rule.name)),
            )


def scenarios(rules: Rules, count: int = 400) -> Iterator[Scenario]:
    """A spread of hand outcomes: every bid or contract of the declaring seats (an even spread of them, lowest
    first, when there are more than `count`), every trick count, events on and off (tests/test_lint_reach.py)."""
    draw = random.Random(0)
    bidding = rules.bidding
    values: list[int | str] = [*range(bidding.min, bidding.max + 1), *(n.name for n in bidding.named)]
    events = [e.name for e in rules.events]
    size = rules.tricks_in_hand(rules.hand_size)
    seats = rules.seats
    for index in range(count):
        tricks = [0] * seats
        first = index % (size + 1)
        tricks[index % seats] = first
        for _trick in range(size - first):
            tricks[draw.choice([s for s in range(seats) if s != index % seats])] += 1  # two seats at the least
        event = {e: [draw.randint(0, 1) for _seat in range(seats)] for e in events}
        common: dict[str, object] = {"tricks": tricks, "events": event}
        if rules.play.draw is not None:
            common["tricks_after_stock"] = _late_split(tricks, rules.hand_size, draw)
        if rules.reads_cards or rules.reads_deal:
            took, dealt = _cards(rules, tricks, draw)
            common.update(took=took, dealt=dealt, first_trick=draw.randrange(seats), last_trick=draw.randrange(seats))
        if bidding.kind is BiddingKind.CALLS:
            codes = rules.actions.bid_codes
            contract = codes[1 + index * (len(codes) - 1) // count]
            doubled = index % 3 if rules.actions.doubles else 0
            yield Scenario(declarer=draw.randrange(seats), contract=contract, doubled=doubled, **common)  # type: ignore[arg-type]
        elif bidding.kind is BiddingKind.AUCTION:
            declarer = draw.randrange(seats)
            bids: list[int | str | None] = [None] * seats
            bids[declarer] = values[index * len(values) // count]
            yield Scenario(bids=bids, declarer=declarer, **common)  # type: ignore[arg-type]
        elif bidding.kind is BiddingKind.DECLARATIONS:
            yield Scenario(bids=[draw.choice(values) for _seat in range(seats)], **common)  # type: ignore[arg-type]
        else:
            yield Scenario(**common)  # type: ignore[arg-type]


def _late_split(tricks: list[int], size: int, draw: random.Random) -> list[int]:
    """Which of each seat's tricks came once the stock was empty: `size` of them in all, each seat's share at
    most its tricks."""
    late = [0] * len(tricks)
    for _trick in range(size):
        seat = draw.choice([s for s, count in enumerate(tricks) if late[s] < count])
        late[seat] += 1
    return late


def _cards(rules: Rules, tricks: list[int], draw: random.Random) -> tuple[list[list[str]], list[list[str]]]:
    """Cards each seat might have taken with these tricks (a trick's worth per trick), and a deal."""
    codes = list(rules.deck.codes)
    draw.shuffle(codes)
    seats = rules.seats
    took = []
    start = 0
    for count in tricks:
        took.append(codes[start : start + count * seats])
        start += count * seats
    draw.shuffle(codes)
    size = rules.hand_size
    return took, [codes[seat * size : (seat + 1) * size] for seat in range(seats)]


def _always_cancelled(source: RulesetSource, rules: Rules) -> Iterator[Finding]:
    cancel = rules.bidding.cancel_if
    if cancel is None:
        return
    if all(cancel(scenario_facts(rules, s)) for s in scenarios(rules, 200)):
        yield _finding(
            source,
            "error",
            ("bidding", "cancel_if"),
            said("this condition holds for every bid tried: every hand would be thrown in"),
        )


@dataclass(frozen=True, slots=True)
class Reach:
    """How far `validate` looks for a way to end the match (docs/validate.md): the totals, counter values and
    hand numbers it tries, each range including both ends."""

    lowest_total: int = -1000
    highest_total: int = 5000
    lowest_counter: int = -100
    highest_counter: int = 100
    last_hand: int = limits.DEFAULT_HAND_CAP
    """The last hand number tried, the default hand cap; every one up to it is (a spread once refused seven)."""


REACH = Reach()

PROBE_PARTS = 50
"""Parts of the match end's expressions that each total tried may cost in full: an expression costing more is
tried on every n-th total only, so that `validate` stays quick however much work its expressions do."""

Position = tuple[int, tuple[int, ...]]
"""A hand number and the totals of each scorer after it (sides, or seats where the game is scored by seat)."""


def positions(scorers: int, reach: Reach = REACH, step: int = 1) -> Iterator[Position]:
    """Where a match end is looked for: after each hand between the first and the last, the totals spread
    around 0 (so a match of so many hands is found at once); then after the first hand and after the last,
    spread around each total in reach, from 0 up and then from -1 down (every `step`-th total only). A match end
    that needs a total far from 0 and a hand number in between is not found."""
    for hand in range(2, reach.last_hand):
        yield from ((hand, spread) for spread in spreads(0, scorers, reach))
    totals = (*range(0, reach.highest_total + 1), *range(-1, reach.lowest_total - 1, -1))[::step]
    for hand in dict.fromkeys((1, reach.last_hand)):
        yield from ((hand, spread) for total in totals for spread in spreads(total, scorers, reach))


def spreads(total: int, scorers: int, reach: Reach = REACH) -> Iterator[tuple[int, ...]]:
    """Everyone at `total`; then each scorer at `total` and all the others at 0, at 1, one point below or one
    above it, leaving out totals out of reach."""
    yield (total,) * scorers
    for others in (0, 1, total - 1, total + 1):
        if reach.lowest_total <= others <= reach.highest_total:
            for who in range(scorers):
                yield tuple(total if scorer == who else others for scorer in range(scorers))


def counter_probes(starts: list[list[int]], reach: Reach = REACH) -> Iterator[list[list[int]]]:
    """Every counter's table with one side's or seat's value from the lowest in reach to the highest (0 first)
    and every other value at its start."""
    values = (*range(0, reach.highest_counter + 1), *range(-1, reach.lowest_counter - 1, -1))
    for index, row in enumerate(starts):
        for value in values:
            for who in range(len(row)):
                probe = [value if i == who else start for i, start in enumerate(row)]
                yield [probe if i == index else list(other) for i, other in enumerate(starts)]


def thinning(work: int) -> int:
    """Every how many totals a match end costing `work` parts a check is tried on (1: every total)."""
    return max(1, work // PROBE_PARTS)


def _unreachable_end(source: RulesetSource, rules: Rules) -> Iterator[Finding]:
    """An error when no position tried ends the match, or when the scoring can never move the totals to any
    position that does."""
    match = rules.match
    facts = _match_facts(rules)
    scorers = rules.seats if rules.personal else len(rules.seating.sides)
    checks = [c for c in (match.wins, match.loses, match.ends) if c is not None]
    step = thinning(sum(c.work for c in checks))
    hand_read = any(c.uses & {"hand_number", "hands_played"} for c in checks)  # else every hand is the first
    probed = positions(scorers, REACH if hand_read else replace(REACH, last_hand=1), step)
    found = next((p for p in probed if _ends(rules, facts, p)), None)
    if found is None and not _ends_by_counter(rules, facts, scorers):
        key = "wins" if match.wins is not None else "ends"
        counters = (
            said(", nor with a counter from {least} to {most}", least=REACH.lowest_counter, most=REACH.highest_counter)
            if rules.counters
            else ""
        )
        never = said(
            _NEVER_WON[match.by == "side"],
            low=REACH.lowest_total,
            high=REACH.highest_total,
            hands=REACH.last_hand,
            counters=counters,
        )
        yield _finding(source, "error", ("match", key), never)
        return
    if found is None or not any(found[1]):
        return  # a counter's value or a number of hands ends it: no total need move
    rising = falling = False

    def reachable(totals: tuple[int, ...]) -> bool:
        return (min(totals) >= 0 or falling) and (max(totals) <= 0 or rising)

    for gain in _gains(rules):  # scored until they show a way to `found`, else all of them
        rising, falling = rising or gain > 0, falling or gain < 0
        if reachable(found[1]):
            return
    # No position before `found` ends the match: the search for one the scoring reaches goes on after it.
    if any(reachable(t) and _ends(rules, facts, (hand, t)) for hand, t in probed):
        return
    stuck = said(_STUCK[rising, rules.seating.has_sides and not rules.personal])
    yield _finding(source, "error", ("scoring", "rules"), stuck)


_NEVER_WON = {
    True: _(
        "this never holds for a side total from {low} to {high} after the first or the last hand, nor with totals "
        "around 0 after any number of hands up to {hands}{counters}: the match cannot be won"
    ),
    False: _(
        "this never holds for a seat total from {low} to {high} after the first or the last hand, nor with totals "
        "around 0 after any number of hands up to {hands}{counters}: the match cannot be won"
    ),
}
"""Why no match end is reached, where totals are kept by side (True) or by seat (False)."""

_STUCK = {
    (False, True): _("no hand tried gives a side any points, so totals can never rise towards the match end"),
    (False, False): _("no hand tried gives a player any points, so totals can never rise towards the match end"),
    (True, True): _("no hand tried takes points from a side, so totals can never fall towards the match end"),
    (True, False): _("no hand tried takes points from a player, so totals can never fall towards the match end"),
}
"""Why totals cannot move towards the match end: by whether any hand gains points, and whether sides score."""


def _gains(rules: Rules) -> Iterator[int]:
    """The points each side and seat gets in each of the hand outcomes `scenarios` tries, one at a time."""
    for scenario in scenarios(rules):
        score = score_hand(rules, scenario_facts(rules, scenario))
        yield from score.sides
        yield from score.seats


def _ends_by_counter(rules: Rules, facts: Facts, scorers: int) -> bool:
    """True when one counter's value for one side or seat (games won...) gives the match a winner on its own,
    after the first hand with every total at 0."""
    start = facts.counters
    try:
        for probe in counter_probes([list(row) for row in start]):
            facts.counters = probe
            if _ends(rules, facts, (1, (0,) * scorers)):
                return True
    finally:
        facts.counters = start
    return False


def _match_facts(rules: Rules) -> Facts:
    """Facts for probing the match end, with each counter at its start."""
    facts = Facts.blank(rules.seating, rules.deck, rules.hand_size)
    seating = rules.seating
    facts.counters = [[c.start] * (len(seating.sides) if c.per == "side" else seating.seats) for c in rules.counters]
    return facts


def _ends(rules: Rules, facts: Facts, position: Position) -> bool:
    """True when the match has a winner at this position: the scorers' totals as the engine keeps them (a
    game scored by sides keeps no seat totals; one scored by seats adds them up for each side)."""
    hand, totals = position
    seating = rules.seating
    facts.hand_number = hand
    facts.hands_played = hand
    if not rules.personal:
        facts.totals_side = list(totals)
        facts.totals_seat = [0] * seating.seats
    else:
        facts.totals_seat = list(totals)
        facts.totals_side = [sum(totals[s] for s in members) for members in seating.sides]
    return match_winner(rules, facts) is not None


def _bundled_id(source: RulesetSource) -> Iterator[Finding]:
    """Warns when a file takes the id of a bundled ruleset: a record naming that id and this file's path would be
    read under this file, not under the bundled rules the id stands for everywhere else."""
    if not source.bundled and source.id in bundled_ruleset_ids() and not _copy_of_bundled(source):
        yield _finding(
            source,
            "warning",
            ("id",),
            said(
                "{id} is the id of a bundled ruleset: records of this file would be taken for it; give the file an "
                "id of its own",
                id=repr(source.id),
            ),
        )


def _copy_of_bundled(source: RulesetSource) -> bool:
    """True when the file is the bundled ruleset itself, word for word (a checkout's `rulesets/` folder)."""
    written = source.document.lines.get(source.document.file, ())
    bundled = (rulesets_dir() / f"{source.id}.yaml").read_text(encoding="utf-8").splitlines()
    return list(written) == bundled


def _same_options(source: RulesetSource) -> Iterator[Finding]:
    """Warns about option values that give exactly the same rules as another value of the same option."""
    declared = source.document.data.get("options", {})
    for name, spec in declared.items():
        values = list(spec["values"])
        for first, second in itertools.combinations(values, 2):
            if spec["values"][first]["changes"] == spec["values"][second]["changes"]:
                yield _finding(
                    source,
                    "warning",
                    ("options", name, "values", second),
                    said(
                        "the values {first} and {second} of option {name} give the same rules",
                        first=repr(first),
                        second=repr(second),
                        name=repr(name),
                    ),
                )


def _options_behind_the_file(source: RulesetSource) -> Iterator[Finding]:
    """Warns where a variant's own file sets a rule that an option sets under some of its values but not under
    its default: there the file's value holds, so a table shown with the option's default (`target=100`) plays by
    the file's value instead (`target: 50`)."""
    own = sorted(source.changes)
    for name, spec in source.document.data.get("options", {}).items():
        if any(path == f"options.{name}" or path.startswith(f"options.{name}.") for path in own):
            continue  # the file says what the option does itself
        default = spec["default"]
        sets = {
            value: [format_path(k) for k in leaf_keys(choice["changes"])] for value, choice in spec["values"].items()
        }
        warned: set[str] = set()  # the rules warned about: a rule the option sets whole, once for all its keys
        for mine in own:
            setters = [value for value, paths in sets.items() if any(_overlap(path, mine) for path in paths)]
            if not setters or default in setters:
                continue
            parent = mine.rpartition(".")[0]
            siblings = {path for paths in sets.values() for path in paths if path.rpartition(".")[0] == parent}
            rule = parent if parent and len(siblings) > 1 else mine  # the option writes the whole rule
            if rule in warned:
                continue
            warned.add(rule)
            yield _finding(
                source,
                "warning",
                tuple(mine.split(".")),
                said(
                    "this file sets {rule}, which the option {name} sets under its value {value} but leaves alone "
                    "under its default {default}: a table shown as {table} plays by this file's {rule}; give the "
                    "option a value that says so and make it the default, or leave {rule} to the option",
                    rule=rule,
                    name=repr(name),
                    value=repr(setters[0]),
                    default=repr(default),
                    table=f"{name}={default}",
                ),
            )


def _overlap(first: str, second: str) -> bool:
    """True when two key paths name the same rule or one holds the other (`match` and `match.wins`)."""
    return first == second or first.startswith(f"{second}.") or second.startswith(f"{first}.")
