"""Ruleset commands: rulesets, show, validate, diff, schema.

Thin typer commands: the work lives in :mod:`manille_variants.ruleset.loader` and
:mod:`manille_variants.ruleset.docgen`; user errors become messages and exit code 1.
"""

from __future__ import annotations

import json
from pathlib import Path

import typer
from rich.console import Console
from rich.table import Table

from manille_variants.cli.common import (
    EXISTS,
    WROTE,
    documented,
    echo,
    echo_json,
    english,
    fail,
    language,
    say,
    user_errors,
)
from manille_variants.errors import RulesetError
from manille_variants.messages import Message, define, msg
from manille_variants.ruleset.docgen import diff_rulesets, format_value, ruleset_yaml
from manille_variants.ruleset.loader import bundled_rulesets, load_ruleset, ruleset_file_schema

NAME = define("cli.rulesets.name", "name")
TITLE = define("cli.rulesets.title", "title")
EXTENDS = define("cli.rulesets.extends", "extends")
ALIASES = define("cli.rulesets.aliases", "aliases")
SETTING = define("cli.diff.setting", "setting")
SAME = define("cli.diff.same", "{a} and {b} have the same settings")
VALID = define("cli.validate.ok", "{path}: ok")
INVALID = define("cli.validate.invalid", "{failed} of {total} rulesets invalid")


def _table(*columns: Message | str) -> Table:
    table = Table()
    for column in columns:
        table.add_column(say(column), overflow="fold")
    return table


@documented(define(
    "help.rulesets",
    "List the bundled rulesets: name, title, parent and aliases.",
))
def rulesets_command(
    as_json: bool = typer.Option(False, "--json", help=english(define("help.rulesets.json",
                                                                      "Print a JSON list instead of a table."))),
) -> None:
    with user_errors():
        entries = bundled_rulesets()
        if as_json:
            echo_json(
                [
                    {
                        "name": e.name,
                        "title": e.title,
                        "extends": e.extends,
                        "aliases": list(e.aliases),
                    }
                    for e in entries
                ]
            )
            return
        table = _table(msg(NAME), msg(TITLE), msg(EXTENDS), msg(ALIASES))
        for e in entries:
            table.add_row(e.name, e.title, e.extends or "", ", ".join(e.aliases))
        Console().print(table)


@documented(define(
    "help.show",
    "Print the fully resolved ruleset (it loads back to an equal ruleset) and a summary.",
))
def show_command(
    ruleset: str = typer.Argument(
        ..., metavar="RULESET", help=english(define("help.show.ruleset",
                                                    "A bundled ruleset (name or alias) or a .yaml file."))
    ),
    as_json: bool = typer.Option(False, "--json", help=english(define("help.show.json",
                                                                      "Print JSON (no summary) instead of YAML."))),
    raw: bool = typer.Option(False, "--raw", help=english(define("help.show.raw",
                                                                 "Leave out the plain-word summary."))),
) -> None:
    with user_errors():
        rs = load_ruleset(ruleset)
        if as_json:
            echo_json(rs.model_dump(mode="json"))
        else:
            lang = language()
            typer.echo(ruleset_yaml(rs, summary=not raw, lang=lang), nl=False)


@documented(define(
    "help.validate",
    "Check ruleset files: 'PATH: ok' for each valid one, every problem of the others.",
))
def validate_command(
    paths: list[str] = typer.Argument(
        ..., metavar="PATH...", help=english(define("help.validate.paths",
                                                    "Ruleset files (or bundled names) to check."))
    ),
) -> None:
    with user_errors():
        failed = 0
        for path in paths:
            try:
                load_ruleset(path)
            except RulesetError as exc:
                failed += 1
                for problem in exc.problems:
                    typer.echo(problem.text(language()), err=True)
            else:
                echo(msg(VALID, path=path))
        if failed:
            raise fail(msg(INVALID, failed=failed, total=len(paths)))


@documented(define(
    "help.diff",
    "List every setting on which two rulesets differ (rules first, then metadata).",
))
def diff_command(
    a: str = typer.Argument(..., metavar="A", help=english(define("help.diff.a",
                                                                  "First ruleset (name, alias or file)."))),
    b: str = typer.Argument(..., metavar="B", help=english(define("help.diff.b",
                                                                  "Second ruleset (name, alias or file)."))),
    as_json: bool = typer.Option(False, "--json", help=english(define("help.diff.json",
                                                                      'Print a JSON list of {{"path", "a", "b"}}.'))),
    rules_only: bool = typer.Option(
        False, "--rules-only", help=english(define("help.diff.rules-only",
                                                   "Leave out the metadata (name, title, ...)."))
    ),
) -> None:
    with user_errors():
        left, right = load_ruleset(a), load_ruleset(b)
        rows = diff_rulesets(left, right, metadata=not rules_only)
        if as_json:
            echo_json([row.as_json() for row in rows])
            return
        if not rows:
            echo(msg(SAME, a=left.name, b=right.name))
            return
        table = _table(msg(SETTING), left.name, right.name)
        for row in rows:
            table.add_row(row.path, format_value(row.a), format_value(row.b))
        Console().print(table)


@documented(define(
    "help.schema",
    "Print the JSON Schema of a ruleset file (for editors and YAML language servers).",
))
def schema_command(
    output: Path | None = typer.Option(
        None, "-o", "--output", metavar="FILE", help=english(define("help.schema.output",
                                                                    "Write to this file instead of stdout."))
    ),
    force: bool = typer.Option(False, "--force", help=english(define("help.schema.force",
                                                                     "Overwrite the output file if it exists."))),
) -> None:
    with user_errors():
        text = json.dumps(ruleset_file_schema(), indent=2, ensure_ascii=False) + "\n"
        if output is None:
            typer.echo(text, nl=False)
            return
        if output.exists() and not force:
            raise fail(msg(EXISTS, path=str(output)))
        output.write_text(text, encoding="utf-8")
        echo(msg(WROTE, path=str(output)))
