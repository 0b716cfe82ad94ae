"""`trickbook play` driven through a pipe: a whole hand, an illegal choice refused with its rule, nothing lost."""

from __future__ import annotations

import io
import itertools
import json
import os
import random
import re
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

from rich.console import Console

from helpers import act, played_until, rules
from trickbook import Game, load_ruleset
from trickbook.cli import main
from trickbook.players import PlayerSpec, make_player, parse_player_specs
from trickbook.session.terminal import TerminalMatch, help_text

SEED = 4
RULESET = "cardems-tarneeb"
PLAY = [sys.executable, "-m", "trickbook.cli", "play"]


def _script() -> tuple[list[str], list[str], str]:
    """The lines a person types to play hand 1 choosing option 1, plus one illegal card where suit must be followed.

    Replays the same match the command will play (same seed, same bots), so it knows where the person holds
    the led suit and another suit, and which card to try there.
    """
    ruleset = rules(RULESET)
    bots = [make_player(spec, SEED, seat) for seat, spec in enumerate(parse_player_specs("random"))]
    game = Game(ruleset, SEED)
    lines: list[str] = []
    illegal = ""
    expected_moves: list[str] = []
    while game.hands_finished == 0:
        seat = game.turn
        if seat == 0:
            view = game.view(0)
            if not illegal and view.trick:
                led = ruleset.deck.suit_of[view.trick[0]]
                off = [c for c in view.hand if ruleset.deck.suit_of[c] != led]
                if off and len(view.legal) < len(view.hand):
                    illegal = ruleset.deck.codes[off[0]]
                    lines.append(illegal)
            if view.phase == "play":  # the menu lists cards as the hand is shown: [1] is the first of them
                action = view.in_suits(view.legal)[0][0]
                lines.append("1")
            else:
                action = view.legal[0]
                lines.append(ruleset.actions.text(action))
        else:
            action = bots[seat].choose(game.view(seat))
        expected_moves.append(ruleset.actions.text(action))
        game.apply(action)
    return lines, expected_moves, illegal


def test_play_a_whole_hand_through_a_pipe_with_an_illegal_choice_refused(tmp_path: Path) -> None:
    lines, expected, illegal = _script()
    assert illegal, "the scripted hand offers a chance to break the follow-suit rule"
    save = tmp_path / "match.json"
    done = subprocess.run(
        [
            *PLAY,
            RULESET,
            "--seed",
            str(SEED),
            "--opponents",
            "random",
            "--save",
            str(save),
        ],
        input="\n".join([*lines, "quit"]) + "\n",
        capture_output=True,
        text=True,
        encoding="utf-8",
    )
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "Not allowed: you must follow" in out and "(rule: follow suit)" in out
    assert "Your hand:" in out and "Your choices: [1]" in out and "After hand 1" in out
    record = json.loads(save.read_text(encoding="utf-8"))
    assert record["status"] == "in-progress" and record["players"] == ["human", "random", "random", "random"]
    played = [
        a.get("card") or (f"{a['action']} {a.get('value', a.get('suit'))}" if a["action"] != "pass" else "pass")
        for a in record["hands"][0]["actions"]
    ]
    assert played == expected, "every move was kept, the refused one excepted"
    assert main(["replay", str(save)]) == 0


def test_the_end_of_the_input_saves_the_match_so_far(tmp_path: Path) -> None:
    save = tmp_path / "early.json"
    done = subprocess.run(
        [sys.executable, "-m", "trickbook.cli", "play", "tarneeb-41", "--seat", "2", "--save", str(save)],
        input="bid 13\n",
        capture_output=True,
        text=True,
        encoding="utf-8",
    )
    assert done.returncode == 0
    assert "(end of input)" in done.stdout and f"Match saved in {save}" in done.stdout
    assert main(["replay", str(save)]) == 0
    players = json.loads(save.read_text(encoding="utf-8"))["players"]
    assert players == ["heuristic", "heuristic", "human", "heuristic"], "the bots are heuristic unless told"


def test_typed_cards_are_understood_in_several_forms_and_nonsense_is_refused(tmp_path: Path) -> None:
    save = tmp_path / "forms.json"
    done = subprocess.run(
        [sys.executable, "-m", "trickbook.cli", "play", "cardems-spades", "--seed", "3", "--save", str(save)],
        input="bid 0\nbanana\nbid 3\nquit\n",
        capture_output=True,
        text=True,
        encoding="utf-8",
    )
    assert "Not allowed:" in done.stdout
    assert "Not understood: 'banana' is not an action: type a bid such as 'bid 1' or 'nil' (" in done.stdout, (
        "the forms of the bidding only: there is no pass and no card to play yet"
    )
    record = json.loads(save.read_text(encoding="utf-8"))
    bids = [a for a in record["hands"][0]["actions"] if a["seat"] == 0]
    assert bids == [{"seat": 0, "action": "bid", "value": 3}]


def test_a_match_quit_and_resumed_goes_on_as_if_never_interrupted(tmp_path: Path) -> None:
    def play(*extra: str, lines: list[str]) -> subprocess.CompletedProcess[str]:
        command = [sys.executable, "-m", "trickbook.cli", "play", "tarneeb-41", "--seed", "6", *extra]
        return subprocess.run(command, input="\n".join(lines) + "\n", capture_output=True, text=True, encoding="utf-8")

    first, second = ["pass", "1", "1", "1", "1", "1"], ["1"] * 9
    whole = tmp_path / "whole.json"
    play("--save", str(whole), lines=[*first, *second, "quit"])
    parts = tmp_path / "parts.json"
    play("--save", str(parts), lines=[*first, "quit"])
    resumed = play("--resume", str(parts), lines=[*second, "quit"])
    assert resumed.returncode == 0, resumed.stderr
    assert json.loads(parts.read_text(encoding="utf-8")) == json.loads(whole.read_text(encoding="utf-8"))


