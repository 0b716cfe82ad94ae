"""Which bundled games use which part of the language (`trickbook rulesets --concept`, the reference's column)."""

from __future__ import annotations

import pytest

from trickbook import resources
from trickbook.cli import main
from trickbook.ruleset.loader import load_ruleset, open_ruleset, open_text
from trickbook.tools.concepts import bundled_concepts, concepts_of, language_concepts, users_of


def test_every_concept_a_bundled_game_uses_is_one_the_language_names() -> None:
    """The walk over a file and the walk over the schema name keys alike, so no use goes unlisted."""
    for ruleset_id, used in bundled_concepts().items():
        assert used <= language_concepts(), (ruleset_id, sorted(used - language_concepts()))


@pytest.mark.parametrize("ruleset_id", resources.bundled_ruleset_ids())
def test_the_trump_mode_a_ruleset_plays_by_default_is_a_choice_it_is_listed_for(ruleset_id: str) -> None:
    """Checked against the compiled rules, not the file: the concept found is the one the game plays."""
    rules = load_ruleset(ruleset_id)
    assert f"trump.mode={rules.trump.mode.value}" in bundled_concepts()[ruleset_id]
    assert ruleset_id in users_of(f"trump.mode={rules.trump.mode.value}")


def test_a_house_rule_offered_as_an_option_counts_and_words_in_prose_do_not() -> None:
    """Tarneeb 41's house rules offer doubling as a table option; Tarneeb 41 only says 'doubled' in a description."""
    assert "doubling" in concepts_of(open_ruleset("tarneeb-41-house"))
    assert "doubling" not in concepts_of(open_ruleset("tarneeb-41"))
    assert "tarneeb-41" not in users_of("doubled")
    assert "doubled" in concepts_of(open_ruleset("contract-bridge"))


def test_a_key_covers_the_keys_below_it_and_a_variant_uses_what_it_extends() -> None:
    """`play.must` lists every game that sets any duty below it; Spot Hearts extends Hearts and reads `took`."""
    assert set(users_of("play.must.raise_trump")) <= set(users_of("play.must"))
    assert users_of("play.must.raise_trump")
    text = "format: trickbook-ruleset/2\nid: house\ntitle: House\nextends: hearts\n"
    assert "took" in concepts_of(open_text(text, "house.yaml"))
    assert "spot-hearts" in users_of("took")


def test_the_command_lists_the_users_and_refuses_a_name_the_language_lacks(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    assert main(["rulesets", "--concept", "bidding.kind=calls"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in lines] == users_of("bidding.kind=calls")
    assert "contract-bridge" in lines[0]
    assert main(["rulesets", "--concept", "play.must.beatt"]) == 2
    err = capsys.readouterr().err
    assert "'play.must.beatt' is not part of the ruleset language" in err
    assert "did you mean play.must.beat" in err
    monkeypatch.setattr("trickbook.cli.rulesets.users_of", lambda concept: [])
    assert main(["rulesets", "--concept", "deal.remove"]) == 0
    assert capsys.readouterr().out == "no bundled ruleset uses deal.remove\n"
