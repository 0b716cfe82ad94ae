"""A bad YAML text gets the same message whether PyYAML was built with libyaml or not."""

from __future__ import annotations

import pytest
import yaml

from trickbook.errors import RulesetError
from trickbook.ruleset import yamlsource

BAD_TEXTS = {
    "10,000-deep nesting": "x: " + "[" * 10000 + "]" * 10000 + "\n",
    "unclosed list": "a: [1, 2\nb: 3\n",
    "mapping inside a plain value": "a: b: c\n",
    "unterminated quote": "a: 'never closed\n",
    "tab indentation": "a:\n\t- 1\n",
    "control character": "a: b\x07c\n",
    "bad indentation": "a:\n  b: 1\n c: 2\n",
}


def message(text: str) -> str:
    with pytest.raises(RulesetError) as caught:
        yamlsource.parse_yaml(text, "r.yaml")
    return str(caught.value)


@pytest.mark.parametrize("name", BAD_TEXTS)
def test_the_message_does_not_depend_on_the_pyyaml_build(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    with_default = message(BAD_TEXTS[name])
    monkeypatch.setattr(yamlsource, "_LOADER", yaml.SafeLoader)
    assert message(BAD_TEXTS[name]) == with_default
    assert with_default.startswith("r.yaml:")
