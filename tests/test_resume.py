"""Save and resume: a match interrupted after any action and resumed from its record continues identically."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from helpers import CONFIGURATIONS, config_id, rules
from trickbook import Game
from trickbook.errors import Location, RecordError
from trickbook.players import make_player, parse_player_specs
from trickbook.record.writer import dumps, match_record
from trickbook.tools.simulate import play_match, play_on, resume_match

CAP = 6
SPECS = parse_player_specs("random")
"""Random players for a table of four."""
HERE = Location("saved.json", 1, 1)


@pytest.mark.parametrize("config", CONFIGURATIONS, ids=config_id)
@given(seed=st.integers(0, 2**31), cut=st.integers(0, 6 * 60))
def test_a_match_resumed_from_its_record_after_any_action_continues_identically(
    config: tuple, seed: int, cut: int
) -> None:
    ruleset = rules(*config)
    specs = parse_player_specs("random", ruleset.seats)
    whole = dumps(match_record(play_match(ruleset, seed, specs, CAP)))
    players = [make_player(spec, seed, seat) for seat, spec in enumerate(specs)]
    game = Game(ruleset, seed, hand_cap=CAP)
    play_on(game, players, actions=cut)
    saved = json.loads(json.dumps(match_record(game)))
    resumed, resumed_players = resume_match(saved, specs, HERE)
    assert resumed.state_key() == game.state_key()
    play_on(resumed, resumed_players)
    assert dumps(match_record(resumed)) == whole


def test_resuming_with_other_players_than_the_record_was_played_by_is_refused() -> None:
    ruleset = rules("cardems-spades")
    players = [make_player(spec, 4, seat) for seat, spec in enumerate(SPECS)]
    game = Game(ruleset, 4, hand_cap=CAP)
    play_on(game, players, actions=30)
    saved = match_record(game)
    saved["seed"] = 5
    saved["deals"] = "given"  # the cards stay those recorded; the players draw from seed 5 and choose otherwise
    with pytest.raises(RecordError, match="the match was not played by these players"):
        resume_match(saved, SPECS, HERE)
