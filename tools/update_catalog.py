"""Bring the Dutch and French catalogs up to the source: every ``define("code", "English")``
of the package gets an entry (new ones empty, to translate), entries whose code or English text
is no longer in the source go, translations stay.  Written in the format
``tools/words_to_catalog.py`` writes, so the catalogs change only where the sentences do
(``make catalog`` runs both; ``tests/test_catalog.py`` then names what is left to translate).
"""

from __future__ import annotations

import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po
from words_to_catalog import header_of, write_catalog

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "manille_variants"
LOCALE = PACKAGE / "locale"


def declared(package: Path = PACKAGE) -> dict[str, str]:
    """code -> English template of every define() below ``package``."""
    found: dict[str, str] = {}
    for _file, _line, message, _comments, context in extract_from_dir(
            str(package), method_map=[("**.py", "python")], keywords={"define": ((1, "c"), 2)},
            comment_tags=()):
        if context and isinstance(message, str):
            found[context] = message
    return found


def update(lang: str, sentences: dict[str, str], locale: Path = LOCALE) -> tuple[int, int]:
    """Add the missing entries of ``lang`` and drop the stale ones: (added, dropped)."""
    path = locale / lang / "LC_MESSAGES" / "manille.po"
    header = header_of(path)
    with path.open("rb") as handle:
        catalog: Catalog = read_po(handle)
    stale = [(m.id, m.context) for m in catalog if m.id and sentences.get(m.context or "") != m.id]
    for message_id, context in stale:
        catalog.delete(message_id, context=context)
    added = 0
    for code, english in sentences.items():
        if catalog.get(english, context=code) is None:
            catalog.add(english, "", context=code)
            added += 1
    if added or stale:
        write_catalog(path, catalog, header)
    return added, len(stale)


def main() -> int:
    sentences = declared()
    for lang in ("nl", "fr"):
        added, dropped = update(lang, sentences)
        print(f"{lang}: {len(sentences)} sentences, {added} new (to translate), {dropped} gone")
    return 0


if __name__ == "__main__":
    sys.exit(main())
