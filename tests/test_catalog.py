"""The message catalogs: every sentence the source declares (``define("code", "English")``,
extracted as Babel's ``pybabel extract -k define:1c,2`` does) is in the Dutch and French
catalogs, translated, not fuzzy, with the same parameters as its English template."""

from __future__ import annotations

import functools
import string
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

import manille_variants
from manille_variants.messages import LOCALE_DIR, Message, env_language, render

PACKAGE = Path(manille_variants.__file__).parent


@functools.cache
def declared() -> dict[str, str]:
    """code -> English template of every define() in the package's source."""
    found: dict[str, str] = {}
    for _file, _line, message, _comments, context in extract_from_dir(
        str(PACKAGE),
        method_map=[("**.py", "python")],
        keywords={"define": ((1, "c"), 2)},
        comment_tags=(),
    ):
        assert context and isinstance(message, str), f"define() without a code and one text in {_file}:{_line}"
        assert found.setdefault(context, message) == message, f"{context} declared twice, differently"
    return found


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


@pytest.mark.parametrize("lang", ["nl", "fr"])
def test_every_declared_sentence_is_translated(lang: str) -> None:
    with (LOCALE_DIR / lang / "LC_MESSAGES" / "manille.po").open("rb") as handle:
        catalog = read_po(handle)
    entries = {(m.context, m.id): m for m in catalog if m.id}
    problems = []
    sentences = declared()
    for code, english in sorted(sentences.items()):
        entry = entries.get((code, english))
        if entry is None:
            problems.append(f"{code}: missing (run make catalog)")
        elif entry.fuzzy or not entry.string:
            problems.append(f"{code}: {'fuzzy' if entry.fuzzy else 'untranslated'}")
        elif fields(str(entry.string)) != fields(english):
            problems.append(f"{code}: parameters {sorted(fields(str(entry.string)))} != {sorted(fields(english))}")
    stale = sorted(f"{code}: no longer in the source"
                   for code, english in entries if sentences.get(code or "") != english)
    assert not problems + stale, "\n".join(problems + stale)


def test_the_environment_picks_the_language_as_gettext_does() -> None:
    assert env_language({"LANG": "nl_BE.UTF-8"}) == "nl"
    assert env_language({"LC_ALL": "fr_BE.UTF-8", "LANG": "nl_BE.UTF-8"}) == "fr"
    assert env_language({"LC_MESSAGES": "C", "LANG": "nl_BE.UTF-8"}) == "en"
    assert env_language({"LANGUAGE": "de:nl", "LANG": "fr_FR"}) == "nl"
    assert env_language({}) == "en"


def test_nested_messages_render_in_the_same_language() -> None:
    from manille_variants.messages import define

    code = define("test.outer", "say {inner}")
    inner = define("test.inner", "hello")
    outer = Message(code, {"inner": Message(inner)})
    assert render(outer, "en") == "say hello"
    assert outer.json() == {"code": "test.outer", "params": {"inner": {"code": "test.inner", "params": {},
                                                                         "text": "hello"}}, "text": "say hello"}


@pytest.mark.parametrize("lang", ["nl", "fr"])
def test_every_entry_passes_the_checks_the_build_compiles_with(lang: str) -> None:
    """``pybabel compile`` (every build) refuses a catalog whose entries fail Babel's checkers,
    such as a ``%`` placeholder the translation lacks in a sentence Babel reads as
    python-format ("95% interval" holds ``% i``)."""
    with (LOCALE_DIR / lang / "LC_MESSAGES" / "manille.po").open("rb") as handle:
        catalog = read_po(handle)
    problems = [f"{message.context}: {error}" for message, errors in catalog.check() for error in errors]
    assert problems == []