def test_a_hearts_hand_at_the_terminal_never_shows_another_seats_passed_cards(tmp_path: Path) -> None:
    """The person passes three cards and plays on; the bots' passes are announced without their cards."""
    save = tmp_path / "hearts.json"
    done = subprocess.run(
        [sys.executable, "-m", "trickbook.cli", "play", "hearts", "--seed", "4", "--save", str(save)],
        input="\n".join(["1"] * 40 + ["quit"]) + "\n",
        capture_output=True,
        text=True,
        encoding="utf-8",
    )
    assert done.returncode == 0, done.stderr
    record = json.loads(save.read_text(encoding="utf-8"))
    passes = {a["seat"]: a["cards"] for a in record["hands"][0]["actions"] if a["action"] == "pass_cards"}
    assert set(passes) == {0, 1, 2, 3}
    deck = rules("hearts").deck
    shown = done.stdout
    announced = [shown.count(f"{name} has set 3 cards aside to pass") for name in ("East", "South", "West")]
    assert announced[0] >= 1 and len(set(announced)) == 1, "each bot's pass is announced once a hand, unseen"
    for card in (1, 2, 3):
        assert f"pass 3 cards to East: card {card} of 3" in shown, "the person is told where the cards go"
    gave = next(line for line in shown.splitlines() if line.startswith("You pass "))
    assert gave.endswith(" to East") and all(deck.label(deck.parse_card(c)) in gave for c in passes[0])
    hand = next(line for line in shown.splitlines() if line.startswith("Your hand: "))
    given = gave.removeprefix("You pass ").removesuffix(" to East").split()
    assert [hand.index(label) for label in given] == sorted(hand.index(label) for label in given), "as the hand shows"
    got = next(line for line in shown.splitlines() if line.startswith("West passes you "))
    assert all(deck.label(deck.parse_card(c)) in got for c in passes[3])
    for seat in (1, 2):
        for card in passes[seat]:
            assert f"give {deck.label(deck.parse_card(card))}" not in shown.replace("[", " ").split("Your choices")[0]


def _session(tmp_path: Path, *arguments: str, lines: list[str], name: str = "m.json") -> tuple[str, Path]:
    """Runs `trickbook play` with the lines typed, saving to `name`; returns what it printed and the save."""
    save = tmp_path / name
    done = subprocess.run(
        [*PLAY, *arguments, "--save", str(save)],
        input="\n".join(lines) + "\n",
        capture_output=True,
        text=True,
        encoding="utf-8",
    )
    assert done.returncode == 0, done.stderr
    return done.stdout, save


def test_a_number_in_the_bidding_is_that_bid_and_trump_is_named_as_people_say_it(tmp_path: Path) -> None:
    """Seed 1: the person (North) is first to be able to bid 13, which wins the auction at once."""
    out, save = _session(tmp_path, "cardems-tarneeb", "--seed", "1", "--opponents", "random", lines=["13", "hearts"])
    first_choices = next(line for line in out.splitlines() if line.startswith("Your choices:"))
    assert "[1]" not in first_choices and "13" in first_choices, "bids are listed without menu numbers"
    mine = [a for a in json.loads(save.read_text(encoding="utf-8"))["hands"][0]["actions"] if a["seat"] == 0]
    assert mine[:2] == [{"seat": 0, "action": "bid", "value": 13}, {"seat": 0, "action": "trump", "suit": "H"}]
    assert "North (you) names trump: ♥ hearts" in out


def test_help_score_last_and_undo_at_the_terminal(tmp_path: Path) -> None:
    spades = ["cardems-spades", "--seed", "3", "--opponents", "random"]
    out, undone = _session(
        tmp_path, *spades, lines=["help", "score", "bid 3", "1", "last", "undo", "2", "quit"], name="undone.json"
    )
    assert "Type what you do as people say it" in out
    assert "Totals before the first hand: North-South 0, East-West 0" in out
    assert "Undone: back to before your" in out
    lines = out.splitlines()
    first_trick = next(line for line in lines if line.startswith("trick 1:"))
    assert lines.count(first_trick) == 2, "the trick as it ended, then again for 'last'"
    _, straight = _session(tmp_path, *spades, lines=["bid 3", "2", "quit"], name="straight.json")
    assert json.loads(undone.read_text(encoding="utf-8")) == json.loads(straight.read_text(encoding="utf-8"))


def test_resume_needs_only_the_file_and_keeps_the_seat_bots_and_options(tmp_path: Path) -> None:
    arguments = ["tarneeb-41", "--option", "trump=kubba", "--seat", "2", "--opponents", "random"]
    out, save = _session(tmp_path, *arguments, lines=["quit"])
    assert f"`trickbook play --resume {save}` continues it." in out
    done = subprocess.run(
        [*PLAY, "--resume", str(save)], input="quit\n", capture_output=True, text=True, encoding="utf-8"
    )
    assert done.returncode == 0, done.stderr
    assert "you play South" in done.stdout and "Resumed at hand 1" in done.stdout
    record = json.loads(save.read_text(encoding="utf-8"))
    assert record["players"] == ["random", "random", "human", "random"]
    assert record["ruleset"]["options"] == {"trump": "kubba"}


def test_a_whole_match_with_forced_moves_made_ends_with_the_result_and_an_offer_to_play_again(
    tmp_path: Path,
) -> None:
    out, save = _session(
        tmp_path,
        "call-break",
        "--option",
        "hands=3",
        "--opponents",
        "random",
        "--autoplay",
        lines=["1"] * 60 + ["n"],
    )
    assert "(your only choice)" in out and "Hand 3 · " in out
    assert re.search(r"Match over: .*: you (win|lose)\.", out)
    assert out.rstrip().endswith("Play another match? (y/n)")
    assert json.loads(save.read_text(encoding="utf-8"))["status"] == "finished"


