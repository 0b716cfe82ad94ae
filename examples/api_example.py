"""Using trickbook from Python: load a ruleset, play a match between players, read the result.

python examples/api_example.py
"""

from __future__ import annotations

import random

from trickbook import Game, load_ruleset
from trickbook.record.writer import match_record

rules = load_ruleset("tarneeb-41", options={"trump": "kubba"})
game = Game(rules, seed=2026, hand_cap=200)
chooser = random.Random(2026)

while not game.is_over():
    seat = game.turn
    view = game.view(seat)  # what this seat may see: its own cards and everything public
    game.apply(chooser.choice(view.legal))

print(f"{rules.title}: {len(game.history)} hands, totals {game.totals}, winner {game.winner} ({game.end_reason})")
last = game.history[-1]
print(f"last hand: dealer {last.dealer}, trump {rules.deck.suits[last.trump].symbol}, tricks {last.tricks_won}")
for line in last.lines:
    print(f"  {line.rule} for {line.per} {line.target}: {line.points:+d}")
record = match_record(game)
print(f"the record has {len(record['hands'])} hands and {sum(len(h['actions']) for h in record['hands'])} actions")
