"""A ruleset may name its seats and sides (`seat_names`, `side_names`): names only, shown everywhere, changing no
rule, record or digest."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from rich.console import Console

from trickbook import Game, load_ruleset
from trickbook.errors import RulesetError
from trickbook.players import make_player, parse_player_specs
from trickbook.record.writer import match_record
from trickbook.session.terminal import TerminalMatch

HEAD = "format: trickbook-ruleset/2\nid: named\ntitle: Named\ndescription: A table with names.\n"


def written(folder: Path, text: str) -> Path:
    folder.mkdir(exist_ok=True)
    path = folder / "named.yaml"
    path.write_text(HEAD + text, encoding="utf-8")
    return path


def refusal(folder: Path, text: str) -> str:
    with pytest.raises(RulesetError) as refused:
        load_ruleset(written(folder, text))
    return str(refused.value)


def test_kout_names_its_players_and_teams_in_english_and_arabic() -> None:
    rules = load_ruleset("kout")
    assert rules.seating.seat_names == tuple(f"Player {n}" for n in range(1, 7))
    assert rules.seating.side_names == ("First team", "Second team")
    assert [rules.word("ar", name) for name in rules.seating.side_names] == ["الفريق الأول", "الفريق الثاني"]
    assert rules.word("ar", "Player 6") == "اللاعب ٦"
    assert rules.seating.seat_label(0) == "Player 1 (0)", "a named seat keeps its number beside it"
    assert load_ruleset("oh-hell", options={"players": "5"}).seating.seat_label(4) == "Seat 4"


def test_names_change_no_digest_and_no_record(tmp_path: Path) -> None:
    plain = load_ruleset(written(tmp_path / "plain", "extends: kout\n"))
    named = load_ruleset(written(tmp_path, "extends: kout\nseat_names: [A, B, C, D, E, F]\nside_names: [Us, Them]\n"))
    assert named.digest == plain.digest
    seed = 11
    ours, theirs = Game(plain, seed, hand_cap=2), Game(named, seed, hand_cap=2)
    while not ours.is_over():
        action = ours.legal_actions()[0]
        ours.apply(action)
        theirs.apply(action)
    assert theirs.history == ours.history and theirs.winner == ours.winner
    assert match_record(theirs)["hands"] == match_record(ours)["hands"]


def test_a_match_won_by_a_named_side_says_its_name(tmp_path: Path) -> None:
    rules = load_ruleset(written(tmp_path, "extends: whist\nside_names: [Home, Away]\n"))
    game = Game(rules, 3)
    while not game.is_over():
        game.apply(game.legal_actions()[0])
    assert game.end_reason in ("Home won", "Away won")


def test_the_terminal_calls_the_seats_by_their_names(tmp_path: Path) -> None:
    game = Game(load_ruleset("kout"), 2)
    specs = [None, *parse_player_specs("random", 5)]
    bots = [None if spec is None else make_player(spec, 2, seat) for seat, spec in enumerate(specs)]
    out = io.StringIO()
    TerminalMatch(game, 0, specs, bots, Console(file=out, width=300), io.StringIO("quit\n"), tmp_path / "m.json").run()
    told = out.getvalue()
    assert "you play Player 1" in told and "Seat " not in told


def test_one_name_for_each_seat(tmp_path: Path) -> None:
    said = refusal(tmp_path, "extends: whist\nseat_names: [N, E, S]\n")
    assert "named.yaml:6:13" in said and "3 names" in said and "one name for each of the 4 seats" in said


def test_one_name_for_each_side(tmp_path: Path) -> None:
    said = refusal(tmp_path, "extends: kout\nside_names: [One, Two, Three]\n")
    assert "named.yaml:6:13" in said and "3 names" in said and "one name for each of the 2 sides" in said


def test_no_side_names_where_everyone_plays_alone(tmp_path: Path) -> None:
    said = refusal(tmp_path, "extends: hearts\nside_names: [One, Two]\n")
    assert "everyone plays for themselves" in said and "leave `side_names` out" in said


def test_a_side_is_not_called_as_a_seat_is(tmp_path: Path) -> None:
    said = refusal(tmp_path, "extends: whist\nseat_names: [N, E, S, W]\nside_names: [NS, W]\n")
    assert "side_names[1]" in said and "'W' is also a seat's name" in said


def test_names_are_distinct_and_not_empty(tmp_path: Path) -> None:
    assert "seat_names" in refusal(tmp_path, "extends: whist\nseat_names: [N, N, S, W]\n")
    assert "seat_names" in refusal(tmp_path, "extends: whist\nseat_names: [N, '', S, W]\n")


def test_a_name_is_on_one_line(tmp_path: Path) -> None:
    """A name is shown in a line of the terminal, a row of the score sheet and a seat's box: no line breaks."""
    said = refusal(tmp_path, 'extends: whist\nseat_names: [N, E, "So\\nuth", W]\n')
    assert "seat_names[2]" in said and "on one line" in said and "'So\\nuth'" in said


def test_the_usual_names_are_the_programs_in_every_language_and_a_rulesets_own_words_win(tmp_path: Path) -> None:
    """North or Seat 4, and a side of them, are the program's names: its catalogue says them in Arabic for any
    ruleset, a variant of another size included; a ruleset's words may still say them its own way."""
    five = load_ruleset("oh-hell", options={"players": "5"})
    assert [five.word("ar", name) for name in five.seating.seat_names] == [f"المقعد {n}" for n in range(5)]
    six = load_ruleset(written(tmp_path, "extends: kout\nseat_names: null\nside_names: null\n"))
    assert six.seating.side_names[0] == "Seat 0-Seat 2-Seat 4"
    assert six.word("ar", "Seat 0-Seat 2-Seat 4") == "المقعد 0 والمقعد 2 والمقعد 4"
    assert six.word("en", "Seat 0-Seat 2-Seat 4") == "Seat 0-Seat 2-Seat 4"
    whist = load_ruleset("whist")
    assert (whist.word("ar", "North-South"), whist.word("ar", "West")) == ("الشمال والجنوب", "الغرب")
    arabic = "translations:\n  ar:\n    title: كوت\n"  # translating itself, it inherits Kout's words
    named = load_ruleset(written(tmp_path, f"extends: kout\nside_names: null\n{arabic}"))
    assert named.word("ar", "Player 1-Player 3-Player 5") == "اللاعب ١ واللاعب ٣ واللاعب ٥", "its own seat words"
    mine = tmp_path / "mine"
    own = "extends: whist\ntranslations:\n  ar:\n    title: ويست\n    words:\n      North: شمالنا\n"
    assert load_ruleset(written(mine, own)).word("ar", "North") == "شمالنا"
