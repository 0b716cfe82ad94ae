"""The phases a hand may have before its tricks, as building blocks behind one protocol.

A ruleset names which phases its hands have (a `passing` key, a `bidding.kind`,
a `trump.mode` of `chosen`); the engine runs them in the order of `ORDER`,
then plays the tricks. Each phase says who acts, which actions are legal, what
an action does, why one is refused (in words a player understands) and which
move a timed-out seat gets. The state they work on lives in the game's fields;
a phase object holds none, so one serves every game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from ..cards import CardMask
from ..errors import ActionError, IllegalAction, RulesRuntimeError
from ..expr.facts import NO_SEAT, NO_SUIT
from ..ruleset.actions import ANNOUNCE, DISCARD, DOUBLE, GAME, GIVE, PLAY, REDOUBLE
from ..ruleset.rules import BiddingKind, MakingRound, Rules, TrumpMode, passing_clash
from .events import CardsPassed, CardsTaken, ContractSet, GameNamed, SitsOut, TrumpSet
from .history import ACTION_SHIFT, SEAT_MASK
from .state import ALONE, BIDDING, EXCHANGE, PASSING, TRUMP
from .state import ANNOUNCE as ANNOUNCING
from .timeouts import timeout_card

if TYPE_CHECKING:
    from .game import Game


class Phase(Protocol):
    """One phase of a hand. `start` either hands the turn to a seat or, with nothing to decide, moves on."""

    code: int
    """The phase's number in `state.PHASES`."""

    def start(self, game: Game) -> None: ...

    def legal(self, game: Game) -> tuple[int, ...]: ...

    def apply(self, game: Game, action: int, auto: bool) -> None:
        """Applies a legal action of the seat to act; raises what `refuse` says otherwise."""

    def refuse(self, game: Game, action: int) -> ActionError:
        """Why the seat to act may not take `action` (an action of the ruleset: the game checks that first)."""

    def timeout(self, game: Game) -> int:
        """The move the rules make for the seat to act when its time runs out."""


class Passing:
    """Each seat sets aside `cards` cards for the seat `passing.to` names, one at a time, before seeing what it gets.

    Seats choose in turn from the player after the dealer; the cards change hands
    once everyone has chosen. A seat whose target is itself passes nothing, and
    nobody passes in a hand of no more cards than `cards` (a player must keep one).
    """

    code = PASSING

    def start(self, game: Game) -> None:
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

    def givers(self, game: Game) -> list[int]:
        """The seats that pass cards this hand, in the order they choose: from the player after the dealer."""
        order = [game._next[game._dealer]]
        while len(order) < game._seats:
            order.append(game._next[order[-1]])
        return [seat for seat in order if game._targets[seat] != seat]

    def legal(self, game: Game) -> tuple[int, ...]:
        give = game.rules.actions.give_base
        return tuple(give + card for card in game._cards(game._hands[game._turn]))

    def apply(self, game: Game, action: int, auto: bool) -> None:
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

    def hand_over(self, game: Game) -> None:
        """Every seat has chosen: the cards change hands, and each receiver learns what it got."""
        for seat, target in enumerate(game._targets):
            given = game._given[seat]
            if given and target != seat:
                game._hands[target] |= given
                if game.observer is not None:
                    game.observer(CardsPassed(seat, target, game._cards(given)))
        game._passed_over = True
        game._advance()

    def refuse(self, game: Game, action: int) -> ActionError:
        actions = game.rules.actions
        passing = game.rules.passing
        assert passing is not None
        if actions.kinds[action] != GIVE or action == actions.hidden_give:
            return IllegalAction(
                f"first each player passes {passing.cards} cards: choose a card to pass, not {actions.text(action)}",
                rule="passing comes first",
            )
        label = game.rules.deck.label(actions.card_of(action))
        return IllegalAction(f"you do not hold {label}", rule="pass cards from your hand")

    def timeout(self, game: Game) -> int:
        """The strongest card still held: passing high cards is the usual advice, and it is easy to predict."""
        legal = self.legal(game)
        rank_of = game.rules.deck.rank_of
        actions = game.rules.actions
        return max(legal, key=lambda a: (rank_of[actions.card_of(a)], -a))