def test_another_match_is_asked_until_the_answer_is_yes_or_no_in_either_language(tmp_path: Path) -> None:
    """A card typed after the match is over is not taken for "no": the question comes again, saying what it
    takes; an Arabic player may answer in Arabic."""

    def one_hand(lines: list[str], *more: str, name: str) -> str:
        """What a hand of Call Break against random bots printed, the person typing `lines` (more than it takes)."""
        arguments = ("call-break", "--hand-cap", "1", "--opponents", "random", "--autoplay", *more)
        return _session(tmp_path, *arguments, lines=["1"] * 13 + lines, name=name)[0]

    out = one_hand(["n"], name="n.json")
    assert "Answer y (yes) or n (no), not 1." in out
    assert out.count("Play another match? (y/n)") == out.count("Answer y (yes) or n (no)") + 1
    assert out.rstrip().endswith("Play another match? (y/n)")  # "n" ended it
    out = one_hand(["score", "last", "quit"], name="q.json")
    end = out[out.index("Play another match? (y/n)") :].split("Answer y (yes) or n (no), not 1.")[-1]  # the cards' end
    assert "Totals after one hand: " in end and "trick 13:" in end and "Answer y" not in end, "the commands still work"
    out = one_hand(["x", "لا"], "--lang", "ar", name="ar.json")
    assert "أجب بـ y (نعم) أو n (لا)، لا بـ x." in out
    assert out.count("مباراة أخرى؟") == out.count("أجب بـ y (نعم)") + 1
    assert out.rstrip().endswith("مباراة أخرى؟ (y/n أو نعم/لا)")  # "لا" ended it


def test_each_hand_opens_with_its_number_its_dealer_and_why_trump_is_what_it_is(tmp_path: Path) -> None:
    out, _ = _session(tmp_path, "syrian-tarneeb-41", "--seed", "2", lines=["quit"])
    assert "Hand 1 · East deals" in out
    assert "10♦ is shown, and a shown ♦ makes ♥ hearts trump" in out
    out, _ = _session(tmp_path, "cardems-spades", "--seed", "2", lines=["quit"], name="s.json")
    assert "♠ spades are trump in every hand" in out


def test_score_shows_the_players_totals_where_the_rules_score_players(tmp_path: Path) -> None:
    out, _ = _session(tmp_path, "syrian-tarneeb-41", "--seed", "2", lines=["score", "quit"])
    assert "Totals before the first hand: North-South 0, East-West 0; players: North 0, East 0, South 0, West 0" in out


def test_ctrl_c_saves_the_match_so_far_and_bytes_that_are_not_utf8_are_not_understood(tmp_path: Path) -> None:
    class Interrupted(io.StringIO):
        """A keyboard whose person presses Ctrl-C at the first prompt."""

        def readline(self, size: int | None = -1) -> str:
            raise KeyboardInterrupt

    save = tmp_path / "interrupted.json"
    ruleset = rules("cardems-spades")
    game = Game(ruleset, 3)
    specs = [None, *parse_player_specs("random", 3)]
    bots = [None if spec is None else make_player(spec, 3, seat) for seat, spec in enumerate(specs)]
    out = io.StringIO()
    match = TerminalMatch(game, 0, specs, bots, Console(file=out), Interrupted(), save, resume_hint="(resume)")
    assert match.run() is False
    assert "(interrupted) Match saved in" in out.getvalue()
    assert main(["replay", str(save)]) == 0
    done = subprocess.run(
        [*PLAY, "cardems-spades", "--save", str(tmp_path / "u.json")],
        input=b"\xff\xfe\nquit\n",
        capture_output=True,
        env={**os.environ, "LANG": "C.UTF-8"},
    )
    assert done.returncode == 0 and b"Not understood" in done.stdout


def test_markup_and_odd_digits_typed_or_in_a_title_are_shown_as_text(tmp_path: Path) -> None:
    variant = tmp_path / "markup.yaml"
    variant.write_text(
        'format: trickbook-ruleset/1\nid: markup\ntitle: "Tarneeb [/] [bold]"\nextends: cardems-spades\n',
        encoding="utf-8",
    )
    out, _ = _session(tmp_path, str(variant), "--opponents", "random", lines=["[/]", "²", "9" * 5000, "quit"])
    assert "Tarneeb [/] [bold]: you play North" in out
    assert "Not understood: '[/]' is not an action" in out and "Not understood: '²' is not an action" in out
    assert "Not understood: '" + "9" * 40 + "…' is not" in out


def test_the_hand_shown_at_the_terminal_has_every_card_before_and_after_trump(tmp_path: Path) -> None:
    """Skat's jacks join trump only once a game is named; the hand shown must hold all ten cards either way."""
    done = subprocess.run(
        [*PLAY, "skat-simple", "--seat", "0", "--seed", "5", "--save", str(tmp_path / "s.json")],
        input=b"grand\n",
        capture_output=True,
        env={**os.environ, "LANG": "C.UTF-8"},
    )
    shown = [line for line in done.stdout.decode().splitlines() if line.startswith("Your hand:")]
    counts = [len(line.removeprefix("Your hand:").split()) for line in shown]
    assert counts[:2] == [10, 12], "ten cards before the game is named, twelve once the skat is picked up"


def test_a_declined_lone_hand_is_told_as_such_at_the_terminal(tmp_path: Path) -> None:
    """Euchre, seed 29: North passes, East takes up spades and declines to play alone (the bots are seeded)."""
    out, _ = _session(tmp_path, "euchre", "--seed", "29", lines=["pass", "quit"])
    assert "East names trump: ♠ spades" in out
    told = out.split("East names trump")[1].split("Your hand")[0]
    assert "East: does not play alone" in told and ": pass" not in told


