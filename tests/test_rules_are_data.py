"""The interpreter names no game, variant, special bid or suit: those live in rulesets/."""

from __future__ import annotations

import re
from pathlib import Path

from trickbook import resources

PACKAGE = Path(__file__).resolve().parent.parent / "framework" / "trickbook"
GAME_WORDS = re.compile(
    r"tarneeb|spades|\bnil\b|kubba|kouz|\bbags?\b|hearts|diamonds|clubs|cardems|syrian|\bking\b", re.I
)


def test_the_framework_mentions_no_variant_id_or_game_specific_word() -> None:
    offenders = []
    files = sorted([*PACKAGE.rglob("*.py"), *PACKAGE.rglob("*.lark")])
    assert files, "the package sources were not found"
    # Ids as whole words: a "checkout" does not name Kout.
    ids = re.compile("|".join(rf"\b{re.escape(i)}\b" for i in resources.bundled_ruleset_ids()))
    for path in files:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if GAME_WORDS.search(line) or ids.search(line):
                offenders.append(f"{path.relative_to(PACKAGE)}:{number}: {line.strip()}")
    assert not offenders, "game-specific words in the interpreter:\n" + "\n".join(offenders)


def test_the_framework_names_no_suit_or_card_code_in_code() -> None:
    suit_literal = re.compile(r"""["'](?:[2-9TJQKA]?[SHDC]|[♠♥♦♣])["']""")
    offenders = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if suit_literal.search(line):
                offenders.append(f"{path.relative_to(PACKAGE)}:{number}: {line.strip()}")
    assert not offenders, "suit or card literals in the interpreter:\n" + "\n".join(offenders)