class Declarations:
    """Every seat declares once in turn from the player after the dealer; a blind round may come first."""

    code = BIDDING

    def start(self, game: Game) -> None:
        bidding = game.rules.bidding
        if bidding.max_bid is not None:
            game._bid_max = min(bidding.max, max(bidding.min, int(bidding.max_bid(game._facts()))))
        game._phase = BIDDING
        game._turn = game._next[game._dealer]

    def choices(self, game: Game) -> tuple[int, ...]:
        """The declarations the ruleset offers this hand, before any ban."""
        actions = game.rules.actions
        if game._blind_round:
            return actions.blind_choices
        return actions.declarations_upto[game._bid_max]

    def legal(self, game: Game) -> tuple[int, ...]:
        """The declarations offered less those a ban forbids; all of them when the bans would forbid every one
        (a seat must declare: a hook on a single bid value would otherwise leave the dealer without a move)."""
        offered = self.choices(game)
        if not game.rules.bidding.bans:
            return offered
        return tuple(a for a in offered if game._ban_of(a) is None) or offered

    def apply(self, game: Game, action: int, auto: bool) -> None:
        if action not in self.legal(game):
            raise self.refuse(game, action)
        seat = game._turn
        game._record(action, auto)
        game._declare(seat, action)

    def refuse(self, game: Game, action: int) -> ActionError:
        rules = game.rules
        actions = rules.actions
        bidding = rules.bidding
        text = actions.text(action)
        if actions.kinds[action] not in ("bid", "pass"):
            return IllegalAction(f"it is the bidding: you must declare, not {text}", rule="bidding comes first")
        if action in self.choices(game):
            ban = game._ban_of(action)
            assert ban is not None
            why = f": {ban.description}" if ban.description else ""
            return IllegalAction(f"{text} is not allowed now{why}", rule=f"bidding.forbid.{ban.name}")
        if game._blind_round:
            blind = ", ".join(actions.text(a) for a in actions.blind_choices[1:])
            return IllegalAction(
                f"first each player, before looking at their cards, may bid blind ({blind}) or pass to look",
                rule="blind bids come first",
            )
        if actions.kinds[action] == "pass":
            return IllegalAction(
                f"there is no pass: declare {bidding.min} to {game._bid_max}", rule="every player declares once"
            )
        return IllegalAction(
            f"{text} is not allowed: declarations are {bidding.min} to {game._bid_max}", rule="bidding.bids"
        )

    def timeout(self, game: Game) -> int:
        return _timeout_bid(game, self.legal(game))


class Auction:
    """Rising bids and permanent passes until one bidder is left, or a bid that ends it at once."""

    code = BIDDING

    def start(self, game: Game) -> None:
        bidding = game.rules.bidding
        if bidding.max_bid is not None:
            game._bid_max = min(bidding.max, max(bidding.min, int(bidding.max_bid(game._facts()))))
        game._phase = BIDDING
        game._turn = game._next[game._dealer]

    def legal(self, game: Game) -> tuple[int, ...]:
        actions = game.rules.actions
        low = game.rules.bidding.min if game._high_seat == NO_SEAT else game._bids[game._high_seat] + 1
        options = actions.auction_from[min(low, actions.max_bid + 1)]
        if game._bid_max < actions.max_bid:
            top = actions.bid(game._bid_max)
            return tuple(a for a in options if a <= top)
        return options

    def apply(self, game: Game, action: int, auto: bool) -> None:
        actions = game.rules.actions
        if action != actions.pass_action:
            low = game.rules.bidding.min if game._high_seat == NO_SEAT else game._bids[game._high_seat] + 1
            # An auction has no named bids (the loader refuses them), so a bid is its number.
            if actions.kinds[action] != "bid" or not low <= actions.bid_values[action] <= game._bid_max:
                raise self.refuse(game, action)
            if actions.bid_steps and actions.bid_values[action] not in actions.bid_steps:
                raise self.refuse(game, action)
        seat = game._turn
        game._record(action, auto)
        game._auction_bid(seat, action)

    def refuse(self, game: Game, action: int) -> ActionError:
        actions = game.rules.actions
        bidding = game.rules.bidding
        text = actions.text(action)
        if actions.kinds[action] not in ("bid", "pass"):
            return IllegalAction(f"it is the bidding: you must bid or pass, not {text}", rule="bidding comes first")
        value = actions.bid_values[action]
        if not bidding.min <= value <= game._bid_max:
            return IllegalAction(f"bids run from {bidding.min} to {game._bid_max}, not {value}", rule="bidding.bids")
        if bidding.values and value not in bidding.values:
            return IllegalAction(f"{value} is not a bid: bids are {_listed(bidding.values)}", rule="bidding.bids")
        return IllegalAction(
            f"a bid must be higher than the current highest bid {game.highest_bid}, not {value}",
            rule="an auction bid must beat the highest bid",
        )

    def timeout(self, game: Game) -> int:
        return _timeout_bid(game, self.legal(game))