def test_at_skat_a_listener_who_bids_the_same_value_is_told_as_holding_it(tmp_path: Path) -> None:
    save = str(tmp_path / "skat.json")
    done = subprocess.run(
        [sys.executable, "-m", "trickbook.cli", "play", "skat", "--seat", "1", "--seed", "7", "--save", save],
        input="bid 18\nquit\n",
        capture_output=True,
        text=True,
        encoding="utf-8",
    )
    assert "Seat 2: bid 18" in done.stdout and "Seat 1 (you): holds 18" in done.stdout, done.stdout


def test_a_long_list_of_bids_is_shown_by_its_first_and_last_values(tmp_path: Path) -> None:
    save = str(tmp_path / "skat.json")
    done = subprocess.run(
        [sys.executable, "-m", "trickbook.cli", "play", "skat", "--seed", "11", "--save", save],
        input="quit\n",
        capture_output=True,
        text=True,
        encoding="utf-8",
    )
    assert "Your choices: pass, bid 18, bid 20, " in done.stdout, done.stdout
    assert "bid 44, ..., bid 240, bid 264\n" in done.stdout, "sixty-three values: the first and the last"


def test_a_bots_trump_is_told_once(tmp_path: Path) -> None:
    """The terminal said a bot's trump twice ("South: trump ♥ (hearts)", then "South names trump: ♥ hearts")."""
    told: list[str] = []
    for seed in ("3", "4", "5"):
        out, _ = _session(tmp_path, "cardems-tarneeb", "--seed", seed, "--hand-cap", "1", lines=["pass"])
        told += [line for line in out.splitlines() if ": trump " in line or "names trump" in line]
    assert any("names trump" in line for line in told) and not [line for line in told if ": trump " in line], told


def test_undo_after_a_bot_declarer_played_from_a_bots_dummy_replays_the_declarers_choices(tmp_path: Path) -> None:
    """The dummy's cards were chosen by the declarer: undo asks the declarer again, not the dummy, who has none."""
    shown, _ = _session(
        tmp_path, "contract-bridge", "--seat", "1", "--seed", "3", lines=["pass"] * 3 + ["1"] * 5 + ["undo", "quit"]
    )
    assert "Contract: 3NT by South" in shown and "Dummy (North)" in shown
    assert "Undone: back to before your" in shown


def test_a_rule_that_scores_each_player_is_one_row_of_the_score_table(tmp_path: Path) -> None:
    """Trex's Queens costs each player 25 a queen: the table after the hand shows one `queens` row across the
    players' columns, not one row per player. The help names the games to type, and no trump suit."""
    out, _ = _session(
        tmp_path, "trex", "--seed", "4", "--hand-cap", "1", lines=["help", "queens", "pass", *["1"] * 13, "n"]
    )
    assert "a game        king_of_hearts, queens, diamonds, ltoosh" in out and "a trump suit" not in out
    table = out[out.index("After hand 1") :]
    rows = [line for line in table.splitlines() if line.split("│")[1:2] == [" queens         "]]
    assert len(rows) == 1
    cells = [cell.strip() for cell in rows[0].split("│")[2:-1]]
    assert len(cells) == 4 and all(re.fullmatch(r"[+-]\d+", cell) for cell in cells), cells


def test_named_games_are_listed_and_told_in_the_rulesets_own_words(tmp_path: Path) -> None:
    """Trex translates its contracts: in Arabic the choices and the naming use them (شيخ الكبة, البنات)."""
    out, _ = _session(tmp_path, "trex", "--seed", "4", "--lang", "ar", lines=["2", "quit"])
    assert "[1] شيخ الكبة  [2] البنات" in out
    assert "الشمال (أنت) يختار اللعبة: البنات" in out


def test_the_melds_everyone_may_know_are_in_the_terminals_status_line(tmp_path: Path) -> None:
    """Klaverjassen's roem, counted in the tricks taken, is shown beside the tricks once the play begins."""
    out, _ = _session(tmp_path, "klaverjassen", "--seed", "4", "--opponents", "random", lines=["1"] * 12 + ["quit"])
    assert "melds: North-South " in out and ", East-West " in out.split("melds: North-South ")[1]
    assert "your melds" not in out, "melds found in tricks are nobody's own before the play"


def test_the_rest_of_a_staged_deal_is_told_as_one_line_per_seat(tmp_path: Path) -> None:
    """Belote's second stage: North, who took, is told its three cards at once, each other seat the count it
    drew face down, never the cards."""
    out, _ = _session(tmp_path, "belote", "--seed", "5", lines=["2", "quit"])
    assert "You draw 8♥ 8♣ 7♠" in out
    for seat in ("East", "West", "South"):
        assert f"{seat} draws 3 cards face down" in out
    assert "draws a card face down" not in out


def test_a_players_own_melds_from_the_hand_dealt_are_shown_by_trump_then_for_the_trump_named(tmp_path: Path) -> None:
    """Pinochle, seed 7: North holds A♠ A♠ A♥ 10♥ A♣ 10♣ Q♣ A♦ K♦ Q♦ 9♦ 9♦: aces around (100) and the king and
    queen of diamonds, a marriage (20) or, with diamonds trump, the royal marriage (40) and two dix (20)."""
    out, _ = _session(tmp_path, "pinochle", "--seed", "7", lines=["bid 250", "diamonds", "quit"])
    assert "your melds, by trump: ♠ 120 ♥ 120 ♣ 120 ♦ 160" in out
    assert "your melds: 160" in out.split("North (you) names trump")[1]


