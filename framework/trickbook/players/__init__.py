"""Players: each decides from its own seat's view and the legal actions, and nothing else."""

from .base import Player, PlayerSpec, make_player, parse_player_specs

__all__ = ["Player", "PlayerSpec", "make_player", "parse_player_specs"]