class Duels(Auction):
    """An auction in duels. The player after the dealer listens and the next one speaks: the speaker bids above
    the highest bid or passes, the listener holds that bid (bids it too) or passes. Passes are final; the one left
    listens to the next player, who speaks. The last one left has won at the highest bid named or held; when
    nobody bid, that player may still bid the lowest bid, or pass and throw the hand in."""

    def start(self, game: Game) -> None:
        super().start(game)
        game._turn = game._next[game._turn]  # the first speaker; the player after the dealer listens

    def pair(self, game: Game) -> tuple[int, int]:
        """The listener and the speaker: the first two players, from the one after the dealer, who have not
        passed (the speaker is NO_SEAT when one player is left)."""
        first = seat = game._next[game._dealer]
        found = []
        while True:  # once round the players of the hand (a dealer who sits out is not among them)
            if not game._passed >> seat & 1:
                found.append(seat)
                if len(found) == 2:
                    return found[0], found[1]
            seat = game._next[seat]
            if seat == first:
                return found[0], NO_SEAT

    def legal(self, game: Game) -> tuple[int, ...]:
        actions = game.rules.actions
        listener, speaker = self.pair(game)
        if speaker == NO_SEAT:
            return (actions.pass_action, actions.bid(game.rules.bidding.min))
        if game._turn == listener:
            return (actions.pass_action, actions.bid(game._bids[game._high_seat]))
        return super().legal(game)

    def apply(self, game: Game, action: int, auto: bool) -> None:
        if action not in self.legal(game):
            raise self.refuse(game, action)
        actions = game.rules.actions
        seat = game._turn
        game._record(action, auto)
        if action == actions.pass_action:
            game._passed |= 1 << seat
        else:
            game._bids[seat] = actions.bid_values[action]
            game._high_seat = seat
        listener, speaker = self.pair(game) if game._passed.bit_count() < game._seats else (NO_SEAT, NO_SEAT)
        if listener == NO_SEAT:
            game._cancel("every player passed")
        elif speaker == NO_SEAT and game._high_seat != NO_SEAT:
            game._auction_won()
        elif action == actions.pass_action or speaker == NO_SEAT:
            game._turn = speaker if speaker != NO_SEAT else listener  # a new duel, or the last one left, speaks
        else:
            game._turn = listener if seat == speaker else speaker

    def refuse(self, game: Game, action: int) -> ActionError:
        actions = game.rules.actions
        listener, speaker = self.pair(game)
        if actions.kinds[action] != "bid" or (game._turn != listener and speaker != NO_SEAT):
            return super().refuse(game, action)
        if speaker == NO_SEAT:
            lowest = game.rules.bidding.min
            return IllegalAction(
                f"nobody bid: you may bid the lowest bid, {lowest}, or pass", rule="the last player left may bid"
            )
        held = game._bids[game._high_seat]
        return IllegalAction(
            f"you listen: hold {held} (bid {held}) or pass, not {actions.bid_values[action]}",
            rule="the listener holds the bid or passes",
        )


