"""Arabic and English: the catalogue translates every marked text, its compiled form matches it, the language is
chosen as a browser or a terminal says, and the seed rulesets carry their own Arabic words."""

from __future__ import annotations

import html
import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from starlette.requests import HTTPConnection

from trickbook import i18n
from trickbook.ruleset.loader import load_ruleset
from trickbook.web import pages

FOLDER = i18n.LOCALE_DIR / "ar" / "LC_MESSAGES"
PLACE = re.compile(r"\{\w*\}")
ARABIC = re.compile("[\u0600-\u06ff]")


def _catalogue() -> Catalog:
    with (FOLDER / "trickbook.po").open("rb") as po:
        return read_po(po)


def test_every_marked_text_has_an_arabic_translation_with_the_same_places() -> None:
    catalogue = _catalogue()
    marked = i18n.source_messages()
    assert len(marked) > 100, "the pages' texts were not found"
    listed = {message.id for message in catalogue if message.id}
    assert marked - listed == set(), "texts missing from the catalogue: run python docs/catalogue_gen.py"
    assert listed - marked == set(), "texts no longer marked: run python docs/catalogue_gen.py"
    for message in catalogue:
        if message.id:
            assert message.string, f"no Arabic for {message.id!r}"
            assert sorted(PLACE.findall(message.string)) == sorted(PLACE.findall(message.id)), message.id


def test_the_committed_mo_is_the_compiled_po() -> None:
    compiled = io.BytesIO()
    write_mo(compiled, _catalogue())
    assert (FOLDER / "trickbook.mo").read_bytes() == compiled.getvalue(), "run python docs/catalogue_gen.py"


def test_a_page_script_text_inside_a_template_string_is_found() -> None:
    script = 'x = `${t("Your turn")} - ${t("{who} took {cards}", { who, cards: c })}`;'
    assert sorted(i18n.script_messages(script)) == ["Your turn", "{who} took {cards}"]


@pytest.mark.parametrize("script", sorted(p.name for p in (i18n.PACKAGE / "web" / "static").glob("*.js")))
def test_every_text_a_page_script_translates_is_found_for_its_page(script: str) -> None:
    """A page is sent the translations of the texts its scripts' `t(...)` calls are found to mark; a `t("...")`
    written within another call's arguments is not found, and would stay English on an Arabic page."""
    text = (i18n.PACKAGE / "web" / "static" / script).read_text(encoding="utf-8")
    found = set(i18n.script_messages(text))
    called = {m for m in re.findall(r'\bt\("((?:[^"\\]|\\.)*)"\s*[,)]', text)}
    assert called <= found, f"{script}: not found for translation: {sorted(called - found)}"


@pytest.mark.parametrize(
    ("header", "language"),
    [
        ("ar-SY,ar;q=0.9,en;q=0.8", "ar"),
        ("en-GB,ar;q=0.5", "en"),
        ("fr-FR,ar;q=0.3,en;q=0.2", "ar"),
        ("", "en"),
        ("de, *;q=0.1", "en"),
        ("ar;q=bad, en", "en"),
    ],
)
def test_the_browser_language_is_chosen_from_accept_language(header: str, language: str) -> None:
    assert i18n.from_header(header) == language


def test_the_terminal_language_comes_from_the_locale_environment() -> None:
    assert i18n.from_environment({"LANG": "ar_SY.UTF-8"}) == "ar"
    assert i18n.from_environment({"LANG": "ar_SY.UTF-8", "LC_ALL": "en_US.UTF-8"}) == "en"
    assert i18n.from_environment({"LANG": "C.UTF-8"}) == "en"
    assert i18n.from_environment({}) == "en"


def test_arabic_texts_come_from_the_catalogue_and_english_is_the_source() -> None:
    assert i18n.gettext("ar")("Your turn.") == "دورك."
    assert i18n.gettext("en")("Your turn.") == "Your turn."
    assert i18n.direction("ar") == "rtl" and i18n.direction("en") == "ltr"


@pytest.mark.parametrize("ruleset", ["cardems-tarneeb", "tarneeb-41", "cardems-spades", "syrian-tarneeb-41"])
def test_each_seed_ruleset_has_its_arabic_title_description_and_terms(ruleset: str) -> None:
    rules = load_ruleset(ruleset)
    arabic = rules.translation("ar")
    assert ARABIC.search(arabic.title) and ARABIC.search(arabic.description), arabic
    names = [*rules.seating.seat_names, *rules.seating.side_names, *(s.name for s in rules.deck.suits)]
    assert all(ARABIC.search(rules.word("ar", name)) for name in names), dict(arabic.words)
    assert rules.translation("en").title == rules.title
    assert rules.word("fr", "North") == "North"
    bare = load_ruleset(ruleset)
    assert rules.digest == bare.digest


def test_tarneeb_option_values_have_the_seed_games_words() -> None:
    rules = load_ruleset("tarneeb-41")
    assert rules.word("ar", "kouz-moving") == "كوز متحرك"
    assert rules.word("ar", "kubba") == "كبي"
    assert "طرنيب" in rules.translation("ar").title


def test_a_name_is_told_as_words_and_translated_whether_written_with_underscores_or_spaces(tmp_path: Path) -> None:
    estimation = load_ruleset("estimation")
    assert estimation.word("en", "no_trump") == "no trump"  # the game's name, untranslated in English
    assert estimation.word("ar", "no_trump") == "بلا طرنيب"
    assert estimation.word("fr", "no_trump") == "no trump"
    assert estimation.word("en", "North") == "North"
    variant = tmp_path / "sans-atout.yaml"
    variant.write_text(
        "format: trickbook-ruleset/2\nid: sans-atout\nextends: estimation\n"
        "translations:\n  fr:\n    title: Estimation\n    words:\n      no trump: sans atout\n",
        encoding="utf-8",
    )
    assert load_ruleset(variant).word("fr", "no_trump") == "sans atout"