def test_a_counter_kept_across_hands_is_shown_after_each_hand_and_by_score(tmp_path: Path) -> None:
    """Spades' bags: the table after the hand has a `bags` row per side, equal to the side's overtricks (no side
    starts with any), and `score` says them too."""
    out, saved = _session(
        tmp_path,
        "cardems-spades",
        "--seed",
        "3",
        "--opponents",
        "random",
        lines=["bid 3", *["1"] * 13, "score", "quit"],
    )
    record = json.loads(saved.read_text(encoding="utf-8"))
    hand = record["hands"][0]
    bags = hand["counters"]["bags"]
    table = out[out.index("After hand 1") :]
    row = next(line for line in table.splitlines() if "bags" in line)
    assert [cell.strip() for cell in row.split("│")[2:-1]] == [str(b) for b in bags]
    assert f"bags: North-South {bags[0]}, East-West {bags[1]}" in out


HELP_TAIL = [
    "  a number      picks from the numbered choices when cards are played or passed",
    "Commands: help, score (the totals and this hand), last (the last trick),",
    "undo (take back your last move and the bots' moves after it), quit (save and stop).",
]


def test_help_names_only_the_kinds_of_action_the_ruleset_has_with_its_own_examples(tmp_path: Path) -> None:
    """Hearts has passing and no bidding; Tarneeb bidding from 7 and a trump its declarer names; Skat games
    besides suits (diamonds the first suit offered); a house Tarneeb whose declarer names hearts or diamonds
    gives a suit it may name. The example card is the deck's last (the ace of diamonds in these packs). English
    unless asked."""
    head = "Type what you do as people say it:"
    assert help_text(rules("hearts")).splitlines() == [
        head,
        "  a card        AD, A♦ (when passing: the card to give)",
        *HELP_TAIL,
    ]
    tarneeb = [
        head,
        "  a card        AD, A♦",
        "  a bid         7, pass (in the bidding a number is always a bid)",
        "  a trump suit  spades, S, ♠",
        *HELP_TAIL,
    ]
    assert help_text(rules("cardems-tarneeb")).splitlines() == tarneeb
    assert help_text(rules("skat")).splitlines()[2:5] == [
        "  a bid         18, pass (in the bidding a number is always a bid)",
        "  a trump suit  diamonds, D, ♦",
        "  a game        grand, null, null_ouvert",
    ]
    house = tmp_path / "red.yaml"
    house.write_text(
        "format: trickbook-ruleset/1\nid: red\ntitle: Red trumps\nextends: cardems-tarneeb\n"
        "trump:\n  mode: chosen\n  suits: [H, D]\n"
    )
    assert "  a trump suit  hearts, H, ♥" in help_text(load_ruleset(str(house))).splitlines()
    assert "a trump suit" not in help_text(rules("whist")) and "a bid" not in help_text(rules("whist"))
    assert (
        help_text(rules("cardems-tarneeb"), "ar").splitlines()[0]
        == "اكتب حركتك كما يقولها اللاعبون (بالصيغ الإنجليزية):"
    )


def _reached(ruleset: str, seed: int, phase: str, until: Callable[[Game], bool] = lambda game: True) -> Game:
    """The game of `seed` after random moves up to North's first decision in `phase` between two or more moves
    where `until` holds."""
    return played_until(
        Game(rules(ruleset), seed),
        lambda game: game.actor == 0 and game.phase == phase and len(game.legal_actions()) > 1 and until(game),
    )


def _typed(game: Game, *lines: str, autoplay: bool = False, seat: int = 0) -> str:
    """What the terminal shows the person at `seat` (North unless told) typing `lines` (then `quit`) from `game`,
    random players at the other seats."""
    seats = game.rules.seating.seats
    specs: list[PlayerSpec | None] = list(parse_player_specs("random", seats))
    specs[seat] = None
    bots = [None if spec is None else make_player(spec, game.seed, seat) for seat, spec in enumerate(specs)]
    out = io.StringIO()
    entry = io.StringIO("\n".join([*lines, "quit"]) + "\n")
    with tempfile.TemporaryDirectory() as folder:
        save = Path(folder) / "m.json"
        match = TerminalMatch(game, seat, specs, bots, Console(file=out, width=300), entry, save)
        if autoplay:  # otherwise the terminal's own default
            match.autoplay = True
        match.run()
    return out.getvalue()


def test_a_card_typed_while_passing_is_told_as_given_and_one_not_held_is_refused() -> None:
    """Hearts, seed 1: North holds 2♣ and 7♠ but not 8♠."""
    shown = _typed(Game(rules("hearts"), 1), "8S", "2C", "give 7S")
    assert "Not allowed: you do not hold 8♠ (rule: pass cards from your hand)" in shown
    assert "North (you): give 2♣" in shown and "North (you): give 7♠" in shown
    assert "Open hand" not in shown and "Dummy" not in shown and "Stock" not in shown, "none in Hearts"
    assert [shown.count(f"{seat} has set 3 cards aside to pass") for seat in ("East", "South", "West")] == [1, 1, 1]
    prompts = [line for line in shown.splitlines() if line.startswith("pass 3 cards")]
    assert prompts == [f"pass 3 cards to East: card {card} of 3" for card in (1, 2, 3)], "the first hand passes left"


def test_a_card_typed_in_an_exchange_is_told_as_laid_away() -> None:
    game = _reached("euchre", 0, "exchange")
    card = game.rules.deck.code(game.view(0).hand[0])
    shown = _typed(game, card)
    assert f"North (you): discard {game.rules.deck.label(game.rules.deck.parse_card(card))}" in shown
    assert "'take'" not in shown, "Euchre's dealer lays away without a choice to take"
    skat = _typed(_reached("skat", 2, "exchange"))
    assert "'take' the cards to lay as many away, or 'pass' to keep your hand as dealt" in skat