class Calls:
    """An auction of calls from the first caller round the table: pass, a bid above the last one, double an
    opponent's bid, redouble an opponent's double; enough passes in a row after a call end it, and passes from
    everyone before any bid throw the hand in."""

    code = BIDDING

    def start(self, game: Game) -> None:
        calls = game.rules.bidding.calls
        assert calls is not None
        seat = game._dealer
        for _ in range(calls.first):
            seat = game._next[seat]
        game._phase = BIDDING
        game._turn = seat

    def legal(self, game: Game) -> tuple[int, ...]:
        rules = game.rules
        actions = rules.actions
        calls = rules.bidding.calls
        assert calls is not None
        high = game._high_seat
        low = 1 if high == NO_SEAT else game._bids[high] + 1
        legal = [actions.pass_action, *range(actions.bid(low), actions.bid(rules.bidding.max) + 1)]
        if calls.doubles and high != NO_SEAT:
            side = game._side_of[game._turn]
            if game._doubled == 0 and game._side_of[high] != side:
                legal.append(actions.double_action)
            elif game._doubled == 1 and game._side_of[game._doubler] != side:
                legal.append(actions.redouble_action)
        return tuple(legal)

    def apply(self, game: Game, action: int, auto: bool) -> None:
        if action not in self.legal(game):
            raise self.refuse(game, action)
        rules = game.rules
        actions = rules.actions
        calls = rules.bidding.calls
        assert calls is not None
        seat = game._turn
        game._record(action, auto)
        if action == actions.pass_action:
            game._passes_in_row += 1
            if game._high_seat == NO_SEAT and game._passes_in_row == game._seats:
                game._cancel("every player passed: the deal is passed out")
                return
            if game._high_seat != NO_SEAT and game._passes_in_row == calls.ends_after:
                self.won(game)
                return
        else:
            game._passes_in_row = 0
            if action == actions.double_action:
                game._doubled = 1
                game._doubler = seat
            elif action == actions.redouble_action:
                game._doubled = 2
            else:
                game._bids[seat] = actions.bid_values[action]
                game._high_seat = seat
                game._doubled = 0
                game._doubler = NO_SEAT
        game._turn = game._next[seat]

    def won(self, game: Game) -> None:
        """The last bid is the contract; its declarer is the first of that side to have bid its strain."""
        rules = game.rules
        actions = rules.actions
        calls = rules.bidding.calls
        assert calls is not None
        value = game._bids[game._high_seat]
        strain = calls.strain(value)
        side = game._side_of[game._high_seat]
        declarer = game._high_seat
        for code in game._moves:
            action, seat = code >> ACTION_SHIFT, code & SEAT_MASK
            if (
                actions.kinds[action] == "bid"
                and game._side_of[seat] == side
                and calls.strain(actions.bid_values[action]) == strain
            ):
                declarer = seat
                break
        game._declarer = declarer
        game._contract[declarer if side < 0 else side] = calls.level(value)
        game._trump = strain if strain >= 0 else NO_SUIT
        if game.observer is not None:
            words = actions.bid_codes[value] + ("", " doubled", " redoubled")[game._doubled]
            game.observer(ContractSet(declarer, calls.level(value), words))
            if game._trump != NO_SUIT:
                game.observer(TrumpSet(game._trump, None))
        game._bidding_done()

    def refuse(self, game: Game, action: int) -> ActionError:
        rules = game.rules
        actions = rules.actions
        text = actions.text(action)
        kind = actions.kinds[action]
        if kind == DOUBLE:
            return IllegalAction(
                "you may double only the last bid, and only when an opponent made it and nobody has doubled it",
                rule="double an opponent's bid",
            )
        if kind == REDOUBLE:
            return IllegalAction(
                "you may redouble only when an opponent has doubled your side's bid", rule="redouble a double"
            )
        if kind != "bid":
            return IllegalAction(f"it is the auction: call, not {text}", rule="the auction comes first")
        last = actions.label(actions.bid(game._bids[game._high_seat]))
        return IllegalAction(
            f"a bid must be higher than the last bid, {last}, not {actions.label(action)}", rule="bids rise"
        )

    def timeout(self, game: Game) -> int:
        return game.rules.actions.pass_action


