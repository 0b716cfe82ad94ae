"""Each kind of schema violation is told in words: the key, the problem, what is allowed and what was found."""

from __future__ import annotations

from pathlib import Path

import pytest

from trickbook import load_ruleset
from trickbook.errors import RulesetError

HEADER = "format: trickbook-ruleset/1\nid: house\ntitle: House rules\nextends: tarneeb-41\n"

CASES = {
    "a value outside a list of choices": (
        "direction: sideways\n",
        "5:12: direction: this value is not allowed here",
        "expected one of 'clockwise', 'counter-clockwise'",
        "found 'sideways'",
    ),
    "a number out of range": (
        "dealer:\n  first: 9\n",
        "6:10: dealer.first: this number is out of range",
        "expected at most 6",
        "found 9",
    ),
    "an empty list": (
        "dealer:\n  roles: []\n",
        "6:10: dealer.roles: this value has the wrong size",
        "expected at least 1 item(s)",
        "found a list of 0 item(s)",
    ),
    "a name of the game's words on two lines": (
        'translations:\n  ar:\n    title: "طرنيب\\nالبيت"\n    words:\n      hearts: "كبي\\tقلب"\n',
        "7:12: translations.ar.title: this text has the wrong form",
        "expected The name people see, in this language, on one line (no tab, line break or other control character).",
        "found 'طرنيب\\nالبيت'",
    ),
    "a repeated item": (
        "trump:\n  suits: [H, D, H]\n",
        "6:10: trump.suits: this list repeats an item",
        "expected each item at most once",
        "found 'H' more than once",
    ),
    "text too long": (
        "source: " + "x" * 401 + "\n",
        "5:9: source: this value has the wrong size",
        "expected at most 400 character(s)",
        "found 'xxx",
    ),
    "a name of the wrong form": (
        "bidding:\n  named: {Nil: {value: 0}}\n",
        "6:10: bidding.named: this text has the wrong form",
        "expected a name usable in expressions: lower-case letters, digits and underscores, such as 'king_bonus'",
        "found 'Nil'",
    ),
    "none of several forms, one given by reference": (
        "play:\n  lead_restrictions: [{suit: 7, until: broken}]\n",
        "play.lead_restrictions[0].suit: this value matches none of the allowed forms",
        "expected a suit code of the deck, such as 'H'; or 'trump': this hand's trump suit",
        "found 7",
    ),
    "none of several forms, one a list of choices": (
        "timeout:\n  bid: [1]\n",
        "6:8: timeout.bid: this value matches none of the allowed forms",
        "expected one of 'pass', 'lowest'; or a whole number",
        "found a list of 1 item(s)",
    ),
    "a missing key": (
        "versions:\n  - {version: 1, description: a}\n  - version: 3\n",
        "versions[1]: the key 'description' is missing",
        "expected keys 'version', 'description'",
        "",
    ),
}


@pytest.mark.parametrize("name", CASES)
def test_a_schema_violation_reads_as_words(name: str, tmp_path: Path) -> None:
    body, *parts = CASES[name]
    path = tmp_path / "house.yaml"
    path.write_text(HEADER + body, encoding="utf-8")
    with pytest.raises(RulesetError) as caught:
        load_ruleset(path)
    message = str(caught.value)
    assert message.startswith(str(path) + ":"), message
    for part in parts:
        assert part in message, message
    assert "True" not in message and "another form" not in message, message


def test_the_workbench_says_a_schema_error_in_the_pages_language_and_keeps_the_files_words() -> None:
    """The problem and the frame (expected, found) read in Arabic on an Arabic page; what the schema allows and
    what the file holds stay as written, since they are the file's own words. English is unchanged."""
    from trickbook.web.workbench import study

    text = "format: trickbook-ruleset/2\nid: house\ntitle: House\nextends: whist\ndirection: sideways\n"
    (arabic,) = study(text, {}, "ar")["errors"]
    assert arabic["line"] == 5 and arabic["message"] == "هذه القيمة غير مسموحة هنا"
    assert arabic["text"] == (
        "editor:5:12: direction: هذه القيمة غير مسموحة هنا\n  المتوقع: one of 'clockwise', 'counter-clockwise'\n"
        "  الموجود: 'sideways'\n  تلميح: Order of dealing, bidding and play. Clockwise: the next seat is seat + 1."
    )
    (english,) = study(text, {}, "en")["errors"]
    assert english["message"] == "this value is not allowed here"
    assert english["text"] == (
        "editor:5:12: direction: this value is not allowed here\n  expected one of 'clockwise', 'counter-clockwise'\n"
        "  found 'sideways'\n  hint: Order of dealing, bidding and play. Clockwise: the next seat is seat + 1."
    )


