"""The typer application: every command is registered here, in the order ``--help`` lists them.

The command modules define plain functions and never import this module.
"""

from __future__ import annotations

import enum
import inspect
from collections.abc import Callable
from typing import Any

import typer

from manille_variants.cli import (
    engine_cmds,
    evening_cmds,
    play_cmds,
    record_cmds,
    ruleset_cmds,
    search_cmds,
    sim_cmds,
    web_cmds,
)
from manille_variants.cli.common import Command, Group, english, set_debug, set_language
from manille_variants.messages import define


class Language(enum.StrEnum):
    en = "en"
    nl = "nl"
    fr = "fr"


ROOT_HELP = english(define("help.manille", "Manille rulesets: validate, compare, play, score and simulate variants."))

app = typer.Typer(
    name="manille",
    help=ROOT_HELP,
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    cls=Group,
)


@app.callback(help=ROOT_HELP)
def _root(
    debug: bool = typer.Option(False, "--debug", help=english(define(
        "help.manille.debug", "Show tracebacks for errors (for bug reports)."))),
    lang: Language | None = typer.Option(
        None, "--lang", help=english(define(
            "help.manille.lang", "The language of the messages: en, nl or fr (default: the environment's, as "
            "LANGUAGE, LC_ALL, LC_MESSAGES or LANG say; English otherwise). JSON keeps English."))),
) -> None:
    set_debug(debug)
    set_language(lang.value if lang is not None else None)


COMMANDS: dict[str, Callable[..., Any]] = {
    "legal": engine_cmds.legal_command,
    "score": engine_cmds.score_command,
    "play": play_cmds.play_command,
    "scoresheet": play_cmds.scoresheet_command,
    "evening": evening_cmds.evening_command,
    "replay": record_cmds.replay_command,
    "audit": record_cmds.audit_command,
    "rulesets": ruleset_cmds.rulesets_command,
    "show": ruleset_cmds.show_command,
    "validate": ruleset_cmds.validate_command,
    "diff": ruleset_cmds.diff_command,
    "schema": ruleset_cmds.schema_command,
    "simulate": sim_cmds.simulate_command,
    "compare": sim_cmds.compare_command,
    "advise": search_cmds.advise_command,
    "analyze": search_cmds.analyze_command,
    "serve": web_cmds.serve_command,
}


def reflowed(doc: str | None) -> str | None:
    """A command's docstring as its help: each paragraph on one line (the terminal wraps it;
    the line breaks of the source would otherwise show in the middle of sentences)."""
    if doc is None:
        return None
    paragraphs = inspect.cleandoc(doc).split("\n\n")
    return "\n\n".join(" ".join(line.strip() for line in p.splitlines()) for p in paragraphs)


for _name, _command in COMMANDS.items():
    # Command: flags shown bare in --help
    app.command(_name, cls=Command, help=reflowed(_command.__doc__))(_command)


def main() -> None:
    """Console-script entry point."""
    app()
