"""Library errors speak of the library's arguments: only the CLI names its options."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

import manille_variants
from manille_variants.cli import app
from manille_variants.errors import OutputExistsError, RecordError
from manille_variants.records.format import RecordExistsError
from manille_variants.sim.runner import SimError, SimOutputExistsError

PACKAGE = Path(manille_variants.__file__).resolve().parent
OPTION = re.compile(r"(^|[\s(])--?[a-z]")


def raised_texts(path: Path) -> list[str]:
    """The string pieces of every ``raise`` statement of a module."""
    texts = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Raise) and node.exc is not None:
            texts += [c.value for c in ast.walk(node.exc) if isinstance(c, ast.Constant) and isinstance(c.value, str)]
    return texts


@pytest.mark.parametrize(
    "path", [p for p in sorted(PACKAGE.rglob("*.py")) if "cli" not in p.relative_to(PACKAGE).parts],
    ids=lambda p: str(p.relative_to(PACKAGE)),
)
def test_library_errors_name_no_command_line_option(path: Path) -> None:
    assert [t for t in raised_texts(path) if OPTION.search(t)] == []


def test_a_file_in_the_way_is_still_the_error_of_its_room() -> None:
    assert issubclass(RecordExistsError, RecordError) and issubclass(RecordExistsError, OutputExistsError)
    assert issubclass(SimOutputExistsError, SimError) and issubclass(SimOutputExistsError, FileExistsError)


def test_the_cli_adds_its_option_to_a_file_in_the_way(tmp_path: Path) -> None:
    target = tmp_path / "report.html"
    target.write_text("old", encoding="utf-8")
    result = CliRunner().invoke(
        app, ["compare", "table-convention", "belgian", "-n", "4", "--report", str(target)]
    )
    assert result.exit_code == 1
    assert f"{target} exists; use --force to overwrite it" in result.output
