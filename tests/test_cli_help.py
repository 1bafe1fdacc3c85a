"""Every command's --help: flags bare, options with a meaningful metavar, one shared -r/--ruleset;
and every option documented in docs/cli.md."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import typer
from typer.testing import CliRunner

from manille_variants.cli import app

runner = CliRunner()
GROUP = typer.main.get_command(app)
COMMANDS: dict[str, Any] = dict(getattr(GROUP, "commands", {}))
CLI_MD = (Path(__file__).resolve().parent.parent / "docs" / "cli.md").read_text(encoding="utf-8")
METAVAR = re.compile(r"^[A-Z][A-Z0-9_.|]*$|^tcp://HOST:PORT$|^FILE\.html$")


def options(command: Any) -> list[Any]:
    return [p for p in command.params if p.param_type_name == "option"]


def test_every_command_is_checked() -> None:
    assert {"legal", "score", "play", "scoresheet", "replay", "audit", "rulesets", "show",
            "validate", "diff", "schema", "simulate", "compare"} <= set(COMMANDS)


def test_root_help_shows_flags_bare() -> None:
    result = runner.invoke(app, ["--help"], env={"COLUMNS": "100"})
    assert result.exit_code == 0
    assert re.search(r"--debug\s+Show tracebacks", result.output)
    assert "<bool>" not in result.output


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_help_shows_flags_bare_and_options_with_metavars(name: str) -> None:
    result = runner.invoke(app, [name, "--help"], env={"COLUMNS": "120"})
    assert result.exit_code == 0
    out = result.output
    assert "<bool>" not in out and re.search(r"--help\s+Show this message", out)
    for option in options(COMMANDS[name]):
        long = max(option.opts, key=len)
        if option.is_flag:
            assert re.search(rf"{long}\s+(?:-\w\s+)?[A-Z]", out), f"{name} {long} is not bare"
            continue
        assert option.metavar and METAVAR.match(option.metavar), f"{name} {long}: {option.metavar}"
        assert re.search(rf"{long}\s+(?:-\w\s+)?{re.escape(option.metavar)}", out), (name, long)
    assert not re.search(r"<(?:str|int|path|bool|list)", out)  # no typer type labels at all


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_one_shared_ruleset_option(name: str) -> None:
    for option in options(COMMANDS[name]):
        if "--ruleset" in option.opts:
            assert option.opts == ["-r", "--ruleset"] and option.metavar == "RULESET"


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_every_option_is_documented_in_cli_md(name: str) -> None:
    heading = re.search(rf"^### `manille {name}\b(.*)`$", CLI_MD, re.M)
    assert heading, f"docs/cli.md has no section for manille {name}"
    for option in options(COMMANDS[name]):
        if option.name == "help":
            continue
        assert any(re.search(rf"(?<![\w-]){re.escape(o)}\b", heading[1]) for o in option.opts), (
            f"docs/cli.md: manille {name} does not show {option.opts}"
        )


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_help_paragraphs_are_not_broken_where_the_source_breaks_its_lines(name: str) -> None:
    # A command's docstring is wrapped at ~95 columns in the source; its help must not keep
    # those breaks (they showed in the middle of sentences at 80 columns).
    result = runner.invoke(app, [name, "--help"], env={"COLUMNS": "400"})
    assert result.exit_code == 0
    text = " ".join(line.strip(" │") for line in result.output.splitlines())
    doc = COMMANDS[name].help or ""
    for paragraph in doc.split("\n\n"):
        assert "\n" not in paragraph
        first = paragraph.split()[:12]
        assert re.search(r"\s+".join(map(re.escape, first)), text), (name, paragraph[:60])
    wide = [line for line in result.output.splitlines() if "Usage" not in line and line.strip()]
    for paragraph in doc.split("\n\n")[1:]:
        if len(paragraph) < 300:
            assert any(paragraph in line for line in wide), (name, paragraph[:60])
