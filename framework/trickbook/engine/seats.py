"""Seats 0-3 clockwise (0 = North) and the two fixed partnerships {0, 2} and {1, 3}."""

from typing import Final, TypeAlias

Seat: TypeAlias = int
Side: TypeAlias = int

SEAT_NAMES: Final = ("North", "East", "South", "West")
SIDE_NAMES: Final = ("North-South", "East-West")


def side_of(seat: Seat) -> Side:
    return seat & 1


def partner(seat: Seat) -> Seat:
    return seat ^ 2
