"""The table's shape as data: how many seats, which sides (if any), who acts next and what people call them.

Seats are numbered 0 .. seats-1 clockwise, so seat s+1 sits to the left of
seat s; the direction of play only decides who acts after whom. Everything in
the engine that depends on the table reads these tables instead of assuming
four players in two partnerships.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from .errors import _

COMPASS: Final = (_("North"), _("East"), _("South"), _("West"))
"""Names of the four seats of a four-player table, as card players say them."""

SEAT: Final = _("Seat {seat}")
"""The name of a seat at a table of other than four, by its number."""


@dataclass(frozen=True, slots=True)
class Seating:
    seats: int
    sides: tuple[tuple[int, ...], ...]
    """Fixed partnerships as tuples of seats; empty when everyone plays for themselves."""
    direction: int
    """+1 clockwise, -1 counter-clockwise."""
    named_seats: tuple[str, ...] = ()
    """The ruleset's own names of the seats (`seat_names`), or empty for the usual ones."""
    named_sides: tuple[str, ...] = ()
    """The ruleset's own names of the sides (`side_names`), or empty for the seats' names joined."""
    next_seat: tuple[int, ...] = field(init=False)
    """`next_seat[seat]`: who acts after `seat`."""
    side_of: tuple[int, ...] = field(init=False)
    """`side_of[seat]`: the seat's side, or -1 at a table without sides."""
    partner: tuple[int, ...] = field(init=False)
    """`partner[seat]`: the other seat of a two-seat side, or -1."""
    seat_names: tuple[str, ...] = field(init=False)
    side_names: tuple[str, ...] = field(init=False)
    all_seats: tuple[int, ...] = field(init=False)
    """`(0, 1, ..., seats - 1)`."""
    all_sides: tuple[int, ...] = field(init=False)
    """`(0, 1, ..., number of sides - 1)`; empty at a table without sides."""

    def __post_init__(self) -> None:
        set_ = object.__setattr__
        n = self.seats
        set_(self, "next_seat", tuple((seat + self.direction) % n for seat in range(n)))
        side_of = [-1] * n
        partner = [-1] * n
        for index, members in enumerate(self.sides):
            for seat in members:
                side_of[seat] = index
                if len(members) == 2:
                    partner[seat] = members[0] if seat == members[1] else members[1]
        set_(self, "side_of", tuple(side_of))
        set_(self, "partner", tuple(partner))
        names = self.named_seats or (COMPASS if n == 4 else tuple(SEAT.format(seat=seat) for seat in range(n)))
        set_(self, "seat_names", names)
        joined = tuple("-".join(names[s] for s in members) for members in self.sides)
        set_(self, "side_names", self.named_sides or joined)
        set_(self, "all_seats", tuple(range(n)))
        set_(self, "all_sides", tuple(range(len(self.sides))))

    @property
    def has_sides(self) -> bool:
        return bool(self.sides)

    def next_skipping(self, outs: int) -> tuple[int, ...]:
        """`next_seat` when the seats in the mask `outs` sit the hand out: each seat's next player, passing over
        them."""
        table = []
        for seat in range(self.seats):
            nxt = self.next_seat[seat]
            while outs >> nxt & 1 and nxt != seat:
                nxt = self.next_seat[nxt]
            table.append(nxt)
        return tuple(table)

    def after(self, seat: int, steps: int = 1) -> int:
        """The seat `steps` places after `seat` in the direction of play."""
        return (seat + self.direction * steps) % self.seats

    def seat_label(self, seat: int) -> str:
        """`North (0)`: a seat as people and records both know it (`Seat 5` needs no number beside it)."""
        return f"{self.seat_names[seat]} ({seat})" if self.seats == 4 or self.named_seats else self.seat_names[seat]