def test_a_lone_bid_code_is_a_bid_refused_as_too_low_not_a_card_played_in_the_auction() -> None:
    bridge = Game(rules("contract-bridge"), 2)  # East deals and calls first
    act(bridge, "pass", "pass", "bid 3H")
    shown = _typed(bridge, "2H", "4H")
    assert "\nResumed at hand 1, move 4.\n" in shown, "three calls made before"
    assert "Not allowed: a bid must be higher than the last bid, 3♥, not 2♥ (rule: bids rise)" in shown
    assert "North (you): 4♥" in shown


def test_a_single_legal_move_waits_for_the_person_unless_autoplay_is_asked() -> None:
    """The last trick of a Tarneeb hand: North's one card is listed and waits for typing; with autoplay it is
    played at once."""
    game = played_until(
        Game(rules("cardems-tarneeb"), 1),
        lambda game: game.actor == 0 and game.phase == "play" and len(game.legal_actions()) == 1,
    )
    card = game.rules.deck.label(game.rules.actions.card_of(game.legal_actions()[0]))
    waiting = _typed(game.clone())
    assert f"Your choices: [1] {card}\n" in waiting and "your only choice" not in waiting
    assert f"North (you): {card} (your only choice)" in _typed(game.clone(), autoplay=True)


def test_score_says_how_many_hands_its_totals_follow() -> None:
    game = Game(rules("cardems-tarneeb"), 1)
    chooser = random.Random(1)
    said = {}
    while game.hands_finished < 3:
        if game.hands_finished not in said and game.actor == 0:
            shown = _typed(game.clone(), "score")
            said[game.hands_finished] = next(line for line in shown.splitlines() if line.startswith("Totals"))
        game.apply(chooser.choice(game.legal_actions()))
    before = _typed(Game(rules("cardems-tarneeb"), 1), "score")
    assert "\nTotals before the first hand: " in before and "\nHand 1, " not in before, "no trick yet to tell"
    assert [said[n].split(":")[0] for n in range(3)] == [
        "Totals before the first hand",
        "Totals after one hand",
        "Totals after 2 hands",
    ]


def test_an_equal_bid_is_told_as_holding_only_in_a_duel() -> None:
    """Oh Hell's bids are declarations, where the next seat may say the same number: that is a bid, not a hold."""
    told = [_typed(Game(rules("oh-hell"), seed), "quit") for seed in range(8)]
    pairs = [
        (first, second)
        for shown in told
        for first, second in itertools.pairwise(re.findall(r"^\w+: (bid \d+)$", shown, re.MULTILINE))
    ]
    assert any(first == second for first, second in pairs), "two seats in a row bid the same"
    assert not any("holds" in shown for shown in told)


def _playing(ruleset: str, seed: int, until: Callable[[Game], bool] = lambda game: True) -> Game:
    """The game of `seed` after random moves up to North's first card to play, among two or more, where `until`
    holds."""
    return _reached(ruleset, seed, "play", until)


def test_the_status_line_in_the_play_tells_trump_or_the_game_and_no_longer_the_bidding_or_the_passing() -> None:
    status = [line for line in _typed(_playing("cardems-tarneeb", 1)).splitlines() if line.startswith("trump ")]
    assert status and all("bidding:" not in line for line in status)
    hearts = _typed(_playing("hearts", 1))
    assert "\ntricks: North 0, East 1, South 0, West 0\n" in hearts and "pass 3 cards" not in hearts
    assert "\nHand 1, tricks: North 0, East 1, South 0, West 0\n" in hearts, "the score on resuming, mid-hand"
    assert "\nTrick so far (led by East): East 6♦, South Q♦, West 5♦\n" in hearts, "the leader, not the seat to play"
    grand = _typed(_playing("skat", 2, lambda game: game.view(0).game == 0))  # grand, the first game listed
    assert any(line.startswith("game grand | ") for line in grand.splitlines())


def test_up_to_sixteen_typed_choices_are_listed_in_full_and_more_by_their_first_thirteen_and_last_two() -> None:
    """Contract Bridge, East dealing: after a 4NT opening North has 17 calls, after 5♣ sixteen."""
    choices = []
    for call in ("bid 4NT", "bid 5C"):
        bridge = Game(rules("contract-bridge"), 2)
        act(bridge, "pass", "pass", call)
        choices.append(next(line for line in _typed(bridge).splitlines() if line.startswith("Your choices: ")))
    assert choices == [
        "Your choices: pass, 5♣, 5♦, 5♥, 5♠, 5NT, 6♣, 6♦, 6♥, 6♠, 6NT, 7♣, 7♦, ..., 7NT, double",
        "Your choices: pass, 5♦, 5♥, 5♠, 5NT, 6♣, 6♦, 6♥, 6♠, 6NT, 7♣, 7♦, 7♥, 7♠, 7NT, double",
    ]


def test_a_number_picks_a_listed_card_from_1_to_the_last_in_at_most_three_digits() -> None:
    """North leads with thirteen cards listed as the hand is shown (7♠ 6♠ 9♥ 5♥ 4♥ J♣ 7♣ 6♣ 5♣ 2♣ A♦ J♦ 6♦): 0, 14
    and 0001 pick nothing and are read as bids, refused in the play; 13 is the last card, 001 the first."""
    game = _playing("cardems-tarneeb", 1)
    shown = _typed(game.clone(), "0", "14", "0001", "13")
    assert [line for line in shown.splitlines() if line.startswith("Not ")] == [
        "Not allowed: the play has begun: play a card, not bid 0 (rule: only cards in the play)",
        "Not understood: '14' is not a bid of this ruleset: bids are numbers up to 13 (type 'help' for the forms)",
        "Not allowed: the play has begun: play a card, not bid 1 (rule: only cards in the play)",
    ]
    assert "North (you): 6♦" in shown
    assert "North (you): 7♠" in _typed(game.clone(), "001")


