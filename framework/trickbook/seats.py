"""Seats 0-3 clockwise (0 = North) and the two fixed partnerships {0, 2} and {1, 3}."""

from typing import Final, TypeAlias

Seat: TypeAlias = int
Side: TypeAlias = int

SEATS: Final = (0, 1, 2, 3)
SIDES: Final = (0, 1)
SEAT_NAMES: Final = ("North", "East", "South", "West")
SIDE_NAMES: Final = ("North-South", "East-West")


def side_of(seat: Seat) -> Side:
    return seat & 1


def partner(seat: Seat) -> Seat:
    return seat ^ 2


def players(side: Side) -> tuple[Seat, Seat]:
    return (side, side + 2)


def other(side: Side) -> Side:
    return side ^ 1


def step(seat: Seat, direction: int, count: int = 1) -> Seat:
    """The seat `count` turns after `seat` in the play direction (+1 clockwise, -1 counter-clockwise)."""
    return (seat + direction * count) % 4