class TrumpChoice:
    """After the auction the declarer names trump among the suits the ruleset allows, or one of its named games."""

    code = TRUMP

    def start(self, game: Game) -> None:
        game._phase = TRUMP
        game._turn = game._declarer

    def legal(self, game: Game) -> tuple[int, ...]:
        return game.rules.actions.trump_choices + _games_offered(game)

    def apply(self, game: Game, action: int, auto: bool) -> None:
        if action not in self.legal(game):
            raise self.refuse(game, action)
        actions = game.rules.actions
        game._record(action, auto)
        if actions.kinds[action] == GAME:
            _name_game(game, action - actions.game_base)
        else:
            game._trump = actions.suit_of_trump(action)
            if game.observer is not None:
                game.observer(TrumpSet(game._trump, game._turn))
        game._advance()

    def refuse(self, game: Game, action: int) -> ActionError:
        rules = game.rules
        actions = rules.actions
        if actions.kinds[action] not in ("trump", GAME):
            return IllegalAction(
                f"the declarer must now choose trump, not {actions.text(action)}",
                rule="trump is chosen after the auction",
            )
        allowed = " ".join([*(rules.deck.suits[s].symbol for s in rules.trump.suits), *actions.games])
        return IllegalAction(f"trump must be one of {allowed}", rule="trump.suits")

    def timeout(self, game: Game) -> int:
        actions = game.rules.actions
        legal = self.legal(game)
        for suit in game.rules.timeout.trump_order:
            if actions.trump(suit) in legal:
                return actions.trump(suit)
        return legal[0]


class TrumpMaking:
    """Rounds of trump making, each once around from the player after the dealer: a seat names a suit the round
    offers, or passes; the first to name one makes trump and is the hand's declarer. When every seat passes in
    every round the hand is thrown in, unless the dealer must name a suit in the last round."""

    code = TRUMP

    def start(self, game: Game) -> None:
        game._phase = TRUMP
        game._round = 1
        game._turn = game._next[game._dealer]

    def offered(self, game: Game) -> tuple[int, ...]:
        """The trump actions of this round: the exposed card's suit, the other suits, or every suit."""
        rules = game.rules
        kind = rules.trump.rounds[game._round - 1]
        shown = rules.deck.suit_of[game._exposed[0]] if game._exposed else NO_SUIT
        suits = range(len(rules.deck.suits))
        if kind is MakingRound.EXPOSED:
            named = [shown] if shown != NO_SUIT else []
        elif kind is MakingRound.OTHERS:
            named = [suit for suit in suits if suit != shown]
        else:
            named = list(suits)
        games = _games_offered(game) if kind is MakingRound.ANY else ()
        return tuple(rules.actions.trump(suit) for suit in named) + games

    def must_name(self, game: Game) -> bool:
        trump = game.rules.trump
        return trump.last_must_name and game._round == len(trump.rounds) and game._turn == game._dealer

    def legal(self, game: Game) -> tuple[int, ...]:
        offered = self.offered(game)
        if self.must_name(game) and offered:
            return offered
        return (game.rules.actions.pass_action, *offered)

    def apply(self, game: Game, action: int, auto: bool) -> None:
        if action not in self.legal(game):
            raise self.refuse(game, action)
        actions = game.rules.actions
        seat = game._turn
        game._record(action, auto)
        if action == actions.pass_action:
            game._passes_in_row += 1
            if game._passes_in_row < game._seats:
                game._turn = game._next[seat]
            elif game._round < len(game.rules.trump.rounds):
                game._round += 1
                game._passes_in_row = 0
                game._turn = game._next[game._dealer]
            else:
                game._cancel("every player passed in every round of trump making")
            return
        game._declarer = seat
        if actions.kinds[action] == GAME:
            _name_game(game, action - actions.game_base)
        else:
            game._trump = actions.suit_of_trump(action)
            if game.observer is not None:
                game.observer(TrumpSet(game._trump, seat))
        game._advance()

    def refuse(self, game: Game, action: int) -> ActionError:
        rules = game.rules
        actions = rules.actions
        named = " ".join(actions.label(a).removeprefix("trump ") for a in self.offered(game))
        if actions.kinds[action] not in ("trump", "pass", GAME):
            return IllegalAction(
                f"trump is being made: name a suit or pass, not {actions.text(action)}",
                rule="trump is made before the play",
            )
        if action == actions.pass_action:
            return IllegalAction(
                f"the dealer may not pass in the last round: name trump ({named})", rule="trump.last_must_name"
            )
        return IllegalAction(
            f"in round {game._round} of trump making you may name {named or 'no suit'} or pass",
            rule="trump.rounds",
        )

    def timeout(self, game: Game) -> int:
        legal = self.legal(game)
        actions = game.rules.actions
        if actions.pass_action in legal:
            return actions.pass_action
        for suit in game.rules.timeout.trump_order:
            if actions.trump(suit) in legal:
                return actions.trump(suit)
        return legal[0]


