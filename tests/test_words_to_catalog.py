"""tools/words_to_catalog.py: page words left as (English, Dutch, French) triples move into the
catalog (define() calls and the Dutch and French entries), once."""

from __future__ import annotations

import importlib.util
import shutil
from pathlib import Path

from babel.messages.pofile import read_po

from manille_variants.messages import LOCALE_DIR

TOOL = Path(__file__).resolve().parent.parent / "tools" / "words_to_catalog.py"
spec = importlib.util.spec_from_file_location("words_to_catalog", TOOL)
assert spec is not None and spec.loader is not None
tool = importlib.util.module_from_spec(spec)
spec.loader.exec_module(tool)

MODULE = '''"""A page module."""

from __future__ import annotations

from manille_variants.messages import define

WORDS: dict[str, tuple[str, str, str]] = {
    "seats": ("Seats", "Plaatsen", "Places"),
    "club_intro": ("A club evening: several tables, one ranking of the pairs over the whole evening, "
                   "kept by the host", "Een clubavond", "Une soirée de club"),
}

PAGE_WORDS: dict[str, str] = {
    "home": define("page.home", "Home"),
}
'''


def test_triples_become_catalog_entries_once(tmp_path: Path) -> None:
    for lang in ("nl", "fr"):
        (tmp_path / lang / "LC_MESSAGES").mkdir(parents=True)
        shutil.copy(LOCALE_DIR / lang / "LC_MESSAGES" / "manille.po", tmp_path / lang / "LC_MESSAGES")
    text, found = tool.convert_source(MODULE)
    assert set(found) == {"seats", "club_intro"}
    assert 'WORDS: dict[str, tuple[str, str, str]] = {}' in text
    assert '"seats": define("page.seats", "Seats"),' in text and '"home": define("page.home", "Home"),' in text
    namespace: dict[str, object] = {}
    exec(compile(text, "page.py", "exec"), namespace)
    assert namespace["PAGE_WORDS"] == {"home": "page.home", "seats": "page.seats", "club_intro": "page.club_intro"}
    assert all(len(line) <= 120 for line in text.splitlines())
    assert tool.add_to_catalog("nl", found, tmp_path) == 2
    assert tool.add_to_catalog("nl", found, tmp_path) == 0
    with (tmp_path / "nl" / "LC_MESSAGES" / "manille.po").open("rb") as handle:
        catalog = read_po(handle)
    entry = catalog.get("Seats", context="page.seats")
    assert entry is not None and entry.string == "Plaatsen"
    assert tool.convert_source(text) == (text, {})
