"""The HTML pages in the reader's language: marked texts translated on the server, each page's script texts sent
with it, and the page laid out right to left for Arabic.

A page's HTML marks a text as `{{text}}`; its scripts call `t("text")`, whose translations the server puts in
the page as JSON (`<script id="messages">`), so the browser holds no dictionary of its own.
"""

from __future__ import annotations

import functools
import html
import json
import re
from pathlib import Path

from starlette.requests import HTTPConnection

from .. import i18n

STATIC = Path(__file__).resolve().parent / "static"
LANGUAGE_COOKIE = "trickbook-lang"
"""The cookie that keeps the language a person chose with the pages' switch."""
_SCRIPT = re.compile(r'<script src="/static/([\w-]+\.js)">')


def language(request: HTTPConnection) -> str:
    """The page's language (of a request or a socket): the one chosen with the switch, else the browser's
    preference."""
    chosen = i18n.known(request.cookies.get(LANGUAGE_COOKIE))
    return chosen or i18n.from_header(request.headers.get("accept-language", ""))


@functools.cache
def render(name: str, language: str) -> str:
    """A static page with its texts, its scripts' texts and its direction in a language."""
    gettext = i18n.gettext(language)
    text = (STATIC / name).read_text(encoding="utf-8")
    scripts = _SCRIPT.findall(text)
    wanted = sorted({m for script in scripts for m in i18n.script_messages((STATIC / script).read_text("utf-8"))})
    messages = {m: gettext(m) for m in wanted if gettext(m) != m}
    payload = json.dumps(messages, ensure_ascii=False).replace("<", "\\u003c")
    text = i18n.HTML_MARK.sub(lambda m: html.escape(gettext(" ".join(m.group(1).split()))), text)
    text = text.replace('<html lang="en">', f'<html lang="{language}" dir="{i18n.direction(language)}">', 1)
    head = f'<script id="messages" type="application/json">{payload}</script>\n<link rel="stylesheet"'
    return text.replace('<link rel="stylesheet"', head, 1)