def _games_offered(game: Game) -> tuple[int, ...]:
    """The named games (`trump.games`) the seat to act may name now: those whose `when` holds."""
    rules = game.rules
    games = rules.trump.games
    if not any(g.when is not None for g in games):
        return tuple(rules.actions.game(index) for index in range(len(games)))
    facts = game._facts()
    return tuple(rules.actions.game(i) for i, g in enumerate(games) if g.when is None or g.when(facts))


def _name_game(game: Game, index: int) -> None:
    """The seat to act names game `index` of `trump.games`: its trump suit (or none) holds for the hand."""
    named = game.rules.trump.games[index]
    game._game = index
    game._trump = NO_SUIT if named.suit is None else named.suit
    if game.observer is not None:
        game.observer(GameNamed(named.name, game._turn))


class Exchange:
    """Once trump is known, one seat takes cards into its hand (the exposed card, or the stock) and lays as many
    away face down, one at a time, when the ruleset's `when` holds."""

    code = EXCHANGE

    def start(self, game: Game) -> None:
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

    def taken(self, game: Game) -> tuple[int, ...]:
        """The cards the exchange offers: the exposed card, or the stock."""
        exchange = game.rules.exchange
        assert exchange is not None
        return game._exposed if exchange.take == "exposed" else game._stock

    def take(self, game: Game) -> None:
        """The seat to act takes the cards into its hand; it then lays as many away."""
        exchange = game.rules.exchange
        assert exchange is not None
        taken = self.taken(game)
        mask = game.rules.deck.mask(taken)
        game._hands[game._turn] |= mask
        game._taken = mask
        if game.observer is not None:
            game.observer(CardsTaken(game._turn, tuple(taken), exchange.take == "exposed"))

    def deciding(self, game: Game) -> bool:
        """True while the seat of an optional exchange has yet to say whether it takes the cards."""
        exchange = game.rules.exchange
        assert exchange is not None
        return exchange.optional and not game._taken

    def choices(self, game: Game) -> CardMask:
        """The cards the seat may lay away: any it holds, except those just taken where the rules keep them."""
        exchange = game.rules.exchange
        assert exchange is not None
        hand = game._hands[game._turn]
        return hand & ~game._taken if exchange.keep_taken else hand

    def legal(self, game: Game) -> tuple[int, ...]:
        actions = game.rules.actions
        if self.deciding(game):
            return (actions.pass_action, actions.take_action)
        return tuple(actions.discard_base + card for card in game._cards(self.choices(game)))

    def apply(self, game: Game, action: int, auto: bool) -> None:
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

    def refuse(self, game: Game, action: int) -> ActionError:
        rules = game.rules
        actions = rules.actions
        exchange = rules.exchange
        assert exchange is not None
        if self.deciding(game):
            return IllegalAction(
                f"first say whether you take the cards ('take') or keep your hand ('pass'), not {actions.text(action)}",
                rule="exchange.optional",
            )
        left = exchange.discard - game._discards.bit_count()
        if actions.kinds[action] != DISCARD or action == actions.hidden_discard:
            return IllegalAction(
                f"lay {left} card{'s' if left > 1 else ''} away first, not {actions.text(action)}",
                rule="the exchange comes first",
            )
        card = actions.card_of(action)
        label = rules.deck.label(card)
        if game._taken >> card & 1 and game._hands[game._turn] >> card & 1:
            return IllegalAction(f"{label} was just taken and may not be laid away", rule="exchange.keep_taken")
        return IllegalAction(f"you do not hold {label}", rule="lay away cards from your hand")

    def timeout(self, game: Game) -> int:
        """Take the cards when the exchange is optional; then the weakest card the seat may lay away (lowest
        rank, a non-trump first)."""
        actions = game.rules.actions
        if self.deciding(game):
            return actions.take_action
        choices = game._cards(self.choices(game))
        return actions.discard(timeout_card(game.rules, choices, game._trump, game._game))


