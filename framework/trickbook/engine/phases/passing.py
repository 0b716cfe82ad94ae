"""Passing cards to another seat before the bidding (`passing`)."""

from __future__ import annotations

from ...errors import ActionError, IllegalAction, RulesRuntimeError, _, said
from ...ruleset.actions import GIVE, PLAY
from ...ruleset.rules import passing_clash
from ..events import CardsPassed
from ..host import PhaseHost
from ..kinds import PASSING


class Passing:
    """Each seat sets aside `cards` cards for the seat `passing.to` names, one at a time, before seeing what it gets.

    Seats choose in turn from the player after the dealer; the cards change hands
    once everyone has chosen. A seat whose target is itself passes nothing, and
    nobody passes in a hand of no more cards than `cards` (a player must keep one).
    """

    code = PASSING

    def start(self, game: PhaseHost) -> None:
        rules = game.rules
        assert rules.passing is not None
        if game._hand_size <= rules.passing.cards:
            game._advance()
            return
        facts = game._facts()
        to = rules.passing.to
        game._targets = tuple(to(facts, seat) % game._seats for seat in range(game._seats))
        clash = passing_clash(game._targets)
        if clash is not None:
            raise RulesRuntimeError(
                f"passing.to in hand {game._number}: {clash}; each seat must receive the cards of exactly one seat"
            )
        givers = self.givers(game)
        if not givers:
            game._advance()
            return
        game._phase = PASSING
        game._turn = givers[0]

    def givers(self, game: PhaseHost) -> list[int]:
        """The seats that pass cards this hand, in the order they choose: from the player after the dealer."""
        order = [game._next[game._dealer]]
        while len(order) < game._seats:
            order.append(game._next[order[-1]])
        return [seat for seat in order if game._targets[seat] != seat]

    def legal(self, game: PhaseHost) -> tuple[int, ...]:
        give = game.rules.actions.give_base
        return tuple(give + card for card in game._cards(game._hands[game._turn]))

    def apply(self, game: PhaseHost, action: int, auto: bool) -> None:
        actions = game.rules.actions
        if actions.kinds[action] == PLAY:
            action = actions.give(action)
        seat = game._turn
        card = actions.card_of(action)
        if actions.kinds[action] != GIVE or action == actions.hidden_give or not game._hands[seat] & (1 << card):
            raise self.refuse(game, action)
        game._record(action, auto)
        game._hands[seat] &= ~(1 << card)
        given = list(game._given)
        given[seat] |= 1 << card
        game._given = given
        passing = game.rules.passing
        assert passing is not None
        if given[seat].bit_count() < passing.cards:
            return
        givers = self.givers(game)
        position = givers.index(seat)
        if position + 1 < len(givers):
            game._turn = givers[position + 1]
            return
        self.hand_over(game)

    def hand_over(self, game: PhaseHost) -> None:
        """Every seat has chosen: the cards change hands, and each receiver learns what it got."""
        for seat, target in enumerate(game._targets):
            given = game._given[seat]
            if given and target != seat:
                game._hands[target] |= given
                if game.observer is not None:
                    game.observer(CardsPassed(seat, target, game._cards(given)))
        game._passed_over = True
        game._advance()

    def refuse(self, game: PhaseHost, action: int) -> ActionError:
        actions = game.rules.actions
        passing = game.rules.passing
        assert passing is not None
        if actions.kinds[action] != GIVE or action == actions.hidden_give:
            return IllegalAction(
                said(
                    "first each player passes {count} cards: choose a card to pass, not {action}",
                    count=passing.cards,
                    action=actions.text(action),
                ),
                rule=_("passing comes first"),
            )
        label = game.rules.deck.label(actions.card_of(action))
        return IllegalAction(said("you do not hold {card}", card=label), rule=_("pass cards from your hand"))

    def timeout(self, game: PhaseHost) -> int:
        """The strongest card still held: passing high cards is the usual advice, and it is easy to predict."""
        legal = self.legal(game)
        rank_of = game.rules.deck.rank_of
        actions = game.rules.actions
        return max(legal, key=lambda a: (rank_of[actions.card_of(a)], -a))
