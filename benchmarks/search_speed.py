"""Time of one `mcts` decision by each path its playouts can take: all together in numpy arrays
(`players.batch`), each imagined world alone choosing from its state (`playout.play_out_hand`), and each world
alone with a view built for every card (the reference the others are checked against).

    python benchmarks/search_speed.py [--ruleset tarneeb-41] [--playouts 1000] [--positions 5]

Every path decides at the first card with a choice in the same hands with the same seeds, in turn, and all must
choose the same card: the paths change the time of a decision, never the decision. The decision's time is also
given in yardstick hands: hands of random play by the hand-written Tarneeb 41 program (`handwritten/tarneeb41.py`),
timed between the decisions of the same run (issue 32's goal: a 1,000-playout decision in at most 1,000 of them),
and so is the engine alone playing as many hands out with the first legal action: the floor of playouts made
through it. Needs numpy (`pip install '.[fast]'`).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from contextlib import ExitStack
from unittest import mock

from handwritten import random_playouts, tarneeb41
from trickbook import Game, load_ruleset
from trickbook.engine.history import HandResult
from trickbook.players import batch
from trickbook.players.mcts import MonteCarloPlayer
from trickbook.players.playout import SharedAims
from trickbook.players.policy import policy


def plain_play_out_hand(world: Game, hand: int | None = None, shared: SharedAims | None = None) -> HandResult:
    """The rest of the hand by the quick policy, from a view built for every decision (and no aims shared)."""
    if hand is None:
        hand = world.hands_finished
    while world.hands_finished == hand and not world.is_over():
        seat = world.actor
        assert seat is not None
        world.apply(policy(world.view(seat)))
    return world.finished_hand(hand)


def first_card(ruleset: str, seed: int) -> Game:
    """A game at the first card of its first hand that has a choice (Hearts' first lead is forced), everything
    before it played by the quick policy."""
    game = Game(load_ruleset(ruleset), seed)
    while game.phase != "play" or len(game.legal_actions()) == 1:
        seat = game.actor
        assert seat is not None
        game.apply(policy(game.view(seat)))
    return game


PATHS = ("arrays", "one world at a time", "plain")
"""The ways a decision's playouts can go: all ready worlds together in numpy arrays (`players.batch`), each
world alone choosing from its state (`search.play_out_hand`), and each world alone from a view per card."""


def decide(game: Game, playouts: int, seed: int, path: str) -> tuple[int, float]:
    """One decision at `game`'s position by the playouts of `path`: the action chosen and the seconds it took."""
    seat = game.actor
    assert seat is not None
    view = game.view(seat)
    with ExitStack() as paths:
        if path != "arrays":
            paths.enter_context(mock.patch.object(batch, "ready", lambda world: False))
        if path == "plain":
            paths.enter_context(mock.patch.object(batch, "play_out_hand", plain_play_out_hand))
        started = time.perf_counter()
        action = MonteCarloPlayer(random.Random(seed), playouts, None).choose(view)
        return action, time.perf_counter() - started


def yardstick_seconds(seed: int, matches: int = 20, hand_cap: int = 10) -> float:
    """Seconds a hand of random play takes the hand-written Tarneeb 41 program, over `matches` matches."""
    hands, seconds, _scores = random_playouts(tarneeb41.play_match, range(seed * 1000, seed * 1000 + matches), hand_cap)
    return seconds / hands


def engine_alone(game: Game, playouts: int) -> float:
    """Seconds the engine takes to play the rest of `game`'s hand `playouts` times with the first legal action at
    every turn: what the playouts would cost if choosing a move and imagining a world were free."""
    hand = game.hands_finished
    started = time.perf_counter()
    for _ in range(playouts):
        world = game.clone()
        while world.hands_finished == hand and not world.is_over():
            world.apply(world.legal_actions()[0])
    return time.perf_counter() - started


def compare(ruleset: str, playouts: int, positions: int) -> tuple[dict[str, float], float, float]:
    """Median seconds per decision by each path of `PATHS` on the same positions, interleaved; the median
    seconds of the engine alone playing as many hands out; and the median seconds of a yardstick hand, timed
    between them."""
    times: dict[str, list[float]] = {path: [] for path in PATHS}
    alone: list[float] = []
    yardstick: list[float] = []
    for seed in range(1, positions + 1):
        yardstick.append(yardstick_seconds(seed))
        game = first_card(ruleset, seed)
        chosen = set()
        for path in PATHS:
            action, seconds = decide(game, playouts, seed, path)
            times[path].append(seconds)
            chosen.add(action)
        alone.append(engine_alone(game, playouts))
        if len(chosen) > 1:
            raise SystemExit(f"{ruleset}, seed {seed}: the paths chose different cards: {sorted(chosen)}")
    yardstick.append(yardstick_seconds(positions + 1))
    medians = {path: statistics.median(seconds) for path, seconds in times.items()}
    return medians, statistics.median(alone), statistics.median(yardstick)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", default="tarneeb-41")
    parser.add_argument("--playouts", type=int, default=1000)
    parser.add_argument("--positions", type=int, default=5)
    args = parser.parse_args()
    if not batch.available():
        raise SystemExit("numpy is not installed: pip install '.[fast]' to time the playouts in arrays")
    medians, alone, yardstick = compare(args.ruleset, args.playouts, args.positions)
    fast = medians["arrays"]
    print(
        f"mcts:playouts={args.playouts} at the first card of {args.ruleset}, the same card chosen by every path "
        "at every position:"
    )
    for path, seconds in medians.items():
        hands = seconds / yardstick
        print(f"  {path:<22} {seconds:.3f} s a decision = {hands:,.0f} yardstick hands ({seconds / fast:.2f}x)")
    print(
        f"the engine alone, playing the first legal action, {alone:.3f} s for as many hands "
        f"= {alone / yardstick:,.0f} yardstick hands: the floor of any playout that goes through Game.apply"
    )


if __name__ == "__main__":
    main()
