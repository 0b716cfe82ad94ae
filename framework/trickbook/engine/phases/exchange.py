"""The exchange: one seat takes cards (the exposed card or the stock) and lays as many away (`exchange`)."""

from __future__ import annotations

from ...cards import CardMask
from ...errors import ActionError, IllegalAction, _, said
from ...ruleset.actions import DISCARD, PLAY
from ..events import CardsTaken
from ..host import PhaseHost
from ..kinds import EXCHANGE
from ..timeouts import timeout_card


class Exchange:
    """Once trump is known, one seat takes cards into its hand (the exposed card, or the stock) and lays as many
    away face down, one at a time, when the ruleset's `when` holds."""

    code = EXCHANGE

    def start(self, game: PhaseHost) -> None:
        rules = game.rules
        exchange = rules.exchange
        assert exchange is not None
        if exchange.when is not None and not exchange.when(game._facts()):
            game._advance()
            return
        if not rules.deck.mask(self.taken(game)):
            game._advance()
            return
        game._phase = EXCHANGE
        game._turn = game._dealer if exchange.seat == "dealer" else game._declarer
        if not exchange.optional:
            self.take(game)

    def taken(self, game: PhaseHost) -> tuple[int, ...]:
        """The cards the exchange offers: the exposed card, or the stock."""
        exchange = game.rules.exchange
        assert exchange is not None
        return game._exposed if exchange.take == "exposed" else game._stock

    def take(self, game: PhaseHost) -> None:
        """The seat to act takes the cards into its hand; it then lays as many away."""
        exchange = game.rules.exchange
        assert exchange is not None
        taken = self.taken(game)
        mask = game.rules.deck.mask(taken)
        game._hands[game._turn] |= mask
        game._taken = mask
        if game.observer is not None:
            game.observer(CardsTaken(game._turn, tuple(taken), exchange.take == "exposed"))

    def deciding(self, game: PhaseHost) -> bool:
        """True while the seat of an optional exchange has yet to say whether it takes the cards."""
        exchange = game.rules.exchange
        assert exchange is not None
        return exchange.optional and not game._taken

    def choices(self, game: PhaseHost) -> CardMask:
        """The cards the seat may lay away: any it holds, except those just taken where the rules keep them."""
        exchange = game.rules.exchange
        assert exchange is not None
        hand = game._hands[game._turn]
        return hand & ~game._taken if exchange.keep_taken else hand

    def legal(self, game: PhaseHost) -> tuple[int, ...]:
        actions = game.rules.actions
        if self.deciding(game):
            return (actions.pass_action, actions.take_action)
        return tuple(actions.discard_base + card for card in game._cards(self.choices(game)))

    def apply(self, game: PhaseHost, action: int, auto: bool) -> None:
        actions = game.rules.actions
        if self.deciding(game):
            if action not in (actions.pass_action, actions.take_action):
                raise self.refuse(game, action)
            game._record(action, auto)
            if action == actions.take_action:
                self.take(game)
            else:
                game._advance()  # the seat keeps its hand as dealt; the cards stay where they are
            return
        if actions.kinds[action] == PLAY:
            action = actions.discard(action)
        card = actions.card_of(action)
        if actions.kinds[action] != DISCARD or action == actions.hidden_discard or not self.choices(game) >> card & 1:
            raise self.refuse(game, action)
        seat = game._turn
        game._record(action, auto)
        game._hands[seat] &= ~(1 << card)
        game._discards |= 1 << card
        exchange = game.rules.exchange
        assert exchange is not None
        if game._discards.bit_count() == exchange.discard:
            game._advance()

    def refuse(self, game: PhaseHost, action: int) -> ActionError:
        rules = game.rules
        actions = rules.actions
        exchange = rules.exchange
        assert exchange is not None
        if self.deciding(game):
            return IllegalAction(
                said(
                    "first say whether you take the cards ('take') or keep your hand ('pass'), not {action}",
                    action=actions.text(action),
                ),
                rule="exchange.optional",
            )
        left = exchange.discard - game._discards.bit_count()
        if actions.kinds[action] != DISCARD or action == actions.hidden_discard:
            return IllegalAction(
                said("lay {count} cards away first, not {action}", count=left, action=actions.text(action))
                if left > 1
                else said("lay 1 card away first, not {action}", action=actions.text(action)),
                rule=_("the exchange comes first"),
            )
        card = actions.card_of(action)
        label = rules.deck.label(card)
        if game._taken >> card & 1 and game._hands[game._turn] >> card & 1:
            return IllegalAction(
                said("{card} was just taken and may not be laid away", card=label), rule="exchange.keep_taken"
            )
        return IllegalAction(said("you do not hold {card}", card=label), rule=_("lay away cards from your hand"))

    def timeout(self, game: PhaseHost) -> int:
        """Take the cards when the exchange is optional; then the weakest card the seat may lay away (lowest
        rank, a non-trump first)."""
        actions = game.rules.actions
        if self.deciding(game):
            return actions.take_action
        choices = game._cards(self.choices(game))
        return actions.discard(timeout_card(game.rules, choices, game._trump, game._game))
