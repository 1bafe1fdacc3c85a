"""Shared fixtures: a temporary working folder and a helper writing ruleset files into it."""

from __future__ import annotations

import os
import textwrap
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from manille_variants.engine import compiled, scoring

DATA = Path(__file__).parent / "data"

# The heuristic bot learns a decision table (about a minute) for a ruleset whose play is not
# bundled; tests with generated rulesets use its thresholds instead (tests/test_decisions.py
# learns small tables on purpose).
os.environ["MANILLE_LEARN"] = "0"
# The CLI speaks the environment's language (LANGUAGE, LC_ALL, LC_MESSAGES, LANG) unless --lang
# says; the tests read English unless they set one themselves.
for _name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
    os.environ.pop(_name, None)
os.environ["LANG"] = "C.UTF-8"

WriteFile = Callable[[str, str], str]


@pytest.fixture
def workdir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A temporary folder that is also the current directory (so problems name short paths)."""
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.fixture
def write(workdir: Path) -> WriteFile:
    """Write dedented text to a file under the working folder; returns its relative name."""

    def _write(name: str, text: str) -> str:
        path = workdir / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text), encoding="utf-8")
        return name

    return _write


@pytest.fixture(autouse=True)
def fresh_compiled_rulesets_under_mutation_testing() -> Iterator[None]:
    """Under `make mutation` (mutmut sets MUTANT_UNDER_TEST), every test compiles its rulesets
    afresh: a compiled ruleset caches its tables and scores, and a test reading an earlier test's
    cache would neither be credited with the functions it relies on nor run mutated code."""
    if os.environ.get("MUTANT_UNDER_TEST"):
        compiled._by_object.clear()
        compiled._by_content.clear()
        scoring._most_points.cache_clear()
    yield

