"""One story for every reader: the trace's third person and a seat's `you`, from the same events and memory."""

from __future__ import annotations

from helpers import played, rules
from trickbook import Game
from trickbook.book.story import Story
from trickbook.engine.events import CardsPassed, CardsTaken, Event, SitsOut, TrickWon


def test_a_seat_is_told_cards_passed_to_it_or_by_it_and_never_those_between_two_others() -> None:
    hearts = rules("hearts")
    cards = tuple(hearts.deck.parse_card(c) for c in ("QS", "AH", "2C"))
    passed = CardsPassed(0, 1, cards)
    assert Story(hearts).tell(passed) == "North (0) passes Q♠ A♥ 2♣ to East (1)"
    assert Story(hearts, seat=1).tell(passed) == "North passes you Q♠ A♥ 2♣"
    assert Story(hearts, seat=0).tell(passed) == "You pass Q♠ A♥ 2♣ to East"
    assert Story(hearts, seat=2).tell(passed) is None


def test_a_seat_is_told_its_own_deeds_as_you_and_the_others_by_name() -> None:
    euchre = rules("euchre")
    assert Story(euchre, seat=2).tell(SitsOut(2)) == "You sit this hand out"
    assert Story(euchre, seat=0).tell(SitsOut(2)) == "South sits this hand out"
    taken = CardsTaken(3, (euchre.deck.parse_card("JS"),), public=True)
    assert Story(euchre, seat=3).tell(taken) == "You take J♠"
    assert Story(euchre, seat=1).tell(taken) == "West takes J♠"


def test_the_trace_and_a_seat_tell_every_trick_in_the_same_words() -> None:
    whole, north = Story(rules("call-break")), Story(rules("call-break"), seat=0)
    told: list[tuple[str | None, str | None]] = []

    def listen(event: Event) -> None:
        words = whole.tell(event), north.tell(event)
        if isinstance(event, TrickWon):
            told.append(words)

    game = Game(rules("call-break"), 5)
    game.observer = listen
    played(game, seed=5, hands=1)
    assert len(told) == 13 and all(mine == trace and trace for trace, mine in told)
    assert told[0][0] is not None and told[0][0].startswith("trick 1: ")


def test_a_story_taken_up_in_the_middle_of_a_trick_tells_that_trick_with_the_cards_played_before() -> None:
    game = Game(rules("call-break"), 5)
    while len(game.trick) < 2:
        game.apply(game.legal_actions()[0])
    story = Story(game.rules, seat=0).join(game)
    told: list[tuple[Event, str | None]] = []
    game.observer = lambda event: told.append((event, story.tell(event)))
    while not any(isinstance(event, TrickWon) for event, _ in told):
        game.apply(game.legal_actions()[0])
    said = told[-1][1]
    assert said is not None and said.startswith("trick 1: ") and said.count(",") == 4, said
