"""Move the page words still written as (English, Dutch, French) triples into the catalog.

A module may hold a top-level ``WORDS: dict[str, tuple[str, str, str]]`` of page words (the way
they were written before the catalog).  For each ``key: (en, nl, fr)`` this tool

- adds ``"key": define("page.key", "en"),`` to the module's ``PAGE_WORDS`` dict (created just
  after ``WORDS`` when missing), so ``web.i18n.translate(lang, "key")`` finds it;
- adds the entry ``msgctxt "page.key"`` / ``msgid en`` with ``nl`` and ``fr`` to the Dutch and
  French catalogs (an entry already there keeps its translation);
- leaves ``WORDS`` empty.

It is idempotent: a second run finds no triple and changes nothing.  Run it after merging a
branch that added words the old way, then ``make catalog`` and ``pytest tests/test_catalog.py``::

    .venv/bin/python tools/words_to_catalog.py                 # manille_variants/web/i18n.py
    .venv/bin/python tools/words_to_catalog.py path/to/module.py ...
"""

from __future__ import annotations

import ast
import sys
import textwrap
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "manille_variants" / "locale"
DEFAULT = ROOT / "manille_variants" / "web" / "i18n.py"
PREFIX = "page."
WIDTH = 120


def _assignment(tree: ast.Module, name: str) -> ast.Assign | ast.AnnAssign | None:
    """The module's top-level assignment of ``name``."""
    for node in tree.body:
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and node.target.id == name:
            return node
        if (isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name)
                and node.targets[0].id == name):
            return node
    return None


def triples(tree: ast.Module) -> tuple[ast.stmt | None, dict[str, tuple[str, str, str]]]:
    """The ``WORDS`` assignment of a module and its (en, nl, fr) triples."""
    node = _assignment(tree, "WORDS")
    if node is None or not isinstance(node.value, ast.Dict):
        return None, {}
    value = ast.literal_eval(node.value)
    return node, {k: (v[0], v[1], v[2]) for k, v in value.items()}


def page_words(tree: ast.Module) -> ast.stmt | None:
    return _assignment(tree, "PAGE_WORDS")


def define_line(key: str, english: str) -> str:
    """``    "key": define("page.key", "English"),`` wrapped to the line length."""
    head = f"    {key!r}: define({PREFIX + key!r}, ".replace("'", '"')
    one = f"{head}{_quote(english)}),"
    if len(one) <= WIDTH:
        return one
    parts = textwrap.wrap(english, WIDTH - 12, drop_whitespace=False, break_on_hyphens=False)
    body = "\n".join(f"        {_quote(p)}" for p in parts)
    return f"{head.rstrip()}\n{body}),"


def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def convert_source(source: str) -> tuple[str, dict[str, tuple[str, str, str]]]:
    """The module's source with its triples moved to ``PAGE_WORDS`` define() calls, and the triples."""
    tree = ast.parse(source)
    words_node, found = triples(tree)
    if words_node is None or not found:
        return source, {}
    lines = source.splitlines(keepends=True)
    new = [define_line(k, v[0]) + "\n" for k, v in found.items()]
    empty = "WORDS: dict[str, tuple[str, str, str]] = {}\n"
    page = page_words(tree)
    start, end = words_node.lineno - 1, words_node.end_lineno or words_node.lineno
    if page is None:
        block = ["\n", "# key: the word's code in the catalog is page.<key>\n",
                 "PAGE_WORDS: dict[str, str] = {\n", *new, "}\n"]
        lines[start:end] = [empty, *block]
    else:
        close = (page.end_lineno or page.lineno) - 1
        lines[close:close] = new  # before the closing brace
        lines[start:end] = [empty]
    text = "".join(lines)
    if "define" not in {n.name for n in ast.walk(ast.parse(text)) if isinstance(n, ast.alias)}:
        text = _import_define(text)
    return text, found


def _import_define(text: str) -> str:
    lines = text.splitlines(keepends=True)
    index = max(i for i, line in enumerate(lines) if line.startswith(("import ", "from ")))
    lines.insert(index + 1, "from manille_variants.messages import define\n")  # ruff --fix sorts it
    return "".join(lines)


def add_to_catalog(lang: str, found: dict[str, tuple[str, str, str]], locale: Path = LOCALE) -> int:
    """Add the triples' ``lang`` words to its catalog; returns how many entries were new."""
    path = locale / lang / "LC_MESSAGES" / "manille.po"
    header = header_of(path)
    with path.open("rb") as handle:
        catalog: Catalog = read_po(handle)
    column = 1 if lang == "nl" else 2
    added = 0
    for key, words in found.items():
        code, english = PREFIX + key, words[0]
        if catalog.get(english, context=code) is None:
            catalog.add(english, words[column], context=code)
            added += 1
    if added:
        write_catalog(path, catalog, header)
    return added


def write_catalog(path: Path, catalog: Catalog, header: str) -> None:
    """``catalog`` written to ``path`` in the one format the tools keep, under ``header``."""
    with path.open("wb") as handle:
        write_po(handle, catalog, omit_header=True, width=76)
    body = path.read_text(encoding="utf-8")
    path.write_text(header + body, encoding="utf-8")


def header_of(path: Path) -> str:
    """The catalog's comment lines and its header entry (kept as written)."""
    text = path.read_text(encoding="utf-8")
    head, _, _ = text.partition("\n\n")
    return head + "\n\n" if 'msgid ""' in head and "msgctxt" not in head else ""


def main(argv: list[str]) -> int:
    for path in [Path(a) for a in argv] or [DEFAULT]:
        source = path.read_text(encoding="utf-8")
        text, found = convert_source(source)
        if not found:
            print(f"{path}: no triples left")
            continue
        counts = {lang: add_to_catalog(lang, found) for lang in ("nl", "fr")}
        path.write_text(text, encoding="utf-8")
        print(f"{path}: {len(found)} word(s) moved to the catalog (new entries: nl {counts['nl']}, fr {counts['fr']})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
