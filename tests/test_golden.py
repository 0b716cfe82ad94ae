"""Golden playthroughs: each configuration's seeded match must tell the same story, event by event."""

from __future__ import annotations

import pytest

from golden.playthrough import golden_path, playthrough
from helpers import CONFIGURATIONS, config_id
from trickbook import resources


@pytest.mark.parametrize("config", CONFIGURATIONS, ids=config_id)
def test_playthrough_matches_its_golden_file(config: tuple) -> None:
    path = golden_path(config)
    assert path.is_file(), f"no golden file {path.name}: run python tests/golden/playthrough.py"
    assert playthrough(config) == path.read_text(encoding="utf-8")


def test_every_bundled_ruleset_has_a_golden_playthrough() -> None:
    covered = {config[0] for config in CONFIGURATIONS}
    missing = set(resources.bundled_ruleset_ids()) - covered
    assert not missing, f"bundled rulesets without a golden playthrough: {sorted(missing)}"
    for config in CONFIGURATIONS:
        assert golden_path(config).is_file()
