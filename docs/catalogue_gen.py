"""Brings the Arabic catalogue in step with the texts marked in trickbook's sources, and compiles it.

    python docs/catalogue_gen.py

Adds every newly marked text to framework/trickbook/locale/ar/LC_MESSAGES/trickbook.po with an empty
translation (to fill in), drops texts no longer marked, and writes the compiled trickbook.mo beside it, which is
committed so that `pip install` needs no build step. `tests/test_i18n.py` fails while a text is untranslated or
the .mo differs from the .po.
"""

from __future__ import annotations

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from trickbook import i18n

FOLDER = i18n.LOCALE_DIR / "ar" / "LC_MESSAGES"


def updated(old: Catalog) -> Catalog:
    """A catalogue of exactly the marked texts, keeping the translations `old` has for them."""
    new = Catalog(
        locale="ar",
        domain=i18n.DOMAIN,
        project="trickbook",
        copyright_holder="the trickbook authors",
        creation_date=old.creation_date,
        revision_date=old.revision_date,
        fuzzy=False,
    )
    for text in sorted(i18n.source_messages()):
        kept = old.get(text)
        new.add(text, kept.string if kept is not None else "")
    return new


def main() -> None:
    po = FOLDER / f"{i18n.DOMAIN}.po"
    FOLDER.mkdir(parents=True, exist_ok=True)
    old = read_po(po.open("rb")) if po.exists() else Catalog(locale="ar")
    catalog = updated(old)
    with po.open("wb") as out:
        write_po(out, catalog, width=120, omit_header=False, no_location=True)
    with (FOLDER / f"{i18n.DOMAIN}.mo").open("wb") as out:
        write_mo(out, catalog)
    missing = [m.id for m in catalog if m.id and not m.string]
    print(f"{po}: {len(catalog)} texts, {len(missing)} untranslated")


if __name__ == "__main__":
    main()