class Announcing:
    """Once the game is named, the declarer is offered each announcement whose `when` holds, in the order the rules
    list them, and announces it or passes; an announcement made can open the next one's `when`."""

    code = ANNOUNCING

    def start(self, game: Game) -> None:
        game._offer = 0
        game._phase = ANNOUNCING
        game._turn = game._declarer
        self.offer(game)

    def offer(self, game: Game) -> None:
        """Moves on to the next announcement the declarer may make, or ends the phase."""
        announcements = game.rules.announcements
        while game._offer < len(announcements):
            when = announcements[game._offer].when
            if when is None or when(game._facts()):
                return
            game._offer += 1
        game._advance()

    def legal(self, game: Game) -> tuple[int, ...]:
        actions = game.rules.actions
        return (actions.pass_action, actions.announce(game._offer))

    def apply(self, game: Game, action: int, auto: bool) -> None:
        if action not in self.legal(game):
            raise self.refuse(game, action)
        game._record(action, auto)
        if action != game.rules.actions.pass_action:
            game._announced |= 1 << game._offer
        game._offer += 1
        self.offer(game)

    def refuse(self, game: Game, action: int) -> ActionError:
        actions = game.rules.actions
        offered = actions.text(actions.announce(game._offer))
        if actions.kinds[action] == ANNOUNCE:
            return IllegalAction(
                f"the announcement offered now is '{offered}' (or 'pass'), not {actions.text(action)}",
                rule="announcements are offered in turn",
            )
        return IllegalAction(
            f"the declarer now announces ('{offered}') or passes, not {actions.text(action)}",
            rule="announcements",
        )

    def timeout(self, game: Game) -> int:
        return game.rules.actions.pass_action