def _run(arguments: list[str], lang: str, stdin: str = "") -> str:
    environment = {key: value for key, value in os.environ.items() if not key.startswith(("LC_", "LANG"))}
    done = subprocess.run(
        [sys.executable, "-m", "trickbook.cli", *arguments],
        input=stdin,
        capture_output=True,
        text=True,
        encoding="utf-8",
        env={**environment, "LANG": lang},
        check=True,
    )
    return done.stdout


def test_play_speaks_arabic_where_the_terminal_locale_is_arabic_and_english_with_lang_en(tmp_path: Path) -> None:
    arguments = ["play", "tarneeb-41", "--seed", "3", "--save", str(tmp_path / "m.json")]
    arabic = _run(arguments, "ar_SY.UTF-8", "quit\n")
    assert "طرنيب 41: أنت تلعب الشمال" in arabic
    assert "اليد 1 · يوزع" in arabic and "ورقك: " in arabic and "حُفظت المباراة في" in arabic
    english = _run([*arguments, "--lang", "en"], "ar_SY.UTF-8", "quit\n")
    assert "Tarneeb 41: you play North" in english and "Your hand: " in english
    assert not ARABIC.search(english.replace("كيف تلعب طرنيب؟", ""))


def test_explain_lang_ar_gives_the_rule_book_arabic_headings_and_a_right_to_left_page() -> None:
    book = _run(["explain", "tarneeb-41", "--lang", "ar"], "C.UTF-8")
    assert book.startswith("# طرنيب 41 (`tarneeb-41`, نسخة القواعد 2)")
    assert "## المزايدة" in book and "## النقاط" in book and "| مزايدة | نقص أكلة | تحقق تماماً |" in book
    page = _run(["explain", "tarneeb-41", "--lang", "ar", "--format", "html"], "C.UTF-8")
    assert '<html lang="ar" dir="rtl">' in page
    assert "## Bidding" in _run(["explain", "tarneeb-41"], "C.UTF-8")


@pytest.mark.parametrize(
    ("cookie", "header", "language"),
    [
        ("ar", "en-GB,en;q=0.9", "ar"),
        ("en", "ar", "en"),
        (None, "ar-SY,ar;q=0.9", "ar"),
        ("klingon", "ar", "ar"),
        (None, None, "en"),
    ],
)
def test_a_pages_language_is_the_one_chosen_with_the_switch_else_the_browsers(
    cookie: str | None, header: str | None, language: str
) -> None:
    headers = [] if header is None else [(b"accept-language", header.encode())]
    if cookie is not None:
        headers.append((b"cookie", f"{pages.LANGUAGE_COOKIE}={cookie}".encode()))
    assert pages.language(HTTPConnection({"type": "http", "headers": headers})) == language


@pytest.mark.parametrize(("language", "direction"), [("ar", "rtl"), ("en", "ltr")])
def test_a_page_is_rendered_in_its_language_and_direction_with_its_scripts_texts(language: str, direction: str) -> None:
    page = pages.render("table.html", language)
    assert f'<html lang="{language}" dir="{direction}">' in page and "{{" not in page
    messages = json.loads(re.search(r'<script id="messages" type="application/json">(.*?)</script>', page).group(1))
    assert bool(messages) == (language == "ar") and all(i18n.gettext("ar")(m) == t for m, t in messages.items())
    for text in messages.values():  # written as the language's own letters, not as \u escapes six bytes each
        assert text.replace("<", "\\u003c") in page


def test_a_pages_marked_texts_are_escaped_as_html() -> None:
    """The workbench's "... see this one's." holds an apostrophe, which a translation's quotes and angle brackets
    would join: each is written as an entity, never as markup."""
    page = pages.render("workbench.html", "en")
    assert "this one&#x27;s" in page and "this one's" not in page


def test_only_a_pages_first_html_tag_and_first_stylesheet_link_are_rewritten(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The texts go in once, before the first stylesheet, and the language on the page's own tag: the same
    words later in the page (a second stylesheet, a sample of markup shown as text) are left as written."""
    page = (
        '<html lang="en">\n<head><link rel="stylesheet" href="a.css">\n<link rel="stylesheet" href="b.css"></head>\n'
        '<body><pre><html lang="en"></pre></body></html>\n'
    )
    (tmp_path / "twice.html").write_text(page, encoding="utf-8")
    monkeypatch.setattr(pages, "STATIC", tmp_path)
    pages.render.cache_clear()
    try:
        rendered = pages.render("twice.html", "ar")
    finally:
        pages.render.cache_clear()
    assert rendered.count('<script id="messages"') == 1
    assert rendered.index('<script id="messages"') < rendered.index('href="a.css"')
    assert rendered.count('<html lang="ar" dir="rtl">') == 1 and rendered.count('<html lang="en">') == 1


def test_a_marked_text_wrapped_over_lines_is_translated_as_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A page may wrap a long marked text: its spaces and line breaks count as one space, as the catalogue
    holds it."""
    (tmp_path / "wrapped.html").write_text(
        '<html lang="en">\n<body><button>{{Leave\n      the   table}}</button></body></html>\n', encoding="utf-8"
    )
    monkeypatch.setattr(pages, "STATIC", tmp_path)
    pages.render.cache_clear()
    try:
        rendered = pages.render("wrapped.html", "ar")
    finally:
        pages.render.cache_clear()
    arabic = i18n.gettext("ar")("Leave the table")
    assert arabic != "Leave the table" and f"<button>{html.escape(arabic)}</button>" in rendered
