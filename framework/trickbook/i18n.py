"""Arabic and English: gettext catalogues (Babel) for the web pages, the terminal table and the rule book.

English is the source language (the msgids); `locale/ar/LC_MESSAGES/trickbook.po` holds the Arabic, and the
compiled `trickbook.mo` beside it is committed so a plain `pip install` needs no build step (a test keeps the
two in step). A missing translation shows the English text.
"""

from __future__ import annotations

import ast
import functools
import io
import os
import re
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path

from babel.core import Locale, UnknownLocaleError, negotiate_locale
from babel.messages.extract import extract_javascript
from babel.support import NullTranslations, Translations

PACKAGE = Path(__file__).resolve().parent
LOCALE_DIR = PACKAGE / "locale"
DOMAIN = "trickbook"
LANGUAGES = ("en", "ar")
"""The languages trickbook speaks, the source language first."""
RIGHT_TO_LEFT = frozenset({"ar"})
HTML_MARK = re.compile(r"\{\{(.+?)\}\}", re.DOTALL)
"""How a page's HTML marks a text to translate: `{{Workbench}}`."""
JS_KEYWORD = "t"
"""The function a page's script calls with a text to translate: `t("Your turn.")`."""

MARKERS = ("_", "said")
"""The Python functions whose first argument is a text for the catalogue: gettext's `_` and `errors.said`."""

Gettext = Callable[[str], str]


@functools.cache
def translations(language: str) -> NullTranslations:
    """The catalogue of a language; English (and any language without one) keeps the source texts."""
    if language == LANGUAGES[0]:
        return NullTranslations()
    return Translations.load(str(LOCALE_DIR), [language], DOMAIN)


def gettext(language: str) -> Gettext:
    """The translating function of a language."""
    return translations(language).gettext


def direction(language: str) -> str:
    """The writing direction of a language, as HTML's `dir` attribute says it."""
    return "rtl" if language in RIGHT_TO_LEFT else "ltr"


def known(language: str | None) -> str | None:
    """A language trickbook speaks named by a tag such as `ar`, `ar_SY.UTF-8` or `en-GB`, else None."""
    if not language:
        return None
    try:
        locale = Locale.parse(language.split(".")[0].replace("-", "_"))
    except (ValueError, UnknownLocaleError):
        return None
    return locale.language if locale.language in LANGUAGES else None


def from_environment(environ: Mapping[str, str] = os.environ) -> str:
    """The language of the terminal's locale (LANGUAGE, LC_ALL, LC_MESSAGES, LANG, as gettext reads them)."""
    for key in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        for tag in environ.get(key, "").split(":"):
            language = known(tag)
            if language is not None:
                return language
    return LANGUAGES[0]


def from_header(accept_language: str) -> str:
    """The language a browser's Accept-Language header prefers among those trickbook speaks."""
    weighted = []
    for position, part in enumerate(accept_language.split(",")[:20]):
        tag, _, quality = part.strip().partition(";q=")
        try:
            weight = float(quality) if quality else 1.0
        except ValueError:
            continue
        weighted.append((-weight, position, tag.strip().replace("-", "_")))
    preferred = [tag for _, _, tag in sorted(weighted) if tag and tag != "*"]
    chosen = negotiate_locale(preferred, list(LANGUAGES), sep="_")
    return known(chosen) or LANGUAGES[0]


def html_messages(text: str) -> Iterator[str]:
    """The texts a page's HTML marks for translation."""
    for match in HTML_MARK.finditer(text):
        yield " ".join(match.group(1).split())


def script_messages(text: str) -> Iterator[str]:
    """The texts a page's script passes to `t(...)`."""
    # parse_template_string: t(...) inside `${...}` of a template string too
    found = extract_javascript(
        io.BytesIO(text.encode("utf-8")), {JS_KEYWORD: None}, [], {"parse_template_string": True}
    )
    for _line, _function, message, _comments in found:
        first = message[0] if isinstance(message, tuple) else message  # t(text, values): the text is the first
        if isinstance(first, str):
            yield first


def python_messages(text: str) -> Iterator[str]:
    """The texts Python code passes to `_(...)`, `self._(...)` or `said(...)`, inside f-strings too.

    Read from the syntax tree rather than the tokens, so every Python version finds the same texts (3.12's
    tokenizer opens f-strings, earlier ones do not).
    """
    for node in ast.walk(ast.parse(text)):
        if not isinstance(node, ast.Call) or not node.args:
            continue
        function = node.func
        name = function.id if isinstance(function, ast.Name) else getattr(function, "attr", None)
        first = node.args[0]
        if name in MARKERS and isinstance(first, ast.Constant) and isinstance(first.value, str):
            yield first.value


def source_messages(package: Path = PACKAGE) -> set[str]:
    """Every text of trickbook's pages, scripts and Python code that is marked for translation."""
    found: set[str] = set()
    for path in sorted(package.rglob("*")):
        if path.suffix == ".html":
            found.update(html_messages(path.read_text(encoding="utf-8")))
        elif path.suffix == ".js":
            found.update(script_messages(path.read_text(encoding="utf-8")))
        elif path.suffix == ".py":
            found.update(python_messages(path.read_text(encoding="utf-8")))
    return found