class Alone:
    """The declarer plays alone (`alone`) or with the partner (`pass`); alone, the partner's hand sits out. Where
    the rules let defenders play alone too, they are asked next, the one nearest the dealer's left first; the
    first who plays alone leaves the partner out, and nobody else is asked."""

    code = ALONE

    def start(self, game: Game) -> None:
        game._phase = ALONE
        game._turn = game._declarer

    def legal(self, game: Game) -> tuple[int, ...]:
        actions = game.rules.actions
        alone = game.rules.alone
        assert alone is not None
        declaring = game._turn == game._declarer
        if declaring and alone.must_when is not None and alone.must_when(game._facts()):
            return (actions.alone_action,)
        return (actions.pass_action, actions.alone_action)

    def defenders(self, game: Game) -> tuple[int, int]:
        """The defenders in the order they are asked: first the one nearest the dealer's left, then the partner."""
        side = game._side_of[game._declarer]
        seat = game.rules.seating.next_seat[game._dealer]
        while game._side_of[seat] == side:
            seat = game.rules.seating.next_seat[seat]
        return seat, game.rules.seating.partner[seat]

    def apply(self, game: Game, action: int, auto: bool) -> None:
        if action not in self.legal(game):
            raise self.refuse(game, action)
        rules = game.rules
        alone = rules.alone
        assert alone is not None
        seat = game._turn
        game._record(action, auto)
        lone = action == rules.actions.alone_action
        if lone:
            out = rules.seating.partner[seat]
            game._outs |= 1 << out
            if game.observer is not None:
                game.observer(SitsOut(out))
        first, second = self.defenders(game)
        if seat == game._declarer and (alone.defenders == "any" or (alone.defenders == "vs_alone" and lone)):
            game._turn = first
            return
        if seat == first and not lone:
            game._turn = second
            return
        if game._outs:
            game._trick_size = game._seats - game._outs.bit_count()
            game._next = rules.seating.next_skipping(game._outs)
        game._advance()

    def refuse(self, game: Game, action: int) -> ActionError:
        actions = game.rules.actions
        if action == actions.pass_action:
            return IllegalAction("the maker must play alone here", rule="alone.must_when")
        return IllegalAction(
            f"you now play alone ('alone') or with your partner ('pass'), not {actions.text(action)}", rule="alone"
        )

    def timeout(self, game: Game) -> int:
        return self.legal(game)[0]


def _listed(values: tuple[int, ...]) -> str:
    """A list of bid values in words, its middle left out when it is long."""
    shown = [str(v) for v in values] if len(values) <= 8 else [*map(str, values[:6]), "...", str(values[-1])]
    return ", ".join(shown)


def _timeout_bid(game: Game, legal: tuple[int, ...]) -> int:
    """Pass if allowed (or the ruleset's timeout bid), else the lowest numeric bid allowed."""
    rules = game.rules
    actions = rules.actions
    wanted = rules.timeout.bid
    if wanted == "pass" and actions.pass_action in legal:
        return actions.pass_action
    if isinstance(wanted, int) and actions.bid(wanted) in legal:
        return actions.bid(wanted)
    bids = [a for a in legal if a != actions.pass_action and actions.name_index[a] < 0]
    return min(bids, key=lambda a: actions.bid_values[a]) if bids else legal[0]


BIDDING_KINDS: dict[BiddingKind, Phase] = {
    BiddingKind.AUCTION: Auction(),
    BiddingKind.CALLS: Calls(),
    BiddingKind.DECLARATIONS: Declarations(),
}
"""The registry of bidding phases by `bidding.kind` (`none`: no bidding phase)."""

PASSING_PHASE: Phase = Passing()
TRUMP_CHOICE: Phase = TrumpChoice()
TRUMP_MAKING: Phase = TrumpMaking()
EXCHANGE_PHASE: Phase = Exchange()
ALONE_PHASE: Phase = Alone()
ANNOUNCING_PHASE: Phase = Announcing()


DUELS_PHASE: Phase = Duels()


def pipeline(rules: Rules) -> tuple[Phase, ...]:
    """The phases a hand of these rules goes through before its tricks, in order."""
    phases: list[Phase] = []
    if rules.passing is not None:
        phases.append(PASSING_PHASE)
    if rules.bidding.duels:
        phases.append(DUELS_PHASE)
    elif rules.bidding.kind in BIDDING_KINDS:
        phases.append(BIDDING_KINDS[rules.bidding.kind])
    early = rules.exchange is not None and rules.exchange.before_trump
    if early:
        phases.append(EXCHANGE_PHASE)
    if rules.trump.mode is TrumpMode.CHOSEN:
        phases.append(TRUMP_CHOICE)
    elif rules.trump.mode is TrumpMode.MADE:
        phases.append(TRUMP_MAKING)
    if rules.exchange is not None and not early:
        phases.append(EXCHANGE_PHASE)
    if rules.announcements:
        phases.append(ANNOUNCING_PHASE)
    if rules.alone is not None:
        phases.append(ALONE_PHASE)
    return tuple(phases)
