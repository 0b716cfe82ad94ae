"""The table's shape now lives in `trickbook.seating`; imported here for code written against earlier releases, for
one release more."""

from ..seating import COMPASS as COMPASS
from ..seating import Seating as Seating