def test_an_open_hand_is_shown_to_the_others_and_not_to_its_own_holder() -> None:
    """Skat's null ouvert: seed 6 has North defending against it, seed 38 declaring it."""
    opened = lambda game: bool(game.view(0).open_hand)  # noqa: E731
    defending = _typed(_playing("skat", 6, opened))
    assert re.search(r"^Open hand \(Seat [12]\): \S", defending, re.MULTILINE)
    assert "Open hand" not in _typed(_playing("skat", 38, opened))


def test_the_stock_is_told_with_its_face_up_card_or_without_one(tmp_path: Path) -> None:
    shown = _typed(_playing("german-whist", 1))
    assert re.search(r"^Stock: \d+ cards, (10|[2-9AKQJ])[♠♥♦♣] face up on top$", shown, re.MULTILINE)
    hidden = tmp_path / "hidden.yaml"
    hidden.write_text(
        "format: trickbook-ruleset/2\nid: hidden-stock\ntitle: Hidden stock\nextends: german-whist\n"
        "deal:\n  expose: null\ntrump:\n  mode: none\nplay:\n  draw: {first: winner, face_up: none}\n",
        encoding="utf-8",
    )
    game = played_until(
        Game(load_ruleset(str(hidden)), 1),
        lambda game: game.actor == 0 and game.phase == "play" and len(game.legal_actions()) > 1,
    )
    assert re.search(r"^Stock: \d+ cards$", _typed(game), re.MULTILINE)


def test_the_dummy_is_shown_to_everyone_and_its_declarer_is_told_when_to_play_it() -> None:
    """Contract Bridge: seed 4 has North defending (West the dummy), seed 18 North declaring with its own card to
    play, seed 2 North declaring with South's card to play."""
    dummy = lambda game: bool(game.view(0).dummy_hand)  # noqa: E731
    for seed, seat in ((4, "West"), (18, "South")):
        shown = _typed(_playing("contract-bridge", seed, dummy), *(["1", "1"] if seat == "West" else []))
        told = [line for line in shown.splitlines() if "Dummy" in line]
        assert told and all(line.startswith(f"Dummy ({seat}): ") for line in told)
        assert not any(line.endswith("you play it now") for line in told)
        if seat == "West":  # East declares: the dummy's cards, played by East, are told as West's
            assert re.search(r"^West: (10|[2-9AKQJ])[♠♥♦♣]$", shown, re.MULTILINE)
    declaring = _typed(_playing("contract-bridge", 2, lambda game: dummy(game) and game.turn == 2))
    assert re.search(r"^Dummy \(South\): .* - you play it now$", declaring, re.MULTILINE)


def test_in_a_duel_the_same_bid_again_holds_it_and_a_higher_one_raises() -> None:
    """Skat, seed 4: the bidder says 180, the listener holds, the bidder raises to 198, and so on."""
    shown = _typed(Game(rules("skat"), 4), "pass", "pass")
    told = re.findall(r"^Seat \d(?: \(you\))?: ((?:bid|holds) \d+|pass)$", shown, re.MULTILINE)
    assert told == ["bid 180", "holds 180", "bid 198", "holds 198", "bid 216", "pass", "pass"]


def test_the_estimates_round_names_the_caller_and_the_auction_before_it_does_not() -> None:
    """Estimation, seed 1: East wins the call, then North estimates; before that North bids in the auction."""
    estimating = _reached("estimation", 1, "bidding", lambda game: game.view(0).declarer >= 0)
    assert "estimates: every player but East says the tricks they will take" in _typed(estimating)
    auction = _reached("estimation", 1, "bidding", lambda game: game.view(0).declarer < 0)
    assert "bidding: " in _typed(auction) and "estimates:" not in _typed(auction)
    north_called = played_until(  # East estimates after North's call
        Game(rules("estimation"), 0),
        lambda game: game.actor == 1 and game.phase == "bidding" and game.view(1).declarer == 0,
    )
    said = "estimates: every player but North says the tricks they will take"
    assert said in _typed(north_called, seat=1)


def test_an_announcement_is_offered_beside_the_pass() -> None:
    """Skat, seed 2: the declarer may announce schneider."""
    shown = _typed(_reached("skat", 2, "announce"))
    assert "you may announce schneider, or 'pass'" in shown


def test_autoplay_makes_only_a_move_that_is_the_only_one() -> None:
    game = _playing("cardems-tarneeb", 1, lambda game: len(game.legal_actions()) == 2)
    shown = _typed(game, autoplay=True)
    assert "your only choice" not in shown and re.search(r"^Your choices: \[1\] \S+  \[2\] \S+$", shown, re.M)


def test_each_column_of_the_score_sheet_adds_its_rules_up_to_the_hand_and_the_hands_to_the_total() -> None:
    """A Tarneeb hand, a Hearts hand (one rule, per seat) and a Spades hand where West's nil fails (a rule per seat
    at a table of sides: its own row, in West's side's column) played to the end by random cards."""
    for ruleset, seed in (("cardems-tarneeb", 1), ("hearts", 1), ("cardems-spades", 8)):
        shown = _typed(Game(rules(ruleset), seed), *(["pass", "1"] * 30 if ruleset != "cardems-spades" else ["1"] * 14))
        sheet = shown.split("After hand 1")[1].split("└")[0]
        rows = [[cell.strip() for cell in line.split("│")[1:-1]] for line in sheet.splitlines() if line[:1] == "│"]
        by_label = {row[0]: row[1:] for row in rows}
        rules_rows = [row[1:] for row in rows[: [row[0] for row in rows].index("hand")]]
        assert len(by_label["hand"]) == len(by_label["total"]) == len(rows[0]) - 1 and all(by_label["total"])
        for column, hand in enumerate(by_label["hand"]):
            assert sum(int(row[column] or 0) for row in rules_rows) == int(hand), (ruleset, rows)
        assert [int(t) for t in by_label["total"]] == [int(h) for h in by_label["hand"]], "after the first hand"
        if ruleset == "cardems-spades":
            assert by_label["nil (West)"] == ["", "-100"] and set(by_label) >= {"contract", "bags"}


