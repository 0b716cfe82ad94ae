"""Trump named by the declarer (`trump.mode: chosen`) or made in rounds of offers (`trump.mode: made`)."""

from __future__ import annotations

from ...errors import ActionError, IllegalAction, Term, _, said
from ...expr.facts import NO_SEAT, NO_SUIT
from ...ruleset.actions import GAME, ActionKind
from ...ruleset.rules import MakingRound
from ..events import GameNamed, TrumpSet
from ..host import PhaseHost
from ..kinds import TRUMP


class TrumpChoice:
    """After the auction the declarer names trump among the suits the ruleset allows, or one of its named games;
    without bidding the dealer (or the player after, `trump.chooser`) does, and is the hand's declarer."""

    code = TRUMP

    def start(self, game: PhaseHost) -> None:
        game._phase = TRUMP
        chooser = game.rules.seating.after(game._dealer, game.rules.trump.chooser)
        if not game.rules.bidding.present:
            game._declarer = chooser  # the hand's declarer, even when the rules set its trump
        if _set_by_rules(game):
            game._advance()
            return
        if game._declarer == NO_SEAT:  # a hand without its auction whose trump the rules do not set
            game._declarer = chooser
        game._turn = game._declarer

    def legal(self, game: PhaseHost) -> tuple[int, ...]:
        return game.rules.actions.trump_choices + _games_offered(game)

    def apply(self, game: PhaseHost, action: int, auto: bool) -> None:
        if action not in self.legal(game):
            raise self.refuse(game, action)
        actions = game.rules.actions
        game._record(action, auto)
        if actions.kinds[action] == GAME:
            _name_game(game, action - actions.game_base, game._turn)
        else:
            game._trump = actions.suit_of_trump(action)
            if game.observer is not None:
                game.observer(TrumpSet(game._trump, game._turn))
        game._advance()

    def refuse(self, game: PhaseHost, action: int) -> ActionError:
        rules = game.rules
        actions = rules.actions
        if actions.kinds[action] not in (ActionKind.TRUMP, GAME):
            return IllegalAction(
                said("the declarer must now choose trump, not {action}", action=actions.text(action)),
                rule=_("trump is chosen after the auction"),
            )
        if actions.kinds[action] == GAME:
            named = rules.trump.games[action - actions.game_base]
            if named.when is not None and action not in _games_offered(game):
                return IllegalAction(
                    said(
                        "{game} may not be named now: `{when}` does not hold",
                        game=Term(named.name),
                        when=named.when.source.strip(),
                    ),
                    rule=f"trump.games.{named.name}.when",
                )
        allowed = " ".join([*(rules.deck.suits[s].symbol for s in rules.trump.suits), *actions.games])
        return IllegalAction(said("trump must be one of {suits}", suits=allowed), rule="trump.suits")

    def timeout(self, game: PhaseHost) -> int:
        actions = game.rules.actions
        legal = self.legal(game)
        for suit in game.rules.timeout.trump_order:
            if actions.trump(suit) in legal:
                return actions.trump(suit)
        return legal[0]