def test_the_workbench_says_an_expression_error_in_the_pages_language() -> None:
    """The expression checker's problem, what it expected and its hint are sentences of the catalogue: Arabic on
    an Arabic page, with the names and kinds they quote in it; English is unchanged, and so is `str()`."""
    from trickbook.web.workbench import study

    unknown = (
        "format: trickbook-ruleset/2\nid: house\ntitle: House\nextends: tarneeb-41\nmatch:\n  wins: totl(side) >= 61\n"
    )
    (arabic,) = study(unknown, {}, "ar")["errors"]
    assert (arabic["line"], arabic["message"], arabic["hint"]) == (6, "اسم غير معروف 'totl'", "هل تقصد 'total'؟")
    assert arabic["text"].endswith("  تلميح: هل تقصد 'total'؟")
    (english,) = study(unknown, {}, "en")["errors"]
    assert (english["message"], english["hint"]) == ("unknown name 'totl'", "did you mean 'total'?")
    wrong_kind = unknown.replace("totl(side) >= 61", "total(side) + 1")
    (arabic,) = study(wrong_kind, {}, "ar")["errors"]
    assert arabic["message"] == "هذا التعبير يعطي عدد"
    assert "  المتوقع: صحيح أو خطأ\n  الموجود: عدد" in arabic["text"]  # the kind found is the program's word
    (english,) = study(wrong_kind, {}, "en")["errors"]
    assert english["text"].endswith(
        "this expression gives a number\n    total(side) + 1\n    ^^^^^^^^^^^^^^^\n"
        "  expected true or false\n  found a number"
    )


def test_an_expression_error_from_a_worker_process_keeps_its_sentences() -> None:
    """Pickled as a worker process sends it, the error still says itself in Arabic, and the same in English."""
    import pickle

    from trickbook import i18n
    from trickbook.errors import ExpressionError
    from trickbook.ruleset.loader import open_text

    text = (
        "format: trickbook-ruleset/2\nid: house\ntitle: House\nextends: tarneeb-41\nmatch:\n  wins: total(side) + 1\n"
    )
    with pytest.raises(ExpressionError) as caught:
        open_text(text, "house.yaml").resolve()
    back = pickle.loads(pickle.dumps(caught.value))
    arabic = i18n.gettext("ar")
    assert back.render(arabic) == caught.value.render(arabic)
    assert "house.yaml:6:9: match.wins: هذا التعبير يعطي عدد" in back.render(arabic)
    assert str(back) == str(caught.value) and "this expression gives a number" in str(back)


def test_the_workbench_says_why_a_worked_example_does_not_hold_in_the_pages_language() -> None:
    """A value that differs and an example that cannot be evaluated are catalogue sentences: Arabic on an Arabic
    page, with the keys, values and names they quote as written; English is unchanged."""
    from trickbook.web.workbench import study

    text = (
        "format: trickbook-ruleset/1\nid: v\ntitle: V\nextends: cardems-spades\nexamples:\n"
        "  - name: unknown counter\n    bids: [1, 1, 1, 1]\n    tricks: [4, 3, 3, 3]\n"
        "    counters: {pips: [1, 1]}\n    expect: {score: [0, 0]}\n"
        "  - name: wrong score\n    bids: [1, 1, 1, 1]\n    tricks: [4, 3, 3, 3]\n    expect: {score: [0, 0]}\n"
    )
    arabic = [e["mismatches"] for e in study(text, {}, "ar")["examples"]]
    assert arabic == [
        ["لا يمكن حسابه: 'pips' ليس عدّاداً في هذه القواعد؛ العدّادات: bags"],
        ["score: المتوقع [0, 0]، والناتج [25, 24]"],
    ]
    english = [e["mismatches"] for e in study(text, {}, "en")["examples"]]
    assert english == [
        ["cannot be evaluated: 'pips' is not a counter of this ruleset; counters: bags"],
        ["score: expected [0, 0], got [25, 24]"],
    ]


def test_the_workbench_says_a_lint_finding_in_the_pages_language() -> None:
    """`validate`'s findings are catalogue sentences: a definition never used is warned about in Arabic on an
    Arabic page, at its line, and in English as before."""
    from trickbook.web.workbench import study

    text = "format: trickbook-ruleset/2\nid: house\ntitle: House\nextends: hearts\ndefinitions:\n  spare: 1\n"
    (arabic,) = study(text, {}, "ar")["warnings"]
    assert (arabic["line"], arabic["message"]) == (6, "التعريف 'spare' غير مستعمل أبداً")
    assert arabic["text"].endswith("definitions.spare: التعريف 'spare' غير مستعمل أبداً")
    (english,) = study(text, {}, "en")["warnings"]
    assert english["message"] == "the definition 'spare' is never used"


def test_the_workbench_says_a_builders_check_in_the_pages_language() -> None:
    """The builder's checks converted to catalogue sentences (the table, the deal, passing) read in Arabic on an
    Arabic page; English is unchanged."""
    from trickbook.web.workbench import study

    text = "format: trickbook-ruleset/2\nid: house\ntitle: House\nextends: whist\nsides: [[0, 2], [1, 2]]\n"
    (arabic,) = study(text, {}, "ar")["errors"]
    assert (arabic["message"], arabic["hint"]) == ("المقعد 2 في الفريق 0 من قبل", "المقعد يلعب لفريق واحد")
    (english,) = study(text, {}, "en")["errors"]
    assert english["text"] == "editor:5:21: sides[1][1]: seat 2 is already on side 0\n  hint: a seat plays for one side"