def test_undo_before_any_move_of_ones_own_says_so_and_waits_for_a_move() -> None:
    shown = _typed(Game(rules("cardems-tarneeb"), 1), "undo")
    after = shown.split("Nothing to undo: you have not moved in this hand.")[1]
    assert after.lstrip("\n").startswith("Your choices: ") and "Your hand:" not in after


def test_quit_q_and_exit_stop_at_once_and_what_follows_is_not_played() -> None:
    for word in ("quit", "q", "exit", "QUIT"):
        shown = _typed(Game(rules("cardems-tarneeb"), 1), word, "pass")
        assert "North (you)" not in shown and shown.rstrip().endswith("m.json."), word


def test_a_new_hand_is_a_rule_across_the_screen_and_starts_with_no_last_trick() -> None:
    """Tarneeb, seed 1: North plays its last two cards of hand 1, then asks for the last trick in hand 2."""
    game = _playing("cardems-tarneeb", 1, lambda game: len(game.view(0).hand) == 2)
    shown = _typed(game, "1", "1", "last").splitlines()
    second = next(index for index, line in enumerate(shown) if "Hand 2 · " in line)
    assert shown[second].startswith("─") and shown[second].endswith("─")
    assert "No trick has been played yet in this hand." in shown[second:]


def test_after_undo_the_same_move_brings_the_same_replies_and_the_hand_is_shown_again() -> None:
    """The bots decide their past moves again while the match is replayed, so their random choices after the
    move made again are the ones they made the first time."""
    for seed in (1, 2, 4):
        shown = _typed(Game(rules("cardems-tarneeb"), seed), "pass", "1", "undo", "1")
        first, _, again = shown.partition("Undone: back to before your ")
        again = again.split("\n", 1)[1]
        assert again.startswith("Your hand: "), "the hand as it was before the move"
        moves = re.compile(r"^(?:North \(you\)|East|South|West): .*$|^trick \d+: .*$", re.MULTILINE)
        before = moves.findall(first)
        replies = moves.findall(again)
        made = max(i for i, line in enumerate(before) if line.startswith("North (you): "))
        assert len(replies) > 2 and before[made:] == replies, seed
        card = before[made].removeprefix("North (you): ")
        assert f"Undone: back to before your {card}.\n" in shown, "the move taken back, not the bid before it"


def test_the_end_of_the_match_is_said_in_bold_on_a_terminal(tmp_path: Path) -> None:
    """German Whist's one deal, played by the first listed card: the result's head is bold, the rest plain."""
    game = Game(rules("german-whist"), 1)
    specs = [None, *parse_player_specs("random", 1)]
    bots = [None, make_player(parse_player_specs("random", 1)[0], 1, 1)]
    out = io.StringIO()
    console = Console(file=out, width=200, force_terminal=True, color_system="standard", highlight=False)
    entry = io.StringIO("1\n" * 30 + "n\n")
    TerminalMatch(game, 0, specs, bots, console, entry, tmp_path / "m.json", autoplay=True).run()
    assert "\n\x1b[1mMatch over\x1b[0m: Seat 0 won: you win.\n" in out.getvalue()


def test_a_card_shown_at_the_deal_leaves_the_status_line_once_it_is_the_stocks_top_or_drawn() -> None:
    """German Whist turns the stock's top card up for trump: the stock's line tells it while it lies there, and
    once a seat has drawn it the status no longer calls it shown. Whist's turned-up trump, which the dealer
    keeps to play, stays in the status."""
    status = lambda text: [line for line in text.splitlines() if line.startswith("trump ")]  # noqa: E731
    first = _typed(_playing("german-whist", 1))
    assert re.search(r"^Stock: 26 cards, J♥ face up on top$", first, re.MULTILINE)
    assert status(first) == ["trump ♥ hearts | tricks: Seat 0 0, Seat 1 0"]
    later = _typed(_playing("german-whist", 1, lambda game: game.view(0).stock_left == 24))
    assert status(later) and not any("shown" in line for line in status(later))
    assert status(_typed(_playing("whist", 1))) == ["trump ♥ hearts | shown: 5♥ | tricks: North-South 0, East-West 0"]


def test_the_estimates_are_told_in_a_hand_with_its_auction_and_in_one_without() -> None:
    """Estimation: after the auction every player but the caller estimates; in a fast round (hand 14 on, no
    auction) everyone does and the highest estimate declares. The view says when the estimates are on."""
    fast = _reached("estimation", 1, "bidding", lambda game: game.hands_finished >= 13)
    assert fast.view(0).estimating and fast.view(0).declarer == -1
    told = _typed(fast)
    assert "estimates: every player says the tricks they will take; the highest estimate declares" in told
    auction = _reached("estimation", 1, "bidding", lambda game: game.hands_finished == 0)
    assert not auction.view(0).estimating and "estimates:" not in _typed(auction)
    after = _reached("estimation", 2, "bidding", lambda game: game.view(0).declarer >= 0)
    assert after.view(0).estimating and after.view(1).estimating
    assert "estimates: every player but " in _typed(after)
    assert not _reached("estimation", 1, "play").view(0).estimating