class TrumpMaking:
    """Rounds of trump making, each once around from the player after the dealer: a seat names a suit the round
    offers, or passes; the first to name one makes trump and is the hand's declarer. When every seat passes in
    every round the hand is thrown in, unless the dealer must name a suit in the last round.

    Where games may take over a suit (`overcalls`), a suit named is pending: its namer is the declarer so far and
    the others are asked in turn for such a game; when all pass, the namer confirms the suit or names one."""

    code = TRUMP

    def start(self, game: PhaseHost) -> None:
        game._phase = TRUMP
        game._round = 1
        game._turn = game._next[game._dealer]

    def offered(self, game: PhaseHost) -> tuple[int, ...]:
        """The trump actions of this round: the exposed card's suit, the other suits, or every suit; and the named
        games whose `when` holds, in every round (`trump_round` tells a game which round it is)."""
        rules = game.rules
        if _pending(game):
            overcalls = _overcalls_offered(game)
            return (rules.actions.trump(game._trump), *overcalls) if game._turn == game._declarer else overcalls
        kind = rules.trump.rounds[game._round - 1]
        shown = rules.deck.suit_of[game._exposed[0]] if game._exposed else NO_SUIT
        suits = range(len(rules.deck.suits))
        if kind is MakingRound.EXPOSED:
            named = [shown] if shown != NO_SUIT else []
        elif kind is MakingRound.OTHERS:
            named = [suit for suit in suits if suit != shown]
        else:
            named = list(suits)
        return tuple(rules.actions.trump(suit) for suit in named) + _games_offered(game)

    def must_name(self, game: PhaseHost) -> bool:
        trump = game.rules.trump
        return trump.last_must_name and game._round == len(trump.rounds) and game._turn == game._dealer

    def legal(self, game: PhaseHost) -> tuple[int, ...]:
        offered = self.offered(game)
        if (self.must_name(game) or (_pending(game) and game._turn == game._declarer)) and offered:
            return offered
        return (game.rules.actions.pass_action, *offered)

    def apply(self, game: PhaseHost, action: int, auto: bool) -> None:
        if action not in self.legal(game):
            raise self.refuse(game, action)
        actions = game.rules.actions
        seat = game._turn
        game._record(action, auto)
        if action == actions.pass_action and _pending(game):
            game._turn = game._next[seat]  # back to the suit's namer once every other seat has passed
            return
        if action == actions.pass_action:
            game._passes_in_row += 1
            if game._passes_in_row < game._seats:
                game._turn = game._next[seat]
            elif game._round < len(game.rules.trump.rounds):
                game._round += 1
                game._passes_in_row = 0
                game._turn = game._next[game._dealer]
            else:
                game._cancel(said("every player passed in every round of trump making"))
            return
        if actions.kinds[action] != GAME and not _pending(game) and any(g.overcalls for g in game.rules.trump.games):
            game._declarer = seat  # pending: the others may still take the buy over with a stronger game
            game._trump = actions.suit_of_trump(action)
            game._turn = game._next[seat]
            return
        game._declarer = seat
        if actions.kinds[action] == GAME:
            _name_game(game, action - actions.game_base, game._turn)
            if game.rules.trump.games[action - actions.game_base].for_partner:
                game._declarer = game.rules.seating.partner[seat]  # a buy for the partner, who takes the hand
        else:
            game._trump = actions.suit_of_trump(action)
            if game.observer is not None:
                game.observer(TrumpSet(game._trump, seat))
        game._advance()

    def refuse(self, game: PhaseHost, action: int) -> ActionError:
        rules = game.rules
        actions = rules.actions
        named = " ".join(actions.label(a).removeprefix("trump ") for a in self.offered(game))
        if actions.kinds[action] not in (ActionKind.TRUMP, ActionKind.PASS, GAME):
            return IllegalAction(
                said("trump is being made: name a suit or pass, not {action}", action=actions.text(action)),
                rule=_("trump is made before the play"),
            )
        if action == actions.pass_action and _pending(game):
            return IllegalAction(
                said("everyone passed: confirm your suit or name a stronger game ({suits})", suits=named),
                rule="trump.games",
            )
        if action == actions.pass_action:
            return IllegalAction(
                said("the dealer may not pass in the last round: name trump ({suits})", suits=named),
                rule="trump.last_must_name",
            )
        if _pending(game):
            return IllegalAction(
                said("a suit is bought: you may name {suits} or pass", suits=named)
                if named
                else said("a suit is bought: you may only pass"),
                rule="trump.games",
            )
        return IllegalAction(
            said("in round {round} of trump making you may name {suits} or pass", round=game._round, suits=named)
            if named
            else said("in round {round} of trump making you may name no suit or pass", round=game._round),
            rule="trump.rounds",
        )

    def timeout(self, game: PhaseHost) -> int:
        legal = self.legal(game)
        actions = game.rules.actions
        if actions.pass_action in legal:
            return actions.pass_action
        for suit in game.rules.timeout.trump_order:
            if actions.trump(suit) in legal:
                return actions.trump(suit)
        return legal[0]


def _games_offered(game: PhaseHost) -> tuple[int, ...]:
    """The named games (`trump.games`) the seat to act may name now: those whose `when` holds."""
    rules = game.rules
    games = rules.trump.games
    if not any(g.when is not None for g in games):
        return tuple(rules.actions.game(index) for index in range(len(games)))
    facts = game._facts()
    return tuple(rules.actions.game(i) for i, g in enumerate(games) if g.when is None or g.when(facts))


def _pending(game: PhaseHost) -> bool:
    """A suit was named in trump making and awaits the others' stronger games (`overcalls`) or its confirmation."""
    return game._declarer >= 0


def _overcalls_offered(game: PhaseHost) -> tuple[int, ...]:
    """The games that take over a pending suit which the seat to act may name now."""
    games = game.rules.trump.games
    return tuple(a for a in _games_offered(game) if games[a - game.rules.actions.game_base].overcalls)


def _name_game(game: PhaseHost, index: int, seat: int) -> None:
    """`seat` names game `index` of `trump.games` (NO_SEAT: the rules set it): its trump suit (or none) holds for
    the hand."""
    named = game.rules.trump.games[index]
    game._game = index
    game._trump = NO_SUIT if named.suit is None else named.suit
    if game.observer is not None:
        game.observer(GameNamed(named.name, seat))


def _set_by_rules(game: PhaseHost) -> bool:
    """Sets the hand's trump suit or game when an entry of `trump.set` holds for it; False when the declarer is to
    choose."""
    settings = game.rules.trump.settings
    if not settings:
        return False
    facts = game._facts()
    setting = next((s for s in settings if s.when(facts)), None)
    if setting is None:
        return False
    if setting.game >= 0:
        _name_game(game, setting.game, NO_SEAT)
    else:
        game._trump = setting.suit
        if game.observer is not None:
            game.observer(TrumpSet(setting.suit, None))
    return True
